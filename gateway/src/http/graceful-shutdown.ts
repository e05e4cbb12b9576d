import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

/** How a drain treats keep-alive connections that carry no request when it begins (see drain below). */
export interface DrainOptions {
  /** How long requests in flight may take; past it every connection left is closed. */
  graceMs: number;
  /**
   * Leave idle keep-alive connections to their clients (SIGTERM), rather than closing them at once (a test's or a
   * second signal's stop). A server closing an idle connection races a client sending a request on it: the request is
   * lost, and a proxy may send again only what is safe to repeat, never a mutation. Left open, the client either
   * closes it itself (the site server's pool after 4 s idle, web/server/gateway-pool.ts) or sends one more request,
   * which is served and answered with `Connection: close`; Node's keep-alive timeout (5 s) ends any other.
   */
  lingerIdle: boolean;
}

export interface HttpDrain {
  /** The server's request listener: `handler` (Yoga) for each request, tracked for the drain. */
  serve(handler: RequestListener): RequestListener;
  /** Whether the drain has begun: /readyz answers 503 from then on (observability/readiness.ts). */
  started(): boolean;
  /**
   * Stops taking connections (a new one is refused), lets each request in flight finish, answers it (and any further
   * request on an open connection) with `Connection: close`, ends event streams (their clients reconnect, elsewhere),
   * and resolves once every connection has closed, upgraded ones included, or graceMs after it began, when what is
   * left is closed.
   */
  drain(options: DrainOptions): Promise<void>;
}

/**
 * Whether a request asked for an event stream (Yoga's SSE, which GraphiQL's subscriptions use): its response's own
 * headers cannot be read back, as Yoga writes them in one writeHead.
 */
const wantsEventStream = (req: IncomingMessage) => /^\s*text\/event-stream/i.test(req.headers.accept ?? '');

/**
 * Ends a subscription's event stream as a finished HTTP response, not a reset: a graphql-sse client (GraphiQL) or an
 * EventSource sees the stream end without a `complete` event and subscribes again (after its retry wait, by when
 * the connection closed here is gone), and a proxy in front sees a response that ended well. The subscription stops
 * when Yoga sees its response closed.
 */
function endEventStream(req: IncomingMessage, res: ServerResponse): void {
  // The stream's next event may already be on its way to this response: writing it after the end is an error to
  // ignore, not one to crash on.
  res.on('error', () => {});
  // Its headers said keep-alive: the connection is closed once the end has gone out.
  res.once('finish', () => req.socket.end());
  res.end();
}

/** A subscription asked for during the drain: a GraphQL error to subscribe again, on a connection closed after it. */
function refuseEventStream(res: ServerResponse): void {
  const body = JSON.stringify({
    errors: [
      { message: 'This server is restarting: subscribe again.', extensions: { code: 'SHUTTING_DOWN' } },
    ],
  });
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'retry-after': '1',
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(body);
}

/** Tracks the requests in flight of the server (through HttpDrain.serve), for a drain. */
export function trackRequests(server: Server): HttpDrain {
  const inFlight = new Map<ServerResponse, IncomingMessage>();
  let draining = false;
  let idleClose = false;

  const serve =
    (handler: RequestListener): RequestListener =>
    (req, res) => {
      // It would last until the grace period is over, to be cut off then.
      if (draining && wantsEventStream(req)) return refuseEventStream(res);
      inFlight.set(res, req);
      // A request that arrives during the drain is answered with `Connection: close` whatever the handler adds (Node's
      // writeHead merges the headers set before it).
      if (draining) res.setHeader('connection', 'close');
      res.once('close', () => {
        inFlight.delete(res);
        // A response whose headers went out before the drain left its connection open: closed once idle.
        if (idleClose) server.closeIdleConnections();
      });
      handler(req, res);
    };

  let drained: Promise<void> | null = null;
  const drain = (options: DrainOptions) =>
    (drained ??= new Promise<void>((resolve) => {
      draining = true;
      idleClose = !options.lingerIdle;
      const timer = setTimeout(() => server.closeAllConnections(), options.graceMs);
      timer.unref();
      const closed = () => {
        clearTimeout(timer);
        resolve();
      };
      // Node's http close() also closes every idle connection at once; net's only stops listening.
      if (options.lingerIdle) NetServer.prototype.close.call(server, closed);
      else server.close(closed);
      for (const [res, req] of inFlight) {
        if (!res.headersSent) res.setHeader('connection', 'close');
        else if (wantsEventStream(req)) endEventStream(req, res);
      }
    }));

  return { serve, started: () => draining, drain };
}
