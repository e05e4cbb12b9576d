import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The largest request body the site passes to the gateway: the gateway's own limit (MAX_REQUEST_BYTES in
 * gateway/src/http/body-limit.ts; tests/start/graphql-proxy.test.ts holds the two equal). Refused here, a hostile body is
 * never streamed to the gateway, and the browser gets the gateway's own response rather than a reset connection.
 */
export const MAX_REQUEST_BYTES = 64 * 1024;

/** The gateway's response to a body over its limit, word for word, so the app sees one error whoever refuses it. */
const TOO_LARGE_BODY = JSON.stringify({
  errors: [
    {
      message: `Request body too large: at most ${MAX_REQUEST_BYTES} bytes`,
      extensions: { code: 'REQUEST_ENTITY_TOO_LARGE' },
    },
  ],
});

/**
 * How long a client may go on sending a refused body. Its rest is read and dropped meanwhile: closing a socket with
 * unread bytes in it resets the connection, and the reset can reach the client before the 413 does.
 */
const DRAIN_MS = 5_000;

export type RequestBody =
  /** GET, HEAD, a preflight: nothing to send on. */
  | { kind: 'none' }
  | { kind: 'complete'; bytes: Buffer }
  | { kind: 'too-large' }
  /** The client went away before its body ended: nothing to send, no one to respond to. */
  | { kind: 'aborted' };

/**
 * A request's whole body, read before anything goes to the gateway (at most MAX_REQUEST_BYTES: a GraphQL request is
 * a few kB). An upload the client abandons or overfills then never occupies a connection to the gateway, and the
 * gateway gets a body with a Content-Length, which it judges by the header alone.
 */
export function readRequestBody(req: IncomingMessage, limit = MAX_REQUEST_BYTES): Promise<RequestBody> {
  const length = req.headers['content-length'];
  if (length === undefined && req.headers['transfer-encoding'] === undefined) {
    // Node's parser has already refused a body without either header; an empty message ends at once.
    req.resume();
    return Promise.resolve({ kind: 'none' });
  }
  // Node's parser accepts only a single whole number here.
  if (length !== undefined && Number(length) > limit) return Promise.resolve({ kind: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let settled = false;
    const settle = (body: RequestBody) => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      resolve(body);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      bytes += chunk.length;
      if (bytes > limit) settle({ kind: 'too-large' });
      else chunks.push(chunk);
    });
    req.once('end', () => settle({ kind: 'complete', bytes: Buffer.concat(chunks) }));
    req.once('error', () => settle({ kind: 'aborted' }));
    req.once('close', () => settle({ kind: 'aborted' }));
  });
}

/** Responds 413 as the gateway would, and reads the rest of the body (for DRAIN_MS at most) so the response arrives. */
export function refuseTooLarge(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(413, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(TOO_LARGE_BODY),
    'Cache-Control': 'no-store',
  });
  res.end(TOO_LARGE_BODY);
  if (req.complete) return;
  const timer = setTimeout(() => req.socket.destroy(), DRAIN_MS).unref();
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}
