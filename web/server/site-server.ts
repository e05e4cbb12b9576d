import fs from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { sendRobotsTxt, sendSitemap } from './crawl-files.js';
import type { DevelopmentSite } from './dev-site.js';
import { gatewayPool } from './gateway-pool.js';
import { graphqlProxy, rejectUpgrade } from './graphql-proxy.js';
import { publicOrigin } from './public-origin.js';
import { pageRenderer } from './render-page.js';
import { safeToRepeat } from './safe-to-repeat.js';
import { contentSecurityPolicy, securityHeaders, type SitePolicyOptions } from './security-headers.js';
import { staticFiles } from './static-files.js';

export interface SiteServerOptions {
  /** 0 picks a free port (tests). */
  port: number;
  host: string;
  /** The built site (`npm run build -w web` writes web/dist). */
  distDir: string;
  /**
   * The GraphQL gateway's base address, e.g. http://127.0.0.1:4000, or its replicas' (a host name is spread over
   * every address it resolves to: gateway-pool.ts); /graphql is passed there.
   */
  gatewayUrl: string | readonly string[];
  /**
   * Where the game and banner images come from (the gateway's CASINO_ASSETS_URL, else the casino's API). Pages tell
   * the browser to connect there at once: the first images are the largest paint, and on a phone's link the
   * connection costs several round trips that otherwise start only once the app has asked for the games.
   */
  assetsUrl?: string;
  /** The third-party origins the pages use: the live chat, the error reporter, game pages (SITE_OUTSIDE_ORIGINS). */
  thirdPartyOrigins?: string[];
  /** The site's public origin (SITE_URL); left out, each request's own. */
  siteUrl?: string;
  logger?: Pick<Console, 'warn'>;
  /**
   * `npm run dev` (web/server/dev.ts): the files and the server entry from Vite instead of `distDir`; everything
   * else as in production.
   */
  development?: DevelopmentSite;
}

export interface SiteServer {
  /** Where it listens, e.g. http://127.0.0.1:8080. */
  url: string;
  port: number;
  /** Stops at once: every connection and WebSocket is cut (tests; a second signal). */
  close(): Promise<void>;
  /**
   * Stops as a rolling update needs (SIGTERM): /readyz answers 503 at once, no new connection is taken, requests in
   * flight finish, and proxied WebSockets are left to end, all within `graceMs`; whatever is still open then is cut
   * (a browser's graphql-ws client reconnects, through another site replica).
   */
  shutdown(graceMs: number): Promise<void>;
}

/** The site's folder has no index.html: nothing to serve. */
export class SiteNotBuiltError extends Error {
  constructor(distDir: string) {
    super(
      `The site is not built: ${path.join(distDir, 'index.html')} is missing. Run \`npm run build -w web\` first.`,
    );
    this.name = 'SiteNotBuiltError';
  }
}

/** The graphql endpoint, on the site's own origin so the browser talks to one origin (no CORS, one address). */
const GRAPHQL_PATH = '/graphql';

/** The path of a request target, without parsing it as a URL (`//graphql` must not become a host name). */
function pathOf(url: string | undefined): string {
  return (url ?? '/').split('?', 1)[0]!;
}

/** An address a person can open: a wildcard listen address is reached at loopback. */
function displayHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The site as players get it: the built web app from `distDir` and /graphql (HTTP and graphql-ws) passed to the
 * gateway, on one port. Fails with SiteNotBuiltError when there is no build, and with the listen error (code
 * EADDRINUSE, …) when the port cannot be had.
 */
export async function createSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const dev = options.development;
  const distDir = path.resolve(options.distDir);
  if (!dev && !fs.existsSync(path.join(distDir, 'index.html'))) throw new SiteNotBuiltError(distDir);
  const files = dev ?? staticFiles(distDir);
  const logger = options.logger ?? console;
  let listenOrigin = '';
  const originOf = (req: IncomingMessage) =>
    publicOrigin(req, { ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}), listenUrl: listenOrigin });
  const gateways = gatewayPool(
    typeof options.gatewayUrl === 'string' ? [options.gatewayUrl] : options.gatewayUrl,
    { logger },
  );
  const policy: SitePolicyOptions = {
    ...(options.assetsUrl ? { assetsUrl: options.assetsUrl } : {}),
    ...(options.thirdPartyOrigins ? { thirdPartyOrigins: options.thirdPartyOrigins } : {}),
    ...(dev ? { inlineScriptSources: dev.inlineScriptSources } : {}),
  };
  // Public pages rendered on the server when the build has its server entry (docs/architecture.md#server-rendering).
  const pages = await pageRenderer({
    distDir,
    gateways,
    originOf,
    shell: files.shell,
    logger,
    policyWithNonce: (nonce) => contentSecurityPolicy(policy, nonce),
    ...(dev ? { source: dev.pages } : {}),
  });
  const proxy = graphqlProxy(gateways, safeToRepeat(distDir));
  // Set once a graceful shutdown has begun: /readyz says so, and each response closes its connection.
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  const setSecurityHeaders = securityHeaders(policy);
  const preconnect = options.assetsUrl ? `<${new URL(options.assetsUrl).origin}>; rel=preconnect` : null;

  const server = dev?.server ?? createServer();
  server.on('request', (req, res) => {
    setSecurityHeaders(res);
    // While stopping, each response closes its connection (the browser opens its next one elsewhere).
    if (draining) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    const pathname = pathOf(req.url);
    if (pathname === GRAPHQL_PATH) return proxy.web(req, res);
    if (pathname === '/healthz' || pathname === '/readyz') {
      return probe(res, pathname === '/healthz' ? null : draining ? STOPPING : gateways.readiness());
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      return void res.end('Method not allowed');
    }
    const head = req.method === 'HEAD';
    if (pathname === '/robots.txt') return sendRobotsTxt(res, originOf(req), head);
    if (pathname === '/sitemap.xml') {
      return void sendSitemap(res, { origin: originOf(req), make: pages.sitemap, head, logger });
    }
    if (preconnect && !pathname.startsWith('/assets/')) res.setHeader('Link', preconnect);
    files.serve(req, res, pathname, pages.render);
  });

  // Upgraded sockets leave the HTTP server's books: closing must end them itself.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req, socket: Duplex, head: Buffer) => {
    if (dev?.isOwnUpgrade(req)) return; // Vite's hot reload: its own listener on this server takes it
    if (pathOf(req.url) !== GRAPHQL_PATH) return rejectUpgrade(socket, 404, 'Not Found');
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    proxy.upgrade(req, socket, head);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((err: unknown) => {
    proxy.close();
    throw err;
  });
  const { port } = server.address() as AddressInfo;
  listenOrigin = `http://${displayHost(options.host)}:${port}`;
  if (pages.unrendered) logger.warn(pages.unrendered);

  let closing: Promise<void> | undefined;
  // Resolves once every connection, upgraded ones included, has ended.
  const closed = () => {
    closing ??= new Promise<void>((resolve) =>
      server.close(() => {
        proxy.close();
        resolve();
      }),
    );
    return closing;
  };
  const cut = () => {
    server.closeAllConnections();
    for (const socket of upgraded) socket.destroy();
  };
  return {
    url: listenOrigin,
    port,
    close() {
      const done = closed();
      cut();
      return done;
    },
    shutdown(graceMs) {
      if (closing) return closing;
      draining = true;
      // Idle kept-alive connections are closed at once by server.close; those with a request in flight close once
      // it is answered (Node would otherwise keep them open for their next request, and server.close would wait).
      const closeWhenIdle = () => setImmediate(() => server.closeIdleConnections());
      for (const res of inFlight) {
        if (!res.headersSent) res.setHeader('Connection', 'close');
        else res.once('finish', closeWhenIdle);
      }
      const deadline = setTimeout(cut, graceMs);
      return closed().finally(() => clearTimeout(deadline));
    },
  };
}

/** /readyz while stopping: a balancer sends no new visitor here, those in flight are still answered. */
const STOPPING = { ready: false as const, reason: 'This site server is stopping.' };

/**
 * /healthz (`readiness` null: the process answers) and /readyz: ready only while a gateway replica is (the pages
 * would otherwise be the client shell and every query a 502), so a balancer or `kubectl rollout` waits for it.
 */
function probe(
  res: ServerResponse,
  readiness: { ready: true } | { ready: false; reason: string } | null,
): void {
  const ok = readiness === null || readiness.ready;
  res.writeHead(ok ? 200 : 503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(ok ? (readiness ? 'ready\n' : 'ok\n') : `${readiness.reason}\n`);
}
