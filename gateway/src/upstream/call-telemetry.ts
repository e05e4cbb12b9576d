import { traceUpstreamCall } from '../observability/tracing.js';
import { CircuitOpenError } from './circuit-breaker.js';

/** Told of each call to the backend once it is done: its status, "error" when none came, "open" when not sent. */
export type UpstreamObserver = (
  method: string,
  path: string,
  status: number | 'error' | 'open',
  seconds: number,
) => void;

/**
 * Runs one call to the backend (retries and circuit breaker included) under its trace span, with the W3C traceparent
 * added to `headers`, and tells `observe` how it went and how long it took.
 */
export function observeUpstreamCall<T extends { status: number }>(
  call: { method: string; path: string },
  headers: Record<string, string>,
  observe: UpstreamObserver | null,
  send: () => Promise<T>,
): Promise<T> {
  const start = performance.now();
  const seconds = () => (performance.now() - start) / 1000;
  return traceUpstreamCall(call.method, call.path, headers, send).then(
    (response) => {
      observe?.(call.method, call.path, response.status, seconds());
      return response;
    },
    (err: unknown) => {
      observe?.(call.method, call.path, err instanceof CircuitOpenError ? 'open' : 'error', seconds());
      throw err;
    },
  );
}
