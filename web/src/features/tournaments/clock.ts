import { useSyncExternalStore } from 'react';
import { renderContext } from '../../shared/render-context';

/*
 * One clock for every countdown on screen: a single timer ticks once a second while anything listens, and every
 * countdown reads the same instant, so two countdowns toward the same moment never disagree and a page of
 * tournaments costs one timer, not one per row.
 */

const TICK_MS = 1000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function tick() {
  now = Date.now();
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The last tick; before the first listener starts the timer, an instant at most a tick old. */
function snapshot() {
  if (timer === null && Date.now() - now >= TICK_MS) now = Date.now();
  return now;
}

/** The shared clock's instant (ms since the epoch), re-rendering the caller on each tick. */
/**
 * The shared clock's instant (ms since the epoch), re-rendering the caller on each tick. The server's render and
 * the one hydrating it read the instant the page was rendered (shared/render-context.ts), so both say the same.
 */
export const useNow = (): number =>
  useSyncExternalStore(subscribe, snapshot, () => renderContext()?.now ?? snapshot());
