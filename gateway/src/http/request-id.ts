import { randomUUID } from 'node:crypto';

/** The header a request id comes in, goes upstream in, and goes back to the client in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a proxy or client may choose: short, and only characters that cannot break a log line or a header (no
 * spaces, quotes, newlines or control characters). UUIDs, ULIDs, base64 and nginx's $request_id all fit.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._~:/+=@-]{1,128}$/;

/** The incoming X-Request-Id when it is a sane token (so a trace spans the proxy and us); otherwise a new one. */
export function requestIdFrom(header: string | null | undefined): string {
  return header && SANE_REQUEST_ID.test(header) ? header : newRequestId();
}

export const newRequestId = (): string => randomUUID();
