import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createYoga, type YogaInitialContext } from 'graphql-yoga';
import type { Redis } from 'ioredis';
import { configFromEnv, type GatewayConfig } from './config.js';
import { bearerToken, createContext, type GatewayContext } from './context.js';
import { corsPolicy } from './http/cors.js';
import { CSRF_HEADERS } from './http/csrf.js';
import { trackRequests, type HttpDrain } from './http/graceful-shutdown.js';
import { observeHttp } from './http/http-observer.js';
import { graphiqlPage } from './http/security-headers.js';
import { createLogger, gatewayLogger, type GatewayLogger, type Logger } from './observability/logging.js';
import { GatewayMetrics } from './observability/metrics.js';
import { DOC_ID, PersistedOperations, resolveSocketOperation } from './operations/persisted-operations.js';
import { pluginsInOrder, type PluginParts } from './plugins.js';
import { PartnerDirectory, partnerStoreOf } from './partners/directory.js';
import { partnerOf, socketPartner } from './partners/identify.js';
import type { Partner } from './partners/partner.js';
import { DEFAULT_PARTNER_STORE, FilePartnerStore } from './partners/store.js';
import { createRateLimits } from './rate-limits/rate-limits.js';
import { createRealtime, type Realtime } from './realtime/realtime.js';
import { OpenFiles } from './realtime/open-files.js';
import { SocketObserver } from './realtime/socket-observer.js';
import { attachGraphqlWs, type GraphqlWs, type UpgradeRequest } from './realtime/ws-server.js';
import { connectRedis } from './redis.js';
import { prefetches } from './resolvers/index.js';
import { buildGatewaySchema } from './schema.js';
import { UpstreamClient } from './upstream/client.js';
import { PublicCache } from './upstream/public-cache.js';
import { RequestUpstream, type SharedUpstream } from './upstream/request-upstream.js';
import { SessionReads } from './upstream/session-reads.js';
import { SharedCache } from './upstream/shared-cache.js';
import { DEFAULT_USAGE_STORE } from './usage/store.js';
import { GatewayUsage } from './usage/usage.js';

export interface Gateway {
  url: string;
  port: number;
  server: Server;
  cache: PublicCache;
  /** The live-channel bridge (its stats show the upstream subscriptions). */
  realtime: Realtime;
  /** Open graphql-ws sockets. */
  sockets(): number;
  /**
   * What SIGTERM does (main.ts), within GATEWAY_SHUTDOWN_GRACE_MS: /readyz turns 503, new connections are refused,
   * requests in flight finish, event streams end, graphql-ws sockets are asked to reconnect elsewhere (1012), and
   * idle keep-alive connections are left for their clients to close (http/graceful-shutdown.ts); then the shared
   * connections close.
   */
  shutdown(): Promise<void>;
  /** The same, but idle keep-alive connections are closed at once: a stop nothing else waits for (tests). */
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
  /**
   * The name of the partner whose key an HTTP request carries (partners/), for labelling its client; over graphql-ws
   * the context's `partner` is read (usage/client.ts clientOf).
   */
  partnerName?: (request: Request) => string | null;
}

/** Over graphql-ws the session comes in connectionParams, over HTTP (and SSE) in the Authorization header. */
type InitialContext = YogaInitialContext & {
  connectionParams?: Record<string, unknown>;
  /** Node's request: over HTTP Yoga's server context, over graphql-ws what is kept of its upgrade (ws-server.ts). */
  req?: IncomingMessage | UpgradeRequest;
  /** Over graphql-ws, the operation's request id (socket-observer.ts); over HTTP the request's (http-observer.ts). */
  requestId?: string;
  /** Over graphql-ws, the socket's partner (ws-server.ts); over HTTP it is the request's (partnerOf). */
  partner?: Partner | null;
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

/** What one gateway is made of: the plugins' parts (plugins.ts), and what only the servers and the context need. */
interface GatewayParts extends PluginParts {
  server: Server;
  drain: HttpDrain;
  logger: GatewayLogger;
  redis: Redis | null;
  /** What every request's RequestUpstream shares: the client, the public cache, the sessions' reads. */
  shared: SharedUpstream;
  /** Each request's client, and the usage per client (usage/). */
  usage: GatewayUsage;
}

/** The casino's REST backend as every request shares it: the client, the public cache, and Redis when configured. */
function openUpstream(config: GatewayConfig, logger: GatewayLogger, metrics: GatewayMetrics) {
  const client = new UpstreamClient(config, logger, (method, path, status, seconds) =>
    metrics.upstreamCall(method, path, status, seconds),
  );
  const cache = new PublicCache({
    staleMs: config.publicCacheStaleMs,
    onLookup: (result) => metrics.cacheLookup('public', result),
  });
  // REDIS_URL: the replicas share the public reads, the guests' responses (and clears of both) through Redis.
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
  return { client, cache, redis, replicas, shared };
}

/**
 * The files the gateway must be able to read before it opens anything: a missing or broken persisted operations
 * file stops the start, and so does a partner store file that is not one (partners/store.ts; with Redis the
 * partners are read once it is connected).
 */
function loadFiles(config: GatewayConfig): PersistedOperations {
  const persisted = PersistedOperations.load({
    file: config.persistedOperationsFile,
    only: config.persistedOperationsOnly,
  });
  if (!config.redisUrl) new FilePartnerStore(config.partnerStore ?? DEFAULT_PARTNER_STORE).read();
  return persisted;
}

/** The live channels' bridge, over the upstream's client and public cache. */
function openRealtime(
  options: GatewayOptions,
  config: GatewayConfig,
  upstream: ReturnType<typeof openUpstream>,
  logger: GatewayLogger,
  clock: () => Date,
): Realtime {
  const { client, cache, redis, shared } = upstream;
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
  client.whenSessionRefused((token, reason) => realtime.sessionEnded(token, reason));
  return realtime;
}

/** Builds the gateway's parts from its options; a broken setting or persisted operations file stops it here. */
function openParts(options: GatewayOptions): GatewayParts {
  const config: GatewayConfig = { ...configFromEnv(), ...options.config };
  const persisted = loadFiles(config);
  const clock = options.clock ?? (() => new Date());
  const logger = gatewayLogger(options.logger ?? createLogger(config.logLevel));
  const metrics = new GatewayMetrics();
  const upstream = openUpstream(config, logger, metrics);
  const { redis } = upstream;
  const production = options.production ?? process.env.NODE_ENV === 'production';
  const usage = new GatewayUsage({
    redis,
    file: config.usageStore ?? DEFAULT_USAGE_STORE,
    logger,
    partnerName: options.partnerName ?? ((request: Request) => partnerOf(request)?.name ?? null),
  });
  const now = () => clock().getTime();
  const partners = new PartnerDirectory({
    store: partnerStoreOf(redis, config.partnerStore),
    production,
    now,
    logger,
  });
  const http = observeHttp({
    logger,
    metrics,
    graphqlPath: '/graphql',
    metricsToken: config.metricsToken,
    production,
    usage,
  });
  const rateLimits = createRateLimits({
    enabled: config.rateLimits,
    trustedProxies: config.trustProxy,
    now,
    redis,
    logger,
  });
  const realtime = openRealtime(options, config, upstream, logger, clock);
  const graphiql = graphiqlPage(renderGraphiQL);
  // The server comes first, Yoga is added to it later (createGateway): /readyz reads whether its drain has begun.
  const server = createServer();
  const drain = trackRequests(server);
  return {
    ...upstream,
    server,
    drain,
    shuttingDown: drain.started,
    config,
    persisted,
    clock,
    logger,
    metrics,
    production,
    http,
    rateLimits,
    realtime,
    graphiql,
    usage,
    partners,
  };
}

/** Each operation's context: its scope's upstream reads with the session of its transport (see InitialContext). */
function contextOf(parts: GatewayParts) {
  const { config, rateLimits, cache, clock, realtime, shared, http, usage } = parts;
  return ({ request, connectionParams, req, requestId, partner }: InitialContext) =>
    createContext({
      partner: partner ?? (connectionParams ? null : partnerOf(request)),
      config,
      attempts: rateLimits.attemptsOf(req),
      client: connectionParams
        ? usage.clients.ofSocket(connectionParams, req?.headers)
        : usage.clientOfRequest(request),
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
    });
}

/** Yoga with its own features set (what each is for beside it) and the gateway's plugins in their order. */
function createGatewayYoga(parts: GatewayParts) {
  const { config, graphiql } = parts;
  return createYoga<Record<string, unknown>, GatewayContext>({
    schema: buildGatewaySchema(),
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
    // The body-limit plugin (http/body-limit.ts), which judges a body by its Content-Length instead of streaming it
    // through a counter.
    maxRequestBodySize: false,
    // No file uploads (http/content-type.ts refuses multipart POSTs before parsing): one parser fewer for every
    // request to try.
    multipart: false,
    healthCheckEndpoint: '/healthz',
    // Relay's persisted operations: {"doc_id": "<id>", "variables": {...}}.
    extraParamNames: [DOC_ID],
    // Parsed documents are kept by Yoga; their validation results by the incremental delivery plugin
    // (operations/incremental-delivery.ts), ahead of the rule swap Yoga's cache sat behind.
    parserAndValidationCache: { validationCache: false },
    logging: false,
    cors: corsPolicy(config.allowedOrigins, () => parts.partners.origins()),
    context: contextOf(parts),
    plugins: pluginsInOrder(parts),
  });
}

/** graphql-ws on the gateway's port and path, through the same Yoga (and so the same plugins) as HTTP. */
function attachSockets(
  parts: GatewayParts,
  server: Server,
  yoga: ReturnType<typeof createGatewayYoga>,
  openFiles: OpenFiles,
): GraphqlWs {
  const { config, persisted, rateLimits, partners } = parts;
  const siteOrigin = originAllowed(config);
  return attachGraphqlWs({
    server,
    yoga,
    path: '/graphql',
    // A partner's page may open a socket too, carrying its key (partners/identify.ts socketPartner).
    isAllowedOrigin: (origin, host) => siteOrigin(origin, host) || partners.origins().has(origin),
    partnerOf: (params, request) => socketPartner(partners, params, request, siteOrigin),
    production: parts.production,
    logger: parts.logger,
    admitOperation: rateLimits.admitOperation,
    resolveOperation: (payload, partner) =>
      resolveSocketOperation(persisted, config.persistedOperationsOnly, payload, partner),
    observer: new SocketObserver(parts.logger, parts.metrics, parts.usage),
    atOpenFilesLimit: () => openFiles.full(),
    onRefused: () => parts.metrics.socketRefused(),
  });
}

/**
 * Closes what the gateway opened: the connections of players (HTTP and graphql-ws, drained side by side within the
 * grace period), then the live channels, and the shared connections last (requests in flight still needed them).
 */
async function closeGateway(
  parts: GatewayParts,
  ws: GraphqlWs,
  openFiles: OpenFiles,
  lingerIdle: boolean,
): Promise<void> {
  const graceMs = parts.config.shutdownGraceMs;
  await Promise.all([parts.drain.drain({ graceMs, lingerIdle }), ws.close(graceMs)]);
  openFiles.close();
  parts.realtime.close();
  // Before Redis closes: the last seconds' usage is flushed to it.
  await parts.usage.close();
  await parts.client.close();
  await parts.partners.close();
  parts.replicas?.close();
  parts.redis?.disconnect();
}

export async function createGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const parts = openParts(options);
  const { config, metrics, client, realtime, server } = parts;
  // Every partner read before the first request: a key is judged from memory (partners/directory.ts).
  await parts.partners.start();
  const yoga = createGatewayYoga(parts);
  server.on('request', parts.drain.serve(yoga));
  // Near the process's open-file limit new sockets are refused (1013) while HTTP and upstream calls keep a reserve.
  const openFiles = new OpenFiles({
    server,
    logger: parts.logger,
    reserve: config.openFilesReserve,
    warnPercent: config.openFilesWarnPercent,
  });
  const ws = attachSockets(parts, server, yoga, openFiles);
  metrics.watchSockets(() => ws.clients());
  metrics.watchOpenFiles(() => openFiles.stats());
  metrics.watchCircuits(() => client.circuits());
  metrics.watchLiveChannels(() => realtime.stats());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  let stopping: Promise<void> | null = null;
  return {
    url: `http://${host}:${port}`,
    port,
    server,
    cache: parts.cache,
    realtime,
    sockets: () => ws.clients(),
    // One stop, whichever comes first: a signal's, then a test's cleanup, or two signals.
    shutdown: () => (stopping ??= closeGateway(parts, ws, openFiles, true)),
    close: () => (stopping ??= closeGateway(parts, ws, openFiles, false)),
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
