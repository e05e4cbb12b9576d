import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
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
  /** Render in low-data mode (web/server/low-data.ts: the player's choice, else the browser's Save-Data). */
  lowData?: boolean;
  /** The browser sent `Save-Data: on`: the page says so, for the client's own choice after hydration. */
  saveData?: boolean;
  /**
   * Stream the page (a player's browser): its shell and first screen as soon as their data is there, each deferred
   * part after it as it arrives, put in place by React's inline scripts, which carry `nonce` (the response's CSP
   * allows it). Left out (a crawler): the page whole, once every part is rendered, with no script.
   */
  stream?: { nonce: string };
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
      /**
       * The root element's markup: the whole page, or, streamed, its shell and first screen, with each deferred part
       * still coming as its Suspense fallback.
       */
      body: string;
      /**
       * Streamed: the rest of React's output, one string per flush, as the deferred parts arrive (each part's markup
       * in a hidden element and the inline script that moves it in place), ending once every part is rendered, or
       * left to the browser when the render's time is up. Whole: nothing.
       */
      rest: AsyncIterable<string>;
      /** Once `rest` has ended: the Relay records and the render's instant, as JSON safe inside a script element. */
      records(): string;
      /** The route modules rendered, as Vite's manifest names them (src/features/home/HomePage.tsx). */
      modules: string[];
      /** Once `rest` has ended: why each part the server could not render was left to the browser. */
      failures: string[];
      /** Stops the render (the browser went away): `rest` ends. */
      abort(): void;
    };

/**
 * Longest a page may take before the site answers the client shell instead (the app then loads it itself); a streamed
 * page whose shell was sent in time has its parts still missing then rendered by the browser.
 */
const RENDER_TIMEOUT_MS = 10_000;

const requests = new AsyncLocalStorage<RenderContext>();
setRenderContext(() => requests.getStore());

export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, request.origin);
  if (!isServerRendered(url.pathname)) return { kind: 'shell' };
  const context: RenderContext = {
    environment: createServerEnvironment(request.gatewayUrl),
    now: Date.now(),
    lowData: request.lowData === true,
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
    const rendered = await renderReact(
      <StrictMode>
        <SiteOriginContext.Provider value={request.origin}>
          <RelayEnvironmentProvider environment={context.environment!}>
            <StaticRouterProvider router={router} context={routed} hydrate={false} />
          </RelayEnvironmentProvider>
          {/* The browser's tree has it there (main.tsx): the same shape gives the same `useId`s. */}
          <Announce />
        </SiteOriginContext.Provider>
      </StrictMode>,
      request.stream ?? null,
    );
    const { head, body } = splitHoisted(rendered.shell);
    const recordsOf = () => {
      const records = JSON.stringify({
        records: context.environment!.getStore().getSource().toJSON(),
        now: context.now,
        lowData: context.lowData,
        saveData: request.saveData === true,
      });
      return escapeForScript(records);
    };
    return {
      kind: 'page',
      status: context.status === 404 || routed.statusCode === 404 ? 404 : 200,
      head,
      body,
      rest: rendered.rest,
      records: recordsOf,
      modules: [...context.modules!],
      failures: rendered.failures,
      abort: rendered.abort,
    };
  });
}

interface Rendered {
  /** React's first output: its hoisted head elements, then the shell (the whole page when not streamed). */
  shell: string;
  rest: AsyncIterable<string>;
  failures: string[];
  abort(): void;
}

/**
 * Renders `element` with React's streaming render (docs/architecture.md#server-rendering). Streamed, the first output
 * is sent once the shell is ready: the route screens suspend on their queries outside any Suspense boundary, so the
 * shell holds the first screen, and only the parts behind a Suspense boundary (the deferred fragments) can be left
 * as their fallback, each sent when it is rendered, with the inline script that puts it in place (its `nonce` the
 * response's). Whole, the output waits for every part and holds no script. Either way every boundary rendered by
 * then is in place in the markup (`progressiveChunkSize` unbounded: by default React moves a boundary past the first
 * 12.8 kB to the end, to be put back by a script). An error outside a boundary, or a shell not ready in time, fails
 * the page (the site serves the client shell); a part that fails or is not rendered in time is left to the browser,
 * which renders it itself (React's client-rendered boundary), and noted in `failures`.
 */
function renderReact(element: React.ReactNode, stream: { nonce: string } | null): Promise<Rendered> {
  return new Promise((resolve, reject) => {
    const rest = outputChannel();
    const failures: string[] = [];
    let shellSent = false;
    let ended = false;
    // What React writes between two of its flushes: it calls `flush` after each (a compression stream's method).
    let pending: Buffer[] = [];
    const takePending = () => {
      const text = Buffer.concat(pending).toString('utf8');
      pending = [];
      return text;
    };
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        pending.push(chunk);
        done();
      },
      final(done) {
        ended = true;
        clearTimeout(timer);
        if (pending.length > 0) rest.push(takePending());
        rest.end();
        done();
      },
    });
    let first = true;
    Object.assign(sink, {
      flush: () => {
        if (first) {
          first = false;
          // React's streaming runtime starts right after the shell's markup (a script noting when the shell was
          // painted): it goes after the root element with the rest, so the root holds the app's markup alone.
          const output = takePending();
          const runtime = TRAILING_RUNTIME.exec(output);
          if (runtime) rest.push(runtime[0]);
          shellSent = true;
          resolve({ shell: runtime ? output.slice(0, runtime.index) : output, rest, failures, abort });
        } else if (pending.length > 0) rest.push(takePending());
      },
    });
    const abort = () => {
      if (!ended) stream_.abort(new Error('The render was stopped.'));
    };
    // Cleared once the render ends either way: each page would otherwise leave a timer behind for ten seconds.
    const timer = setTimeout(() => {
      const why = new Error(`The render took longer than ${RENDER_TIMEOUT_MS} ms.`);
      if (!shellSent) reject(why);
      stream_.abort(why);
    }, RENDER_TIMEOUT_MS).unref();
    const send = () => {
      stream_.pipe(sink);
      // A render with nothing to send after its shell ends within pipe; one whose output was all written flushes.
      if (first) (sink as unknown as { flush(): void }).flush();
    };
    const stream_ = renderToPipeableStream(element, {
      ...(stream
        ? {
            nonce: stream.nonce,
            // One turn of the event loop first: a part whose data came with the shell's is then sent in place.
            onShellReady: () => setImmediate(send),
          }
        : { onAllReady: send }),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error);
      },
      onError: (error) => {
        failures.push(
          error instanceof Error ? `${error.name}: ${error.message.split('\n', 1)[0]}` : String(error),
        );
      },
    });
  });
}

/** React's inline scripts at the end of its first output (their code names start with `$R`). */
const TRAILING_RUNTIME = /(?:<script\b[^>]*>[^<]*\$R[^<]*<\/script>)+$/;

/** Strings pushed by one side and read by a `for await` on the other, in order, until ended. */
function outputChannel(): AsyncIterable<string> & { push(text: string): void; end(): void } {
  const queue: string[] = [];
  let done = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  return {
    push(text) {
      if (text) queue.push(text);
      notify();
    },
    end() {
      done = true;
      notify();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (queue.length > 0) yield queue.shift()!;
        else if (done) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
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
