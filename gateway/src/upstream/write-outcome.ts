import type { UpstreamCall } from './client.js';

/*
 * Payments (deposit and withdraw: the writes that carry an idempotency key) are sent once and never retried by the
 * gateway: a retry is the client's, with the same key, so the backend can return the first payment again instead of
 * paying twice. When a payment's response does not come, the player must not read "failed" (it may have gone through)
 * nor "done": the outcome is unknown (OUTCOME_UNKNOWN), and retrying with the same key is how to learn it.
 */

/** Failures that prove the request never reached the backend: nothing was done, the outcome is known. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Statuses a proxy in front of the backend responds with when the backend did not (bad gateway, gateway timeout): the
 * request may have been handled all the same.
 */
const NO_RESPONSE_STATUSES = new Set([502, 504]);

/**
 * Whether this failure leaves a payment's outcome unknown: a timeout, a dropped connection (an error code other
 * than one proving it was not sent), or a proxy's 502/504.
 */
export function paymentOutcomeUnknown(
  call: Pick<UpstreamCall, 'idempotencyKey'>,
  failure: { code: string | undefined } | { status: number },
): boolean {
  if (!call.idempotencyKey) return false;
  return 'status' in failure ? NO_RESPONSE_STATUSES.has(failure.status) : !NOT_SENT.has(failure.code ?? '');
}
