import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createYoga, useReadinessCheck, type Plugin, type YogaInitialContext } from 'graphql-yoga';
import { configFromEnv, type GatewayConfig } from './config.js';
import { bearerToken, createContext, type GatewayContext } from './context.js';
import { limitRequestBody } from './body-limit.js';
import { compressResponses } from './compression.js';
import { corsPolicy, varyByOrigin } from './cors.js';
import { CSRF_HEADERS, preventCsrf } from './csrf.js';
import { explainContentType } from './content-type.js';
import { queryLimits } from './limits.js';
import { readinessCheck } from './readiness.js';
import { cacheGuestAnswers } from './response-cache.js';
import { graphiqlPage, securityHeaders } from './security-headers.js';
import { createRealtime, type Realtime } from './realtime/realtime.js';
import { shareSubscriptions } from './realtime/share-subscriptions.js';
import { attachGraphqlWs } from './realtime/ws-server.js';
import { prefetches } from './resolvers/index.js';
import { prefetchQueries } from './resolvers/prefetch.js';
import { buildGatewaySchema } from './schema.js';
import { UpstreamClient } from './upstream/client.js';
import { PublicCache } from './upstream/public-cache.js';
import { RequestUpstream } from './upstream/request-upstream.js';
import { SessionReads } from './upstream/session-reads.js';

export interface Gateway {
  url: string;
  port: number;
  server: Server;
  cache: PublicCache;
  /** The live-channel bridge (its stats show the upstream subscriptions). */
  realtime: Realtime;
  /** Open graphql-ws sockets. */
  sockets(): number;
  close(): Promise<void>;
}

export interface GatewayOptions {
  config?: Partial<GatewayConfig>;
  clock?: () => Date;
  logger?: Pick<Console, 'info' | 'warn'>;
  /** Refresh flags on a tournament's channel within this window make one refetch (default 30 ms). */
  tournamentCoalesceMs?: number;
}

/** Over graphql-ws the session comes in connectionParams, over HTTP (and SSE) in the Authorization header. */
type InitialContext = YogaInitialContext & { connectionParams?: Record<string, unknown> };

/** The gateway's own pages (GraphiQL) are always allowed; other browser origins only when configured. */
function originAllowed(config: GatewayConfig) {
  return (origin: string, host: string | undefined): boolean => {
    if (config.allowedOrigins.includes(origin)) return true;
    try {
      return host !== undefined && new URL(origin).host === host;
    } catch {
      return false;
    }
  };
}

/**
 * With EXPOSE_UPSTREAM_CALLS, each answer lists the upstream calls it took (extensions.upstreamCalls) and when each
 * started and ended, in ms since the answer began (extensions.upstreamCallTimes: a waterfall shows as late starts).
 */
function upstreamCallsExtension(): Plugin<GatewayContext> {
  return {
    // An answer served whole from the guests' answer cache (response-cache.ts) took no upstream call.
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || !(result as Record<symbol, unknown>)[SERVED_FROM_CACHE]) return;
      const served = result as { extensions?: Record<string, unknown> };
      setResult({
        ...served,
        extensions: { ...(served.extensions ?? {}), upstreamCalls: [], upstreamCallTimes: [] },
      } as typeof result);
    },
    onExecute({ args }) {
      return {
        onExecuteDone({ result, setResult }) {
          if (!('data' in result) && !('errors' in result)) return;
          const { log } = (args.contextValue as GatewayContext).scope.upstream;
          setResult({
            ...result,
            extensions: {
              ...(result.extensions ?? {}),
              upstreamCalls: log.calls,
              upstreamCallTimes: log.entries.map((entry) => ({ ...entry })),
            },
          });
        },
      };
    },
  };
}

/** How Yoga's response cache marks an answer it served (@graphql-yoga/plugin-response-cache). */
const SERVED_FROM_CACHE = Symbol.for('servedFromResponseCache');

export async function createGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const config: GatewayConfig = { ...configFromEnv(), ...options.config };
  const clock = options.clock ?? (() => new Date());
  const client = new UpstreamClient(config, options.logger ?? console);
  const cache = new PublicCache({ staleMs: config.publicCacheStaleMs });
  const shared = { client, cache, sessions: new SessionReads(), publicTtlMs: config.publicCacheTtlMs };
  const schema = buildGatewaySchema();
  const logger = options.logger ?? console;
  const production = process.env.NODE_ENV === 'production';
  const realtime = createRealtime({
    config,
    client,
    cache,
    logger,
    clock,
    ...(options.tournamentCoalesceMs !== undefined
      ? { tournamentCoalesceMs: options.tournamentCoalesceMs }
      : {}),
  });
  const isAllowedOrigin = originAllowed(config);
  const graphiql = graphiqlPage(renderGraphiQL);
  const guestAnswers = cacheGuestAnswers({
    ttlMs: config.publicCacheTtlMs,
    showHits: config.exposeUpstreamCalls,
    clock,
    publicCache: cache,
  });

  const yoga = createYoga<Record<string, unknown>, GatewayContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: config.graphiql
      ? {
          title: 'PlayLive GraphQL',
          defaultQuery: GRAPHIQL_QUERY,
          // Its subscriptions are GET event streams, which CSRF prevention lets through only with such a header.
          additionalHeaders: { [CSRF_HEADERS[0]!]: '1' },
        }
      : false,
    // GraphiQL's scripts are served by the gateway itself: a developer's network may not reach a CDN.
    renderGraphiQL: graphiql.render,
    landingPage: false,
    // limitRequestBody below, which judges a body by its Content-Length instead of streaming it through a counter.
    maxRequestBodySize: false,
    healthCheckEndpoint: '/healthz',
    logging: false,
    cors: corsPolicy(config.allowedOrigins),
    context: ({ request, connectionParams }: InitialContext) =>
      createContext({
        config,
        cache,
        clock,
        realtime,
        prefetches,
        upstream: new RequestUpstream(
          shared,
          connectionParams
            ? { token: bearerToken(connectionParams.authorization), csrf: null }
            : {
                token: bearerToken(request.headers.get('authorization')),
                csrf: request.headers.get('x-csrf-token') ?? request.headers.get('x-xsrf-token'),
              },
        ),
      }),
    plugins: [
      securityHeaders(graphiql),
      varyByOrigin(),
      limitRequestBody(),
      explainContentType(),
      preventCsrf(),
      compressResponses(),
      ...(guestAnswers ? [guestAnswers] : []),
      queryLimits({ production }),
      useReadinessCheck({ endpoint: '/readyz', check: readinessCheck(client, realtime) }),
      prefetchQueries(),
      shareSubscriptions(),
      ...(config.exposeUpstreamCalls ? [upstreamCallsExtension()] : []),
    ],
  });

  const server = createServer(yoga);
  const ws = attachGraphqlWs({ server, yoga, path: '/graphql', isAllowedOrigin, production });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  return {
    url: `http://${host}:${port}`,
    port,
    server,
    cache,
    realtime,
    sockets: () => ws.clients(),
    async close() {
      await ws.close();
      realtime.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await client.close();
    },
  };
}

export const GRAPHIQL_QUERY = `# Welcome to the PlayLive gateway. Try:
query Catalogue {
  games(first: 5, filter: { category: "table-games" }, sort: ALPHA_ASC) {
    totalCount
    edges { node { id name provider { shortname } } }
  }
  tournaments(first: 5) { edges { node { name stage label nextStageAt completesIn } } }
}

# Live updates: sign in (the demo player is below), put {"Authorization": "Bearer <token>"} in Headers,
# then run ViewerEvents and spin in a game (mutation launchGame gives its URL).
mutation SignIn {
  login(input: { email: "demo@playlive.test", password: "PlayLive-demo-1" }) { token }
}

subscription ViewerEvents {
  viewerEvents {
    __typename
    name
    ... on LoyaltyProgressEvent { progressPercent newDiamond newChest }
    ... on WalletEvent { wallet { money { formatted } bonus { formatted } } }
    ... on NotificationEvent { unreadCount notification { subject } }
  }
}
`;
