import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import type { MakeSitemap } from './crawl-files.js';
import { isCrawler } from './crawler.js';
import type { GatewayPool } from './gateway-pool.js';
import { pageAssets } from './page-assets.js';
import { pageDocument, type PageDocument } from './page-document.js';
import { lowDataOf } from './low-data.js';
import { NoGatewayReady, renderGateway } from './render-gateway.js';
import { sendPage } from './send-page.js';

/** web/src/entry-server.tsx's render, as the site server calls it (the bundle is loaded at run time, not typed). */
export type RenderResult =
  | { kind: 'shell' }
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      head: string;
      body: string;
      rest: AsyncIterable<string>;
      records(): string;
      modules: string[];
      failures: string[];
      abort(): void;
    };
export interface ServerEntry {
  render(request: {
    url: string;
    origin: string;
    gatewayUrl: string;
    headers?: Record<string, string>;
    lowData?: boolean;
    saveData?: boolean;
    stream?: { nonce: string };
  }): Promise<RenderResult>;
  sitemap(request: { origin: string; gatewayUrl: string }): Promise<string>;
}

/** The cookie the site sets while a player is signed in (shared/session.ts): their pages are the client's. */
const SIGNED_IN = /(?:^|;\s*)play_live_signed_in=1(?:;|$)/;

export type PageRenderer = (req: IncomingMessage, res: ServerResponse, pathname: string) => void;

export interface PageRendererOptions {
  distDir: string;
  /** The gateway replicas: each render's queries go to a ready one (render-gateway.ts). */
  gateways: GatewayPool;
  /** The site's public origin for a request, for canonical addresses (web/server/public-origin.ts). */
  originOf: (req: IncomingMessage) => string;
  /** Serves the client shell (web/dist/index.html): pages not rendered here, and renders that failed. */
  shell: PageRenderer;
  logger: Pick<Console, 'warn'>;
  /** The site's Content-Security-Policy for a streamed page, whose inline scripts carry `nonce` (./security-headers.ts). */
  policyWithNonce: (nonce: string) => string;
  /** Where the server entry and the documents come from instead of the build: web/server/dev-site.ts. */
  source?: PageSource;
}

/** A rendered page, as the server entry reports it. */
export type RenderedPage = Extract<RenderResult, { kind: 'page' }>;

/**
 * The server entry and the document a rendered page goes in: the build's (below), or, in development, Vite's
 * (web/server/dev-site.ts). Either way the same code answers the request (pageRenderer).
 */
export interface PageSource {
  entry(): Promise<ServerEntry>;
  /** The document of a rendered page, for the request target `url`; a streamed page's starter carries `nonce`. */
  document(url: string, page: RenderedPage, nonce: string | null): PageDocument | Promise<PageDocument>;
}

/** The build's server entry (`<distDir>/.server/entry-server.js`), its index.html and manifest; null without it. */
async function builtPages(distDir: string): Promise<PageSource | null> {
  const entryFile = path.join(distDir, '.server', 'entry-server.js');
  if (!fs.existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const assets = pageAssets(distDir);
  const documentOf = pageDocument(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  return {
    entry: () => Promise.resolve(entry),
    document: (_url, page, nonce) =>
      documentOf({ ...page, ...assets(page.modules), nonce: nonce ?? undefined }),
  };
}

/**
 * The site server's half of server rendering (docs/architecture.md#server-rendering): loads the build's server
 * entry (`<distDir>/.server/entry-server.js`) once, at start (in development, `source`: Vite's, fresh after each
 * change), and answers each page request with the rendered page in the document web/server/page-document.ts
 * assembles. Without the entry (a build from before, or a client-only
 * one) every page is the client shell, as before: `unrendered` says so, for the server's log once it listens. A
 * browser with the signed-in cookie gets the shell too: the signed-in layout is never rendered as a guest's and
 * then swapped. The same entry makes /sitemap.xml (`sitemap`, null without it: web/server/crawl-files.ts).
 */
export async function pageRenderer(
  options: PageRendererOptions,
): Promise<{ render: PageRenderer; unrendered: string | null; sitemap: MakeSitemap | null }> {
  const source = options.source ?? (await builtPages(options.distDir));
  if (!source) {
    const entryFile = path.join(options.distDir, '.server', 'entry-server.js');
    return {
      render: options.shell,
      unrendered: `Pages are served unrendered (the client shell): ${entryFile} is missing.`,
      sitemap: null,
    };
  }

  const withGateway = renderGateway(options.gateways);
  // Said once while no gateway is ready, not once per page served meanwhile.
  let saidNoGateway = false;

  const render = async (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    if (SIGNED_IN.test(req.headers.cookie ?? '')) return options.shell(req, res, pathname);
    // A player's browser gets the page streamed, under a policy that allows this response's nonce; a crawler gets it
    // whole (docs/architecture.md#server-rendering).
    const nonce = isCrawler(req.headers['user-agent']) ? null : randomBytes(16).toString('base64');
    let result: RenderResult;
    try {
      const entry = await source.entry();
      result = await withGateway((gatewayUrl) =>
        entry.render({
          url: req.url ?? '/',
          origin: options.originOf(req),
          gatewayUrl,
          ...lowDataOf(req.headers),
          ...(nonce ? { stream: { nonce } } : {}),
        }),
      );
      saidNoGateway = false;
    } catch (err) {
      if (err instanceof NoGatewayReady) {
        if (!saidNoGateway)
          options.logger.warn(`${err.message} Pages are served unrendered (the client shell).`);
        saidNoGateway = true;
        return options.shell(req, res, pathname);
      }
      // The path only: a query string may carry a tracking id, and the error's message no more than its first line.
      const why = err instanceof Error ? `${err.name}: ${err.message.split('\n', 1)[0]}` : 'unknown error';
      options.logger.warn(`Server render of ${pathname} failed (${why}); served the client shell.`);
      return options.shell(req, res, pathname);
    }
    if (res.destroyed) {
      if (result.kind === 'page') result.abort();
      return;
    }
    if (result.kind === 'shell') return options.shell(req, res, pathname);
    if (result.kind === 'redirect') {
      res.writeHead(result.status, { Location: result.location, 'Cache-Control': 'no-cache' });
      return void res.end();
    }
    const page = result;
    let document: PageDocument;
    try {
      document = await source.document(req.url ?? '/', page, nonce);
    } catch (err) {
      page.abort();
      throw err;
    }
    if (nonce) res.setHeader('Content-Security-Policy', options.policyWithNonce(nonce));
    await sendPage(req, res, page, document);
    // One line for the parts the browser was left to render (their data failed, or came too late), as for a page.
    if (page.failures.length > 0) {
      options.logger.warn(
        `Server render of ${pathname} left ${page.failures.length} part(s) to the browser (${page.failures[0]}).`,
      );
    }
  };

  return {
    render: (req, res, pathname) => {
      render(req, res, pathname).catch((err: unknown) => {
        options.logger.warn(
          `Serving ${pathname} failed (${err instanceof Error ? err.name : 'unknown error'}).`,
        );
        if (!res.headersSent) options.shell(req, res, pathname);
        else res.destroy();
      });
    },
    unrendered: null,
    sitemap: async (origin) => {
      const entry = await source.entry();
      return withGateway((gatewayUrl) => entry.sitemap({ origin, gatewayUrl }));
    },
  };
}
