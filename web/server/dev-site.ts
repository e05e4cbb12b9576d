import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { EnvironmentModuleGraph, ViteDevServer } from 'vite';
import { pageDocument } from './page-document.js';
import type { PageRenderer, PageSource, RenderedPage, ServerEntry } from './render-page.js';

/**
 * The site in development (`npm run dev`, web/server/dev.ts): web/src through Vite's dev server in middleware mode,
 * inside the same site server as production (web/server/site-server.ts), so /graphql, the headers, robots.txt, the
 * sitemap and server rendering run as they will once deployed; only the files and the server entry come from Vite
 * instead of the build.
 */
export interface DevelopmentSite {
  /** The HTTP server the site listens on: Vite's hot-reload WebSocket is attached to it. */
  server: Server;
  /** Vite's modules and web/public's files; any other path is a page (`page`). */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string, page: PageRenderer): void;
  /** web/index.html as Vite transforms it: the client shell. */
  shell: PageRenderer;
  /** The server entry (web/src/entry-server.tsx), loaded afresh once its code changed, and Vite's document. */
  pages: PageSource;
  /** The hashes of the inline scripts Vite's document carries (React Refresh's preamble), for the policy. */
  inlineScriptSources: string[];
  /** Vite's own WebSocket upgrades (hot reload), which its listener on `server` takes. */
  isOwnUpgrade(req: IncomingMessage): boolean;
  close(): Promise<void>;
}

const SERVER_ENTRY = '/src/entry-server.tsx';
const CLIENT_ENTRY = '/src/main.tsx';
/** The subprotocols of Vite's client: its hot-reload socket, and its ping while it waits for a restarted server. */
const VITE_PROTOCOLS = new Set(['vite-hmr', 'vite-ping']);
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * Vite in middleware mode over web/ (its vite.config.ts: the same plugins as the build's client side). Vite is
 * imported here, at run time: the production image has no dev dependencies, and web/server/main.ts never loads
 * this file.
 */
export async function developmentSite(webDir: string): Promise<DevelopmentSite> {
  const { createServer: createVite } = await import('vite');
  const server = createServer();
  const vite = await createVite({
    configFile: path.join(webDir, 'vite.config.ts'),
    appType: 'custom',
    server: { middlewareMode: true, ws: { server } },
  });
  const indexFile = path.join(webDir, 'index.html');
  const transformed = (url: string) => vite.transformIndexHtml(url, fs.readFileSync(indexFile, 'utf8'));
  const inlineScriptSources = [...(await transformed('/')).matchAll(INLINE_SCRIPT)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );

  const failed = (res: ServerResponse, err: unknown) => {
    if (err instanceof Error) vite.ssrFixStacktrace(err);
    console.error(err);
    if (res.headersSent) return void res.destroy();
    res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(err instanceof Error ? (err.stack ?? err.message) : String(err));
  };

  const shell: PageRenderer = (req, res) => {
    transformed(req.url ?? '/').then(
      (html) => {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
        res.end(req.method === 'HEAD' ? undefined : html);
      },
      (err: unknown) => failed(res, err),
    );
  };

  return {
    server,
    serve(req, res, pathname, page) {
      // As in production (web/server/static-files.ts), the home page is a page, not the file index.html.
      if (pathname === '/') return page(req, res, pathname);
      vite.middlewares(req, res, (err?: unknown) => (err ? failed(res, err) : page(req, res, pathname)));
    },
    shell,
    pages: {
      entry: () => vite.ssrLoadModule(SERVER_ENTRY) as Promise<ServerEntry>,
      async document(url: string, page: RenderedPage, nonce: string | null) {
        const documentOf = pageDocument(await transformed(url));
        // The CSS goes in as Vite's client would add it, so the page is styled before its code runs and the client
        // takes these elements over for hot reload; there are no built chunks to preload.
        const styles = await moduleStyles(vite, webDir);
        return documentOf({
          ...page,
          head: page.head + styles,
          styles: '',
          inlinedStyles: [],
          scripts: [],
          nonce: nonce ?? undefined,
        });
      },
    },
    inlineScriptSources,
    isOwnUpgrade: (req) =>
      VITE_PROTOCOLS.has(String(req.headers['sec-websocket-protocol'])) &&
      new URL(req.url ?? '/', 'http://site').pathname === vite.config.base,
    close: () => vite.close(),
  };
}

/**
 * The CSS of every stylesheet the app's entry imports (the tokens) and of every one the server entry has imported so
 * far (each route module's once it rendered), as the `<style data-vite-dev-id>` elements Vite's client adds for
 * them and adopts when it finds them in the page.
 */
async function moduleStyles(vite: ViteDevServer, webDir: string): Promise<string> {
  await vite.environments.client.transformRequest(CLIENT_ENTRY);
  const sheets = new Map<string, string>(); // id → url
  const walk = (graph: EnvironmentModuleGraph, entryFile: string) => {
    const seen = new Set<string>();
    const visit = (id: string | null) => {
      if (!id || seen.has(id)) return;
      seen.add(id);
      const mod = graph.getModuleById(id);
      if (!mod) return;
      if (/\.css$/.test(id)) sheets.set(id, mod.url);
      for (const imported of mod.importedModules) visit(imported.id);
    };
    visit(entryFile);
  };
  walk(vite.environments.client.moduleGraph, path.join(webDir, CLIENT_ENTRY));
  walk(vite.environments.ssr.moduleGraph, path.join(webDir, SERVER_ENTRY));
  const elements = await Promise.all(
    [...sheets].map(async ([id, url]) => {
      const css = ((await vite.ssrLoadModule(`${url}?inline`)) as { default: string }).default;
      return `<style data-vite-dev-id="${id}">${css.replaceAll('</style', '<\\/style')}</style>`;
    }),
  );
  return elements.join('');
}
