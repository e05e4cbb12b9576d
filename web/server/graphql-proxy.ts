import type {
  ClientRequest,
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import type { GatewayPool, GatewayReplica } from './gateway-pool.js';
import { endToEndHeaders } from './hop-by-hop.js';
import { readRequestBody, refuseTooLarge } from './request-body.js';
import type { SafeToRepeat } from './safe-to-repeat.js';

/**
 * What the browser gets when the gateway does not respond: a GraphQL response (so the app's error handling shows
 * it like any other), with the gateway's own code and words for an unreachable backend.
 */
const GATEWAY_DOWN_BODY = JSON.stringify({
  errors: [
    {
      message: 'The casino is not responding right now. Please try again in a moment.',
      extensions: { code: 'UPSTREAM_UNAVAILABLE', unavailable: 'gateway' },
    },
  ],
});

export interface GraphqlProxy {
  /** POST and GET (queries, GraphiQL, server-sent events) and the CORS preflight, as they come. */
  web(req: IncomingMessage, res: ServerResponse): void;
  /** The graphql-ws upgrade. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

/**
 * /graphql on the site's origin, passed to the gateway. The browser's Host and Origin go through unchanged (no
 * rewriting): the gateway's own origin check then sees a page of the site asking the site, which it allows as its
 * own origin (Origin's host equals Host), and still refuses pages of other origins. That is safer than the two
 * alternatives: rewriting Origin to the gateway's would let any web page through the proxy, and adding the site's
 * origins to ALLOWED_ORIGINS would widen what the gateway accepts when reached directly (and miss the addresses the
 * site is reached by, other than those listed).
 *
 * Written on Node's own http client rather than http-proxy (unmaintained) or undici: every rule that keeps the
 * shared pool of gateway connections sound is then one line here, where it can be read. http-proxy copied the
 * client's hop-by-hop headers (a `Connection: close` on an event stream) into requests on pooled connections and
 * streamed any body as it came, so one visitor's odd request could leave a connection another visitor's request
 * then failed on. undici would need a second mechanism for the WebSocket upgrade. Here:
 * - only end-to-end headers cross, in both directions (hop-by-hop.ts); each side frames its own messages;
 * - a request body is read whole (at most the gateway's limit) before a connection is taken, so an aborted or
 *   oversized upload never reaches the pool (request-body.ts);
 * - a connection goes back to the pool only when its response was read to the end: a client leaving early (an event
 *   stream closed, a download dropped) destroys the gateway request and its connection with it;
 * - an upgrade gets a connection of its own, never pooled, and a refused one ends with its connection.
 *
 * Each request and upgrade goes to the replica the pool picks (gateway-pool.ts: round robin over the ready ones).
 * When its connection fails before any byte of the response came back, it is sent once more, to another replica,
 * only when that cannot do anything twice:
 * - the connection was never made (refused, unreachable): not a byte of the request left, whatever it is;
 * - it is safe to repeat (safe-to-repeat.ts: a GET, a persisted query, a document with no mutation in it). A
 *   mutation whose connection failed after it was sent is never sent again: it may have been carried out;
 * - an upgrade: nothing happens on the gateway before its handshake.
 */
export function graphqlProxy(pool: GatewayPool, safeToRepeat: SafeToRepeat): GraphqlProxy {
  function send(
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer | null,
    avoid?: GatewayReplica,
  ): void {
    const replica = pool.pick(avoid);
    if (!replica) return gatewayDown(res);
    const headers: OutgoingHttpHeaders = {
      ...endToEndHeaders(req.headers),
      ...forwardedHeaders(req, 'http'),
    };
    // Met here: the body has been read, so the gateway has nothing to wait for.
    delete headers.expect;
    if (body) headers['content-length'] = body.length;
    const upstream = pool.request(replica, {
      method: req.method ?? 'GET',
      path: req.url ?? '/graphql',
      headers,
      pooled: true,
    });
    const connected = connectionMade(upstream);

    upstream.on('response', (response) => {
      pool.responded(replica);
      res.writeHead(response.statusCode ?? 502, response.statusMessage, endToEndHeaders(response.headers));
      // An event stream's headers go out now, its events as they arrive (pipe writes each chunk at once).
      if (/^text\/event-stream/i.test(response.headers['content-type'] ?? '')) res.flushHeaders();
      response.pipe(res);
      // A gateway response cut short must not look complete to the browser.
      response.once('error', () => res.destroy());
      response.once('close', () => {
        if (!response.complete) res.destroy();
      });
    });
    upstream.once('error', (err) => {
      if (res.headersSent) return void res.destroy();
      if (res.destroyed) return;
      // A kept-alive connection the gateway closed just as this request went out (Node's servers close idle ones
      // after 5 s; the agent drops its own sooner, so this is rare): the replica itself is fine.
      const staleConnection = upstream.reusedSocket && isReset(err);
      if (!staleConnection) pool.failed(replica, err);
      if (!avoid && (!connected() || safeToRepeat(req, body))) return send(req, res, body, replica);
      gatewayDown(res);
    });
    // The client left before the response was all sent (an event stream closed, a tab gone): the gateway's response
    // is abandoned, so its connection is destroyed rather than returned to the pool mid-response.
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body ?? undefined);
  }

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, avoid?: GatewayReplica): void {
    // The gateway speaks only WebSocket on /graphql; anything else is refused before a connection is opened.
    if (!/^websocket$/i.test(req.headers.upgrade ?? '')) return rejectUpgrade(socket, 400, 'Bad Request');
    const replica = pool.pick(avoid);
    if (!replica) return rejectUpgrade(socket, 502, 'Bad Gateway');
    const headers: OutgoingHttpHeaders = {
      ...endToEndHeaders(req.headers),
      ...forwardedHeaders(req, 'ws'),
      // The two hop-by-hop headers the handshake itself is made of.
      connection: 'Upgrade',
      upgrade: 'websocket',
    };
    // agent: false, a connection of its own: once upgraded it belongs to this socket until either side closes.
    const upstream = pool.request(replica, {
      method: 'GET',
      path: req.url ?? '/graphql',
      headers,
      pooled: false,
    });
    let settled = false;
    let retrying = false;

    upstream.once('upgrade', (response, gatewaySocket, gatewayHead) => {
      settled = true;
      pool.responded(replica);
      if (socket.destroyed) return void gatewaySocket.destroy();
      socket.write(
        statusLine(response) +
          headerLines({ ...endToEndHeaders(response.headers), connection: 'Upgrade', upgrade: 'websocket' }),
      );
      if (gatewayHead.length > 0) socket.write(gatewayHead);
      if (head.length > 0) gatewaySocket.write(head);
      // Each graphql-ws message goes out at once, not held back to be joined with the next.
      gatewaySocket.setNoDelay(true);
      const end = () => {
        socket.destroy();
        gatewaySocket.destroy();
      };
      gatewaySocket.on('error', end).on('close', end);
      socket.on('error', end).on('close', end);
      gatewaySocket.pipe(socket).pipe(gatewaySocket);
    });
    // The gateway refused the upgrade (403 for another site's page, 400 for a bad handshake): its response is passed on
    // and both connections end with it.
    upstream.once('response', (response) => {
      settled = true;
      pool.responded(replica);
      const headers = { ...endToEndHeaders(response.headers), connection: 'close' };
      delete headers['content-length'];
      if (socket.writable) socket.write(statusLine(response) + headerLines(headers));
      response.on('data', (chunk: Buffer) => socket.writable && socket.write(chunk));
      response.once('end', () => socket.end(() => socket.destroy()));
      response.once('error', () => socket.destroy());
      socket.once('close', () => upstream.destroy());
    });
    upstream.once('error', (err) => {
      if (settled) return void socket.destroy();
      if (socket.destroyed) return;
      pool.failed(replica, err);
      if (avoid) return rejectUpgrade(socket, 502, 'Bad Gateway');
      // Before the handshake nothing has happened on the gateway: the upgrade is tried on another replica.
      retrying = true;
      socket.off('error', abandon).off('close', abandonHandshake);
      upgrade(req, socket, head, replica);
    });
    // A client that vanishes mid-handshake must not take the server down with an unhandled 'error', and its
    // handshake is abandoned with it.
    const abandon = () => socket.destroy();
    const abandonHandshake = () => {
      if (!settled && !retrying) upstream.destroy();
    };
    socket.on('error', abandon);
    socket.once('close', abandonHandshake);
    upstream.end();
  }

  return {
    web(req, res) {
      void readRequestBody(req).then((body) => {
        if (body.kind === 'aborted') return void res.destroy();
        if (body.kind === 'too-large') return refuseTooLarge(req, res);
        send(req, res, body.kind === 'complete' ? body.bytes : null);
      });
    },
    upgrade: (req, socket, head) => upgrade(req, socket, head),
    close() {
      pool.close();
    },
  };
}

/** The 502 the browser gets when no replica responded: a GraphQL response its error handling shows. */
function gatewayDown(res: ServerResponse): void {
  res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(GATEWAY_DOWN_BODY);
}

/**
 * Whether the request's connection to the gateway was ever made (a kept-alive one was): until it is, not a byte
 * of the request has left, so it can go to another replica whatever it asks.
 */
function connectionMade(upstream: ClientRequest): () => boolean {
  let made = false;
  upstream.once('socket', (socket) => {
    if (upstream.reusedSocket || !socket.connecting) made = true;
    else socket.once('connect', () => (made = true));
  });
  return () => made;
}

/**
 * The X-Forwarded-* headers, as a proxy in front of the gateway adds them: the client's address appended to those
 * already named (the gateway's TRUST_PROXY decides how many of them it believes), the port and scheme the client
 * used, and the host it asked for.
 */
function forwardedHeaders(req: IncomingMessage, scheme: 'http' | 'ws'): OutgoingHttpHeaders {
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  const appended = (name: string, value: string) => {
    const prior = req.headers[name];
    return prior ? `${Array.isArray(prior) ? prior.join(',') : prior},${value}` : value;
  };
  const port = /:(\d+)$/.exec(req.headers.host ?? '')?.[1] ?? (encrypted ? '443' : '80');
  return {
    'x-forwarded-for': appended('x-forwarded-for', req.socket.remoteAddress ?? ''),
    'x-forwarded-port': appended('x-forwarded-port', port),
    'x-forwarded-proto': appended('x-forwarded-proto', encrypted ? `${scheme}s` : scheme),
    'x-forwarded-host': req.headers['x-forwarded-host'] ?? req.headers.host ?? '',
  };
}

function statusLine(response: IncomingMessage): string {
  return `HTTP/1.1 ${response.statusCode} ${response.statusMessage ?? ''}\r\n`;
}

/** Headers as written on the wire, ending the head; no value may carry a line break (Node refuses those already). */
function headerLines(headers: OutgoingHttpHeaders | IncomingHttpHeaders): string {
  let lines = '';
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) lines += `${name}: ${String(one)}\r\n`;
  }
  return `${lines}\r\n`;
}

export function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
    );
  }
  socket.destroy();
}

function isReset(err: Error): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}
