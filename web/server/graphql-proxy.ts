import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import httpProxy from 'http-proxy';

/**
 * What the browser gets when the gateway does not answer: a GraphQL response (so the app's error handling shows
 * it like any other), with the gateway's own code and words for an unreachable backend.
 */
const GATEWAY_DOWN_BODY = JSON.stringify({
  errors: [
    {
      message: 'The casino is not answering right now. Please try again in a moment.',
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
 * changeOrigin, no rewriting): the gateway's own origin check then sees a page of the site asking the site, which
 * it allows as its own origin (Origin's host equals Host), and still refuses pages of other origins. That is
 * safer than the two alternatives: rewriting Origin to the gateway's would let any web page through the proxy,
 * and adding the site's origins to ALLOWED_ORIGINS would widen what the gateway accepts when reached directly
 * (and miss the addresses the site is reached by, other than those listed).
 */
export function graphqlProxy(gatewayUrl: string, log: Pick<Console, 'warn'>): GraphqlProxy {
  // Keep-alive connections to the gateway for plain requests; upgrades get their own (http-proxy's default). An
  // idle connection is dropped before the gateway would drop it (Node's servers close theirs after 5 s), so a
  // request never goes out on a connection the gateway is closing (a spurious 502). Node shortens this further to
  // a second under the server's Keep-Alive hint, but only when the agent has a timeout of its own.
  const agent = new Agent({ keepAlive: true, timeout: 4_000 });
  const proxy = httpProxy.createProxyServer({ target: gatewayUrl, xfwd: true });
  let gatewayDown = false;

  proxy.on('proxyRes', () => {
    gatewayDown = false;
  });
  proxy.on('error', (err, _req, res) => {
    // One line when the gateway goes away, not one per request while it stays away.
    if (!gatewayDown) {
      gatewayDown = true;
      log.warn(`The GraphQL gateway at ${gatewayUrl} is not answering (${errorCode(err)}).`);
    }
    if ('writeHead' in res) {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end(GATEWAY_DOWN_BODY);
    } else {
      rejectUpgrade(res, 502, 'Bad Gateway');
    }
  });

  return {
    web: (req, res) => proxy.web(req, res, { agent }),
    upgrade(req, socket, head) {
      // A client that vanishes mid-handshake must not take the server down with an unhandled 'error'.
      socket.on('error', () => socket.destroy());
      proxy.ws(req, socket, head);
    },
    close() {
      // The listeners stay: a request still in flight may yet fail, and an unheard 'error' would throw.
      agent.destroy();
    },
  };
}

export function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
    );
  }
  socket.destroy();
}

function errorCode(err: Error): string {
  return (err as NodeJS.ErrnoException).code ?? err.message;
}
