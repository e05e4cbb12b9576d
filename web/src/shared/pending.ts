import { useSyncExternalStore } from 'react';

/*
 * The global loader: a counter of pending non-silent operations (docs/rules.md#sign-in-and-sessions). Silent ones
 * (a deposit's status polled in the background) pass `metadata: { silent: true }` and do not count.
 */
let pending = 0;
const listeners = new Set<() => void>();

function change(by: number) {
  pending = Math.max(0, pending + by);
  for (const listener of listeners) listener();
}

/** Counts one operation until the returned function is called (once). */
export function trackPending(): () => void {
  change(1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    change(-1);
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Nothing pending on the server, nor in the render that hydrates its markup. */
export const usePendingCount = () =>
  useSyncExternalStore(
    subscribe,
    () => pending,
    () => 0,
  );
