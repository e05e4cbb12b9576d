import type { Client } from 'graphql-ws';
import {
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  type FetchFunction,
  type GraphQLResponse,
  type GraphQLSingularResponse,
  type RequestParameters,
  type SubscribeFunction,
  type Variables,
} from 'relay-runtime';
import { trackPending } from '../pending';
import { socketReconnectingChanged, untilOnline, isOnline } from '../offline/connection';
import { sessionToken } from '../storage';
import { offlineCopy } from './offline-copy';
import { sendWithRetries } from './query-retry';

/*
 * The Relay environment: queries as GET /graphql on the site's own origin, mutations as POST, subscriptions over
 * graphql-ws on the same path. Every request carries the session token (Authorization: Bearer) and a CSRF header.
 * An UNAUTHENTICATED error anywhere calls the environment's `onUnauthenticated` with its `extensions.reason` (the
 * session's: sign out, open login, say why).
 * Operations travel by id: relay-compiler persists each one at build time (relay.config.js), and the gateway runs
 * the document it holds for that id, so no document text is sent or shipped in the bundle.
 */

export interface GraphQLErrorLike {
  message: string;
  extensions?: { code?: string; reason?: string };
}

/** A per-tab token the gateway passes on to the casino as its CSRF header. */
function csrfToken(): string {
  try {
    let token = window.sessionStorage.getItem('play_live_csrf');
    if (!token) {
      token = crypto.randomUUID();
      window.sessionStorage.setItem('play_live_csrf', token);
    }
    return token;
  } catch {
    return crypto.randomUUID();
  }
}

/** The UNAUTHENTICATED error among `errors`, if any: its `extensions.reason` says why the session ended. */
const refusal = (errors: readonly GraphQLErrorLike[] | undefined) =>
  (errors ?? []).find((e) => e.extensions?.code === 'UNAUTHENTICATED');

/** The errors of a result, when it has data too (Relay keeps the data; the caller may still want to know). */
export class GatewayError extends Error {
  constructor(readonly errors: readonly GraphQLErrorLike[]) {
    super(errors[0]?.message ?? 'An error occurred');
  }
}

/**
 * How the site names itself to the gateway, which counts usage and labels its metrics per client (gateway/src/usage/
 * client.ts): the build's version tells an operator which releases still use what a schema change would remove.
 */
export const CLIENT_HEADERS = {
  'graphql-client-name': 'playlive-web',
  'graphql-client-version': import.meta.env.VITE_APP_VERSION ?? '0',
};

/** What the gateway is asked to answer in (GraphQL over HTTP's media type, JSON for older servers). */
export const GRAPHQL_ACCEPT = 'application/graphql-response+json, application/json';

/**
 * What a query asks for: also incremental delivery, which the gateway uses only for a query with @defer or @stream
 * (any other answers as JSON still): the result without its deferred parts first, each of them as it comes.
 */
export const QUERY_ACCEPT = `multipart/mixed;deferSpec=20220824, ${GRAPHQL_ACCEPT}`;

type Body = GraphQLSingularResponse & { errors?: GraphQLErrorLike[] };

/**
 * A response's results as lists of Relay payloads: the one JSON body, or each part of an incremental (multipart)
 * response as it arrives (./incremental.ts, loaded only then), the first part's result first.
 */
export async function* resultsOf(
  response: Response,
): AsyncGenerator<{ payloads: Body[]; errors: GraphQLErrorLike[] }> {
  if (!/^multipart\/mixed/i.test(response.headers.get('content-type') ?? '')) {
    const body = (await response.json()) as Body;
    // Whole, even for a query with deferred fragments (the gateway's guest cache answers a repeat merged): said to
    // be final, Relay reads their data from it rather than waiting for parts that will not come.
    const result = { ...body, extensions: { ...body.extensions, is_final: true } } as Body;
    return yield { payloads: [result], errors: body.errors ?? [] };
  }
  yield* (await import('./incremental')).incrementalResults(response);
}

/** A response body's result when it holds data; else the GatewayError a screen shows (`fallback` when it has no errors). */
export function resultOf(body: Body | undefined, fallback = 'An error occurred'): Body {
  if (body?.data == null) throw new GatewayError(body?.errors ?? [{ message: fallback }]);
  return body;
}

/**
 * An operation as sent: its persisted id in Relay's format (`doc_id`), or its text when it has no id (artifacts
 * compiled without persistConfig).
 */
function operationBody(operation: RequestParameters, variables: Variables) {
  return operation.id ? { doc_id: operation.id, variables } : { query: operation.text ?? '', variables };
}

/** Longer addresses go as POST: some proxies refuse long request lines (the site's queries stay far below). */
const MAX_GET_URL = 2048;

/**
 * How an operation travels. A query goes as GET, its id and variables in the address: the gateway then reads no
 * request body (measurably less work on both ends for every screen), and a guest's unchanged response can come back
 * from the browser's cache as a 304 (the gateway's Cache-Control). A mutation is always a POST: it changes
 * something, and GET must not. So is a query whose variables must stay out of addresses, which proxies and servers
 * write to their logs (a payment provider's return parameters): its caller passes `metadata: { private: true }`.
 */
export function graphqlRequest(
  operation: RequestParameters,
  variables: Variables,
  options: { private?: boolean } = {},
): { url: string; init: RequestInit } {
  const body = operationBody(operation, variables);
  if (operation.operationKind === 'query' && !options.private) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(body)) {
      params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
    const url = `/graphql?${params}`;
    if (url.length <= MAX_GET_URL) return { url, init: { method: 'GET' } };
  }
  return {
    url: '/graphql',
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  };
}

const fetchGraphQL =
  (onUnauthenticated: (reason?: string) => void): FetchFunction =>
  (operation, variables, cacheConfig) =>
    Observable.create<GraphQLResponse>((sink) => {
      const silent = cacheConfig.metadata?.silent === true;
      const done = silent ? () => {} : trackPending();
      const controller = new AbortController();
      let finished = false;
      const token = sessionToken();
      const { url, init } = graphqlRequest(operation, variables, {
        private: cacheConfig.metadata?.private === true,
      });
      const query = operation.operationKind === 'query';
      const headers: Record<string, string> = {
        ...(init.headers as Record<string, string> | undefined),
        ...CLIENT_HEADERS,
        accept: query ? QUERY_ACCEPT : GRAPHQL_ACCEPT,
        'x-csrf-token': csrfToken(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      };
      const send = () => fetch(url, { ...init, signal: controller.signal, headers });
      /**
       * Passes a response's results on to Relay as they arrive; throws the error the screen shows when the first has
       * no data. A deferred part that cannot be read to its end (the connection lost after the first part) ends the
       * response there: its fragments read as missing, a failed part of the screen, not a failed screen.
       */
      const read = async (response: Response) => {
        const copy = init.method === 'GET' ? offlineCopy(url, headers, response) : null;
        let first: Body | undefined;
        let failed = false;
        try {
          for await (const { payloads, errors } of resultsOf(response)) {
            const refused = refusal(errors);
            if (refused && token) onUnauthenticated(refused.extensions?.reason);
            failed ||= errors.length > 0;
            if (!first) payloads[0] = first = resultOf(payloads[0]);
            if (payloads.length) sink.next(payloads.length === 1 ? payloads[0]! : payloads);
          }
        } catch (err) {
          if (!first || controller.signal.aborted) throw err;
        }
        copy?.keep({ data: first?.data, errors: failed || undefined });
      };

      void (async () => {
        // A query is sent again after a network failure (./query-retry.ts), only before any of its response was
        // read; a mutation never.
        await read(await (query ? sendWithRetries(send, controller.signal) : send()));
        done();
        // Offline, the result came from what the service worker kept: the screen shows it now, and the network's
        // once it is back (a second result of the same query: Relay updates the store, the screen follows). If
        // that fails, the kept result stays.
        if (query && !isOnline()) {
          await untilOnline(controller.signal);
          await sendWithRetries(send, controller.signal).then(read, () => {});
        }
        finished = true;
        sink.complete();
      })()
        .catch((err: unknown) => {
          finished = true;
          if (!controller.signal.aborted) sink.error(err instanceof Error ? err : new Error(String(err)));
        })
        .finally(done);
      return () => {
        // Not once finished: the offline copy's body (a clone of the response) may still be being stored.
        if (!finished) controller.abort();
        done();
      };
    });

/** A socket closed on purpose (no subscription left, or the session's end): nothing to reconnect. */
const NORMAL_CLOSURE = 1000;

/**
 * The wait before the live socket's next attempt: offline, until the network is back (then at once); else 1, 2,
 * 4 … s up to 30 s, with a random part so that a whole site's players do not come back in the same second.
 */
async function reconnectWait(retries: number): Promise<void> {
  if (!isOnline()) return untilOnline();
  const ms = Math.min(30_000, 1000 * 2 ** retries) + Math.random() * 1000;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    // Back online during the wait: the network is there now, no reason to wait longer.
    window.addEventListener('online', done);
    function done() {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    }
  });
}

/**
 * One graphql-ws client per environment: a new session gets a new socket with its own token. The library loads
 * with the first subscription, not with the first page.
 */
function subscriptions(onUnauthenticated: (reason?: string) => void): {
  subscribe: SubscribeFunction;
  dispose(): void;
} {
  let client: Promise<Client> | null = null;
  let disposed = false;
  const connect = () =>
    (client ??= import('graphql-ws').then(({ createClient }) =>
      createClient({
        url: `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`,
        connectionParams: () => {
          const token = sessionToken();
          return token ? { ...CLIENT_HEADERS, authorization: `Bearer ${token}` } : CLIENT_HEADERS;
        },
        lazy: true,
        retryAttempts: Infinity,
        shouldRetry: () => true,
        retryWait: reconnectWait,
        // The screen says "Reconnecting…" from a lost socket until a new one is acknowledged. graphql-ws then sends
        // every running subscription again, and viewerEvents(catchUp: true) starts with a snapshot of the player:
        // what changed while the socket was down arrives, and the store's updates by id keep nothing twice
        // (features/live/ViewerEvents.tsx).
        on: {
          closed: (event) => {
            if (!disposed && (event as { code?: number }).code !== NORMAL_CLOSURE)
              socketReconnectingChanged(true);
          },
          connected: () => socketReconnectingChanged(false),
        },
      }),
    ));
  const subscribe: SubscribeFunction = (operation, variables) =>
    Observable.create((sink) => {
      let stop: (() => void) | null = null;
      let stopped = false;
      void connect().then((live) => {
        if (stopped) return;
        stop = live.subscribe(
          // graphql-ws requires a query string: an id goes with an empty one.
          { query: '', ...operationBody(operation, variables) },
          {
            next: (value) => {
              const refused = refusal(value.errors as GraphQLErrorLike[] | undefined);
              if (refused) onUnauthenticated(refused.extensions?.reason);
              sink.next(value as GraphQLResponse);
            },
            error: (err) => sink.error(err instanceof Error ? err : new Error('The live connection failed.')),
            complete: () => sink.complete(),
          },
        );
      }, sink.error);
      return () => {
        stopped = true;
        stop?.();
      };
    });
  return {
    subscribe,
    dispose: () => {
      disposed = true;
      socketReconnectingChanged(false);
      void client?.then((c) => c.dispose());
    },
  };
}

/** A new environment; `onUnauthenticated` runs when the gateway says a session sent with it is gone. */
export function createEnvironment(
  options: {
    onUnauthenticated?: (reason?: string) => void;
    /** The server-rendered page's records, the store's start (docs/architecture.md#server-rendering). */
    records?: ConstructorParameters<typeof RecordSource>[0];
  } = {},
): {
  environment: Environment;
  dispose(): void;
} {
  const onUnauthenticated = options.onUnauthenticated ?? (() => {});
  const live = subscriptions(onUnauthenticated);
  const environment = new Environment({
    network: Network.create(fetchGraphQL(onUnauthenticated), live.subscribe),
    store: new Store(new RecordSource(options.records)),
  });
  return { environment, dispose: live.dispose };
}
