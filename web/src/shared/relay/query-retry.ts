import { retryWaiting, untilOnline, isOnline } from '../offline/connection';

/*
 * A query sent again when the network failed it (docs/architecture.md#offline-and-flaky-data): a phone on prepaid
 * data loses a request now and then, and a screen should not fail for that. Only queries: they read, so sending one
 * twice changes nothing; a mutation is never sent again by this (a deposit twice is a player's money).
 */

/** The waits before each new attempt; after the last one fails, the screen shows its error state. */
export const RETRY_DELAYS_MS: readonly number[] = [500, 1000, 2000, 4000, 8000];

/** Responses of something between the site and the gateway that was down or overloaded, not the gateway's refusal. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

/** Waits `ms`, or rejects with the signal's reason when aborted. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', aborted, { once: true });
  });
}

/**
 * Sends a query's request with `send`, again after each network error (a rejected fetch) or 502/503/504, waiting
 * RETRY_DELAYS_MS between attempts, and while the browser is offline until it is back online (the wait then does
 * not count). Resolves with the first response that is not retried (the last one when all attempts failed with a
 * status); rejects with the last network error, or the signal's reason once aborted.
 */
export async function sendWithRetries(send: () => Promise<Response>, signal: AbortSignal): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const last = attempt >= RETRY_DELAYS_MS.length;
    try {
      const response = await send();
      if (last || !RETRIED_STATUSES.has(response.status)) return response;
      // The response will not be read: its connection is free again.
      void response.body?.cancel().catch(() => {});
    } catch (err) {
      if (signal.aborted || last) throw err;
    }
    const release = retryWaiting();
    try {
      if (!isOnline()) {
        await untilOnline(signal);
        attempt -= 1;
      } else await wait(RETRY_DELAYS_MS[attempt]!, signal);
    } finally {
      release();
    }
  }
}
