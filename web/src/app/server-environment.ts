import {
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  type FetchFunction,
  type GraphQLResponse,
} from 'relay-runtime';
import {
  CLIENT_HEADERS,
  QUERY_ACCEPT,
  graphqlRequest,
  resultOf,
  resultsOf,
} from '../shared/relay/environment';

/**
 * How long a server render waits for one query before the page is served as the client shell instead (the app
 * then asks itself): a cold or overloaded gateway, not a slow page.
 */
const QUERY_TIMEOUT_MS = 8000;

/**
 * The Relay environment of one server render (web/src/entry-server.tsx; docs/architecture.md#server-rendering): a
 * guest's queries sent straight to the gateway at `gatewayUrl`, by persisted id as the browser sends them, with no
 * session token (the server renders only for guests) and Yoga's CSRF header (a GET needs one). Never shared
 * between requests: its store becomes the page's records. `isServer` keeps Relay from holding the store on timers
 * after the render.
 */
export function createServerEnvironment(gatewayUrl: string): Environment {
  const fetchQuery: FetchFunction = (operation, variables) =>
    Observable.create<GraphQLResponse>((sink) => {
      if (operation.operationKind !== 'query')
        throw new Error(`A server render sent a ${operation.operationKind}.`);
      const { url, init } = graphqlRequest(operation, variables);
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new Error('The gateway did not answer in time.')),
        QUERY_TIMEOUT_MS,
      );
      void (async () => {
        const response = await fetch(`${gatewayUrl}${url}`, {
          ...init,
          signal: controller.signal,
          headers: {
            ...(init.headers as Record<string, string> | undefined),
            ...CLIENT_HEADERS,
            accept: QUERY_ACCEPT,
            'x-graphql-yoga-csrf': 'server-render',
          },
        });
        // A query with @defer answers in parts (shared/relay/incremental.ts): Relay gets each as it arrives, so the
        // render goes on with the first while a deferred fragment's component waits for its own (Suspense).
        let first = true;
        try {
          for await (const { payloads } of resultsOf(response)) {
            if (first) payloads[0] = resultOf(payloads[0], `The gateway answered ${response.status}.`);
            first = false;
            if (payloads.length) sink.next(payloads.length === 1 ? payloads[0]! : payloads);
          }
        } catch (err) {
          // A deferred part that did not come in time, or whose connection failed, reads as missing: that part of
          // the page shows as failed, the rest stays.
          if (first) throw err;
        }
        sink.complete();
      })()
        .catch((err: unknown) => sink.error(err instanceof Error ? err : new Error(String(err))))
        .finally(() => clearTimeout(timer));
      return () => {
        clearTimeout(timer);
        controller.abort();
      };
    });
  return new Environment({
    network: Network.create(fetchQuery),
    store: new Store(new RecordSource()),
    isServer: true,
  });
}
