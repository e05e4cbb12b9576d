import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { ExecutionResult } from 'graphql';
import type { AddressInfo } from 'node:net';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createYoga, type Plugin, type YogaInitialContext } from 'graphql-yoga';
import { configFromEnv, type GatewayConfig } from './config.js';
import { bearerToken, createContext, type GatewayContext } from './context.js';
import { limitRequestBody } from './body-limit.js';
import { compressResponses } from './compression.js';
import { observeHttp } from './http-observer.js';
import { createLogger, gatewayLogger, type Logger } from './logging.js';
import { GatewayMetrics } from './metrics.js';
import { SocketObserver } from './realtime/socket-observer.js';
import { traceOperations } from './tracing.js';
import { corsPolicy } from './cors.js';
import { answerHeaders } from './answer-headers.js';
import { CSRF_HEADERS, carriesCsrfHeader, preventCsrf } from './csrf.js';
import { explainContentType } from './content-type.js';
import { queryLimits } from './limits.js';
import { inputLimits } from './input-limits.js';
import { disableIntrospection, hideErrorDetails, hideSuggestions } from './production.js';
import { codeVariableErrors } from './variable-errors.js';
import { createRateLimits } from './rate-limits/rate-limits.js';
import {
  DOC_ID,
  PersistedOperations,
  resolveSocketOperation,
  servePersistedOperations,
} from './persisted-operations.js';
import { serveReadiness } from './readiness.js';
import { cacheGuestAnswers, SERVED_FROM_CACHE } from './response-cache.js';
import { graphiqlPage } from './security-headers.js';
import { createRealtime, type Realtime } from './realtime/realtime.js';
import { shareSubscriptions } from './realtime/share-subscriptions.js';
import { attachGraphqlWs } from './realtime/ws-server.js';
import { prefetches } from './resolvers/index.js';
import { prefetchQueries } from './resolvers/prefetch.js';
import { buildGatewaySchema } from './schema.js';
import { UpstreamClient } from './upstream/client.js';
import { PublicCache } from './upstream/public-cache.js';
import { SharedCache } from './upstream/shared-cache.js';
import { connectRedis } from './redis.js';
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
  /** Where the gateway's log lines go; by default JSON lines on stdout at LOG_LEVEL (pino). */
  logger?: Logger;
  /** Refresh flags on a tournament's channel within this window make one refetch (default 30 ms). */
  tournamentCoalesceMs?: number;
  /**
   * Production mode (default: NODE_ENV=production): no field suggestions and no error details (stack traces, the
   * echo of a malformed body). Introspection and GraphiQL follow their own settings (config.ts).
   */
  production?: boolean;
}

/** Over graphql-ws the session comes in connectionParams, over HTTP (and SSE) in the Authorization header. */
type InitialContext = YogaInitialContext & {
  connectionParams?: Record<string, unknown>;
  /** Node's request: over HTTP Yoga's server context, over graphql-ws the socket's upgrade request (ws-server.ts). */
  req?: IncomingMessage;
  /** Over graphql-ws, the operation's request id (socket-observer.ts); over HTTP the request's (http-observer.ts). */
  requestId?: string;
};

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

/** An answer served whole from the guests' answer cache (response-cache.ts) took no upstream call. */
const tookNoUpstreamCall = (result: ExecutionResult): ExecutionResult => ({
  ...result,
  extensions: { ...(result.extensions ?? {}), upstreamCalls: [], upstreamCallTimes: [] },
});

/**
 * With EXPOSE_UPSTREAM_CALLS, each answer lists the upstream calls it took (extensions.upstreamCalls) and when each
 * started and ended, in ms since the answer began (extensions.upstreamCallTimes: a waterfall shows as late starts).
 */
function upstreamCallsExtension(): Plugin<GatewayContext> {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || !(result as Record<symbol, unknown>)[SERVED_FROM_CACHE]) return;
      setResult(tookNoUpstreamCall(result as ExecutionResult) as typeof result);
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

export async function createGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const config: GatewayConfig = { ...configFromEnv(), ...options.config };
  // First: a missing or broken persisted operations file stops the start before anything is opened.
  const persisted = PersistedOperations.load({
    file: config.persistedOperationsFile,
    only: config.persistedOperationsOnly,
  });
  const clock = options.clock ?? (() => new Date());
  const logger = gatewayLogger(options.logger ?? createLogger(config.logLevel));
  const metrics = new GatewayMetrics();
  const client = new UpstreamClient(config, logger, (method, path, status, seconds) =>
    metrics.upstreamCall(method, path, status, seconds),
  );
  const cache = new PublicCache({
    staleMs: config.publicCacheStaleMs,
    onLookup: (result) => metrics.cacheLookup('public', result),
  });
  // REDIS_URL: the replicas share the public reads, the guests' answers (and clears of both) through Redis.
  const redis = config.redisUrl ? connectRedis(config.redisUrl, logger) : null;
  const replicas = redis ? new SharedCache(redis, logger) : null;
  replicas?.linkClears(cache);
  const shared = {
    client,
    cache,
    sessions: new SessionReads(),
    publicTtlMs: config.publicCacheTtlMs,
    replicas,
  };
  const schema = buildGatewaySchema();
  const production = options.production ?? process.env.NODE_ENV === 'production';
  const http = observeHttp({
    logger,
    metrics,
    graphqlPath: '/graphql',
    metricsToken: config.metricsToken,
    production,
  });
  const socketObserver = new SocketObserver(logger, metrics);
  const rateLimits = createRateLimits({
    enabled: config.rateLimits,
    trustedProxies: config.trustProxy,
    now: () => clock().getTime(),
    redis,
    logger,
  });
  const realtime = createRealtime({
    config,
    client,
    cache,
    logger,
    clock,
    ...(options.tournamentCoalesceMs !== undefined
      ? { tournamentCoalesceMs: options.tournamentCoalesceMs }
      : {}),
    // Sign-outs, 401s and password resets end live subscriptions on every replica (realtime/session-ends.ts).
    redis,
    playerOf: (token) => shared.sessions.playerOf(token),
  });
  client.whenSessionRefused((token) => realtime.sessionEnded(token));
  const isAllowedOrigin = originAllowed(config);
  const graphiql = graphiqlPage(renderGraphiQL);
  const guestAnswers = cacheGuestAnswers({
    ttlMs: config.publicCacheTtlMs,
    showHits: config.exposeUpstreamCalls,
    clock,
    publicCache: cache,
    shared: replicas?.answers() ?? null,
    onLookup: (hit) => metrics.cacheLookup('guest_answers', hit ? 'hit' : 'miss'),
    onShortcut: (request, { operationName, query }) => http.servedFromCache(request, operationName, query),
    ...(config.exposeUpstreamCalls ? { decorateHit: tookNoUpstreamCall } : {}),
    // The checks a repeat must still pass before it is answered by its address; refused, the pipeline answers it.
    admits: (request, serverContext) => {
      if (!carriesCsrfHeader(request)) return false;
      const refused = rateLimits.admitHttp(request, serverContext);
      return refused instanceof Promise ? refused.then((error) => error === null) : refused === null;
    },
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
    // No file uploads (content-type.ts refuses multipart POSTs before parsing): one parser fewer for every request
    // to try.
    multipart: false,
    healthCheckEndpoint: '/healthz',
    // Relay's persisted operations: {"doc_id": "<id>", "variables": {...}}.
    extraParamNames: [DOC_ID],
    logging: false,
    cors: corsPolicy(config.allowedOrigins),
    context: ({ request, connectionParams, req, requestId }: InitialContext) =>
      createContext({
        config,
        attempts: rateLimits.attemptsOf(req),
        cache,
        clock,
        realtime,
        prefetches,
        upstream: new RequestUpstream(
          shared,
          connectionParams
            ? { token: bearerToken(connectionParams.authorization), csrf: null, requestId: requestId ?? '' }
            : {
                token: bearerToken(request.headers.get('authorization')),
                csrf: request.headers.get('x-csrf-token') ?? request.headers.get('x-xsrf-token'),
                requestId: http.requestIdOf(request),
              },
        ),
      }),
    plugins: [
      // First: its response hook adds X-Request-Id before a later one (compression) copies the headers.
      http.plugin,
      traceOperations(),
      answerHeaders(graphiql),
      rateLimits.httpCeiling,
      limitRequestBody(),
      explainContentType(),
      preventCsrf(),
      compressResponses(),
      // Before the guests' answer cache: it keys by the document a doc_id names.
      servePersistedOperations(persisted, config.persistedOperationsOnly),
      // Before the guests' answer cache, which expects to run the execution it wraps.
      inputLimits(),
      ...guestAnswers,
      ...queryLimits({ production }),
      codeVariableErrors(),
      ...(config.introspection ? [] : [disableIntrospection()]),
      ...(production ? [hideSuggestions(), hideErrorDetails()] : []),
      serveReadiness(client, realtime),
      prefetchQueries(),
      shareSubscriptions(),
      ...(config.exposeUpstreamCalls ? [upstreamCallsExtension()] : []),
    ],
  });

  const server = createServer(yoga);
  const ws = attachGraphqlWs({
    server,
    yoga,
    path: '/graphql',
    isAllowedOrigin,
    production,
    logger,
    admitOperation: rateLimits.admitOperation,
    resolveOperation: (payload) => resolveSocketOperation(persisted, config.persistedOperationsOnly, payload),
    observer: socketObserver,
  });
  metrics.watchSockets(() => ws.clients());
  metrics.watchCircuits(() => client.circuits());
  metrics.watchLiveChannels(() => realtime.stats());
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
      replicas?.close();
      redis?.disconnect();
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
