import { matchRoutes, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router';

/**
 * What the router needs to render a server-rendered page exactly as the server did (docs/architecture.md#server-rendering):
 * the matched routes' modules loaded (a lazy route would render nothing until its code came), and their loaders'
 * results. Those are Relay query references, not data a page can carry, so the loaders run here, before the router
 * starts: their store-or-network loads find the server's records in the store and ask the gateway for nothing.
 * The modules load first, and must: a screen's loader holds only its query's persisted id (`@preloadable`), and
 * Relay can check the store for it only once the screen's module has registered the query's document; before
 * that, loadQuery asks the network whatever the store holds.
 * Route ids are React Router's own: a route's `id`, else its indices from the root joined by '-'.
 */
export async function hydrationData(routes: RouteObject[]): Promise<HydrationState> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await nextTask();
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
  const request = new Request(window.location.href);
  const loaderData: Record<string, unknown> = {};
  const path: string[] = [];
  let siblings = routes;
  for (const { route, params } of matches) {
    path.push(String(siblings.indexOf(route)));
    if (typeof route.loader === 'function') {
      await nextTask();
      loaderData[route.id ?? path.join('-')] = await route.loader({
        params,
        request,
        context: undefined,
      } as LoaderFunctionArgs);
    }
    siblings = route.children ?? [];
  }
  return { loaderData };
}

/**
 * Ends the current task: the steps of taking over a page (matching its routes, loading their code, reading each
 * loader's data from the store, building the router, hydrating) each run as a task of their own, so a slow phone
 * is never held for the sum of them and can paint or answer a tap in between.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
