import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { RelayEnvironmentProvider } from 'react-relay';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Announce } from './app/Announce';
import { routes } from './app/routes';
import { isServerRendered } from './app/server-pages';
import { createServerEnvironment } from './app/server-environment';
import { sitemap as sitemapOf } from './app/seo/sitemap';
import { SiteOriginContext } from './shared/page/site-origin';
import { setRenderContext, type RenderContext } from './shared/render-context';

/*
 * The server's render of a public page (docs/architecture.md#server-rendering), built by `npm run build -w web`
 * into web/dist/.server/ and called by the site server (web/server/render-page.ts) for each page request. Each
 * request gets its own Relay environment (shared/render-context.ts); the root and route loaders start the page's
 * queries in it, the screens suspend until the data arrives, and the store's records go with the page so the
 * browser hydrates without asking again.
 */

export interface RenderRequest {
  /** The request's path and query, e.g. /webplay/all?provider=x. */
  url: string;
  /** The site's public origin (canonical addresses). */
  origin: string;
  /** The gateway's base address; queries go to `${gatewayUrl}/graphql`. */
  gatewayUrl: string;
  headers?: Record<string, string>;
}

export type RenderResult =
  /** Not a page the server renders (a player's page, or a redirect's target): serve the client shell. */
  | { kind: 'shell' }
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: 200 | 404;
      /** What React hoisted to the start of its output (title, meta, link): the document's head. */
      head: string;
      /** The root element's markup. */
      body: string;
      /** The Relay records and the render's instant, as JSON safe inside a script element. */
      records: string;
      /** The route modules rendered, as Vite's manifest names them (src/features/home/HomePage.tsx). */
      modules: string[];
    };

/** Longest a page may take before the site answers the client shell instead (the app then loads it itself). */
const RENDER_TIMEOUT_MS = 10_000;

const requests = new AsyncLocalStorage<RenderContext>();
setRenderContext(() => requests.getStore());

export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, request.origin);
  if (!isServerRendered(url.pathname)) return { kind: 'shell' };
  const context: RenderContext = {
    environment: createServerEnvironment(request.gatewayUrl),
    now: Date.now(),
    modules: new Set(),
  };
  return requests.run(context, async () => {
    // A handler per request: React Router resolves lazy routes on its own copy of them, once, and each render must
    // see its route modules load (context.modules).
    const handler = createStaticHandler(routes);
    const fetchRequest = new Request(url, { headers: request.headers });
    const routed = await handler.query(fetchRequest);
    if (routed instanceof Response) {
      const location = routed.headers.get('Location');
      if (routed.status >= 300 && routed.status < 400 && location) {
        return { kind: 'redirect', status: routed.status, location };
      }
      throw new Error(`The routes answered ${routed.status}.`);
    }
    if (routed.errors) throw new Error('A route loader failed.');
    const router = createStaticRouter(handler.dataRoutes, routed);
    const html = await renderToString(
      <StrictMode>
        <SiteOriginContext.Provider value={request.origin}>
          <RelayEnvironmentProvider environment={context.environment!}>
            <StaticRouterProvider router={router} context={routed} hydrate={false} />
          </RelayEnvironmentProvider>
          {/* The browser's tree has it there (main.tsx): the same shape gives the same `useId`s. */}
          <Announce />
        </SiteOriginContext.Provider>
      </StrictMode>,
    );
    const { head, body } = splitHoisted(html);
    const records = JSON.stringify({
      records: context.environment!.getStore().getSource().toJSON(),
      now: context.now,
    });
    return {
      kind: 'page',
      status: context.status === 404 || routed.statusCode === 404 ? 404 : 200,
      head,
      body,
      records: escapeForScript(records),
      modules: [...context.modules!],
    };
  });
}

/** The whole render once every suspended screen has its data; any error fails the page (the shell serves it). */
function renderToString(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failed: unknown = null;
    const sink = new PassThrough();
    // Cleared once the render ends either way: each page would otherwise leave a timer behind for ten seconds.
    const timer = setTimeout(() => {
      failed ??= new Error(`The render took longer than ${RENDER_TIMEOUT_MS} ms.`);
      stream.abort();
      reject(failed);
    }, RENDER_TIMEOUT_MS).unref();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => {
      clearTimeout(timer);
      if (failed) reject(failed);
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      // The page is sent whole (onAllReady), so every Suspense boundary's content stays in place. By default React
      // moves a boundary's content past the first 12.8 kB to the end of the document, to be put back by inline
      // scripts: the site's CSP allows no inline script but its starter, and the boundary would stay empty.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error);
      },
      onError: (error) => {
        failed ??= error;
      },
    });
  });
}

/** React's hoisted head elements come first in its output; the app's markup begins with the first other tag. */
const HOISTED =
  /^(?:<(?:title|script|style)\b[^>]*>[\s\S]*?<\/(?:title|script|style)>|<(?:meta|link)\b[^>]*\/?>)/;

function splitHoisted(html: string): { head: string; body: string } {
  let rest = html;
  let head = '';
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

/** JSON inside a script element: `<` escaped, so no `</script>` or `<!--` in the data can end or bend it. */
const escapeForScript = (json: string) =>
  json.replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');

/**
 * /sitemap.xml (web/server/crawl-files.ts): the site's public pages read from the gateway through an environment of
 * its own, a guest's, like a page's render.
 */
export function sitemap(request: { origin: string; gatewayUrl: string }): Promise<string> {
  return sitemapOf(createServerEnvironment(request.gatewayUrl), request.origin);
}
