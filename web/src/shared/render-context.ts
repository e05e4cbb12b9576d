import type { Environment } from 'relay-runtime';

/*
 * What a server render (web/src/entry-server.tsx) or the render that hydrates its markup (web/src/main.tsx) shares
 * with the code below it without every loader, clock and page being told (docs/architecture.md#server-rendering):
 * - `environment`: on the server, the request's own Relay environment. The loaders ask `session.environment()`,
 *   a module singleton in the browser; a server must never share one store between two players' requests.
 * - `now`: the instant the page was rendered, so a countdown renders the same text on the server and in the
 *   hydrating render (the live clock takes over after).
 * - `lowData`: whether the page is rendered in low-data mode (shared/low-data/low-data.ts), so the hydrating render
 *   chooses the same art as the server did.
 * - `status` and `modules`, server only: a page that says "not found" (404), and the route modules the render
 *   loaded (their CSS is inlined and their chunks preloaded).
 * In the browser outside hydration nothing is set and everything reads its own state, as before.
 */
export interface RenderContext {
  environment?: Environment;
  now: number;
  lowData?: boolean;
  status?: number;
  modules?: Set<string>;
}

let source: () => RenderContext | undefined = () => undefined;

/** Set once, by the server entry (a per-request store) or by the hydrating client (the server's render time). */
export function setRenderContext(get: () => RenderContext | undefined): void {
  source = get;
}

export const renderContext = (): RenderContext | undefined => source();

/** Called while a "not found" page renders: a server render answers 404. */
export function markNotFound(): void {
  const context = source();
  if (context) context.status = 404;
}

/**
 * Notes that the route module `key` (its source path from web/, as Vite's manifest names it) was loaded for this
 * render. The server build wraps app/routes.tsx's dynamic imports with it (web/build/route-modules.ts).
 */
export const routeModuleLoaded =
  (key: string) =>
  <T>(module: T): T => {
    source()?.modules?.add(key);
    return module;
  };
