import {
  Environment,
  Network,
  RecordSource,
  Store,
  type FetchFunction,
  type GraphQLResponse,
} from 'relay-runtime';
import {
  CLIENT_HEADERS,
  GRAPHQL_ACCEPT,
  graphqlRequest,
  resultOf,
  type GraphQLErrorLike,
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
  const fetchQuery: FetchFunction = async (operation, variables) => {
    if (operation.operationKind !== 'query')
      throw new Error(`A server render sent a ${operation.operationKind}.`);
    const { url, init } = graphqlRequest(operation, variables);
    const response = await fetch(`${gatewayUrl}${url}`, {
      ...init,
      signal: AbortSignal.timeout(QUERY_TIMEOUT_MS),
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        ...CLIENT_HEADERS,
        accept: GRAPHQL_ACCEPT,
        'x-graphql-yoga-csrf': 'server-render',
      },
    });
    const body = (await response.json()) as GraphQLResponse & { errors?: GraphQLErrorLike[] };
    return resultOf(body, `The gateway answered ${response.status}.`);
  };
  return new Environment({
    network: Network.create(fetchQuery),
    store: new Store(new RecordSource()),
    isServer: true,
  });
}
