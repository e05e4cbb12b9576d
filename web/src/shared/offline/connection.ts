import { useSyncExternalStore } from 'react';

/*
 * The connection as a screen tells it to the player (docs/architecture.md#offline-and-flaky-data):
 * - offline while the browser says so (navigator.onLine false means no network at all; true only means maybe);
 * - reconnecting while a query waits to be sent again (shared/relay/query-retry.ts) or the live socket is
 *   reconnecting (shared/relay/environment.ts);
 * - online otherwise.
 * The browser's `online` and `offline` events move it, so everything waiting on the network comes back by itself.
 */
export type ConnectionState = 'online' | 'offline' | 'reconnecting';

let retriesWaiting = 0;
let socketReconnecting = false;
const listeners = new Set<() => void>();

const changed = () => {
  for (const listener of listeners) listener();
};

if (typeof window !== 'undefined') {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether the browser has a network at all. */
export const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

const state = (): ConnectionState => {
  if (!isOnline()) return 'offline';
  return retriesWaiting > 0 || socketReconnecting ? 'reconnecting' : 'online';
};

/** The connection's state, rendered again when it changes (a hook). */
export const useConnection = () => useSyncExternalStore(subscribe, state, () => 'online' as const);

/** Whether the browser has a network, rendered again when it changes (a hook): money and play need it. */
export const useOnline = () => useSyncExternalStore(subscribe, isOnline, () => true);

/** Resolves once the browser is online (at once when it is); rejects with the signal's reason when aborted. */
export function untilOnline(signal?: AbortSignal): Promise<void> {
  if (isOnline()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const aborted = () => {
      window.removeEventListener('online', done);
      reject(signal?.reason);
    };
    window.addEventListener('online', done);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** One query waiting to be sent again: the screen says "Reconnecting…" until the returned function is called. */
export function retryWaiting(): () => void {
  retriesWaiting += 1;
  changed();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    retriesWaiting -= 1;
    changed();
  };
}

/** The live socket lost its connection and is making a new one (true), or has one again or was closed (false). */
export function socketReconnectingChanged(reconnecting: boolean): void {
  if (socketReconnecting === reconnecting) return;
  socketReconnecting = reconnecting;
  changed();
}
