import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GatewayConfig } from './config.js';
import type { GatewayContext } from './context.js';
import { responseHeaders } from './http/response-headers.js';
import { limitRequestBody } from './http/body-limit.js';
import { compressResponses } from './http/compression.js';
import { explainContentType } from './http/content-type.js';
import { carriesCsrfHeader, preventCsrf } from './http/csrf.js';
import type { observeHttp } from './http/http-observer.js';
import type { GraphiqlPage } from './http/security-headers.js';
import type { GatewayMetrics } from './observability/metrics.js';
import { serveReadiness } from './observability/readiness.js';
import { traceOperations } from './observability/tracing.js';
import { costLimit } from './operations/cost-limit.js';
import { deliverIncrementally } from './operations/incremental-delivery.js';
import { inputLimits } from './operations/input-limits.js';
import { queryLimits } from './operations/limits.js';
import { servePersistedOperations, type PersistedOperations } from './operations/persisted-operations.js';
import type { PartnerDirectory } from './partners/directory.js';
import { identifyPartners, partnerOf } from './partners/identify.js';
import { disableIntrospection, hideErrorDetails, hideSuggestions } from './operations/production.js';
import { cacheGuestResponses, SERVED_FROM_CACHE } from './operations/response-cache.js';
import { codeVariableErrors } from './operations/variable-errors.js';
import type { RateLimits } from './rate-limits/rate-limits.js';
import type { Realtime } from './realtime/realtime.js';
import { shareSubscriptions } from './realtime/share-subscriptions.js';
import { prefetchQueries } from './resolvers/prefetch.js';
import type { UpstreamClient } from './upstream/client.js';
import type { PublicCache } from './upstream/public-cache.js';
import type { SharedCache } from './upstream/shared-cache.js';

/** What the plugins are made from: the gateway's parts, built once at its start (server.ts). */
export interface PluginParts {
  config: GatewayConfig;
  production: boolean;
  clock: () => Date;
  metrics: GatewayMetrics;
  persisted: PersistedOperations;
  client: UpstreamClient;
  cache: PublicCache;
  replicas: SharedCache | null;
  realtime: Realtime;
  rateLimits: RateLimits;
  http: ReturnType<typeof observeHttp>;
  graphiql: GraphiqlPage;
  /** Every partner, by the hashes of its keys (partners/directory.ts). */
  partners: PartnerDirectory;
  /** Whether a shutdown has begun (http/graceful-shutdown.ts): /readyz then sends traffic elsewhere. */
  shuttingDown(): boolean;
}

/**
 * One entry of the plugin list: a name to find it by, the plugins it makes (none when its setting turns it off; a
 * few for one concern), and why it sits where it does.
 */
interface PluginEntry {
  name: string;
  why: string;
  make(parts: PluginParts): YogaPlugin[];
}

/** A plugin of any context: most read only Yoga's, a few the gateway's own (ctx.scope). */
type YogaPlugin = Plugin | Plugin<GatewayContext>;

/**
 * The gateway's Yoga plugins, in the order they run. Yoga and envelop call each hook (onRequest, onRequestParse,
 * onParams, onParse, onValidate, onExecute, onResultProcess, onResponse) plugin by plugin in this order, nest the
 * plugins' instrumentation with the first outermost, and skip the later onExecute hooks (and their onExecuteDone)
 * once one stops the execution with a result. A plugin's place only matters against others with the same hook; the
 * `why` says which. Yoga's own plugins (CORS, the health check, GraphiQL, the parser) are set in server.ts.
 */
const PLUGIN_ORDER: readonly PluginEntry[] = [
  {
    name: 'request observer',
    why:
      'First: its onRequest gives every request its id and record before a later hook can respond to it (the 415, ' +
      "/readyz, the guests' shortcut), so each gets its log line; its onExecute names the operation before one " +
      'can be stopped; its onResponse adds X-Request-Id before compression copies the headers.',
    make: ({ http }) => [http.plugin],
  },
  {
    name: 'tracing',
    why:
      "Early: its instrumentation wraps the whole execute and subscribe phase wherever it sits (every plugin's " +
      "hooks, so the prefetches' reads are children of its span), and its onExecute names the span before input " +
      'limits can stop the execution. No exporter, no plugin.',
    make: () => [traceOperations()],
  },
  {
    name: 'incremental delivery',
    why:
      "Yoga's own @defer and @stream: onSchemaChange adds the two directives to the schema before anything " +
      'validates against it, and its onValidate swaps in the rules that know them; a query may then be answered in ' +
      'parts (multipart/mixed, SSE or graphql-ws), its slow fields after the rest. It keeps each validated ' +
      "document's result (Yoga's own validation cache is off): the first onValidate after the observer's, so a " +
      'hit skips the rule swap.',
    make: () => [deliverIncrementally()],
  },
  {
    name: 'response headers',
    why:
      'Security, Vary: Origin and caching headers on every response (onResponse), set before compression copies ' +
      'the headers into its gzipped response.',
    make: ({ graphiql }) => [responseHeaders(graphiql)],
  },
  {
    name: 'partners',
    why:
      'The first onRequestParse hook, before the rate-limit ceiling: a request is known as its partner (X-Api-Key) ' +
      'before anything counts or reads it, and a key that is no good is refused (401, or 403 from an origin its ' +
      'partner does not list) before it costs anything more; partnerOf(request) tells the later hooks.',
    make: ({ partners }) => [identifyPartners(partners)],
  },
  {
    name: 'rate-limit ceiling',
    why:
      "The first onRequestParse hook: every GraphQL request counts against its address's ceiling before its body " +
      'is judged or read, so refused requests (oversized, cross-site) count too.',
    make: ({ rateLimits }) => [rateLimits.httpCeiling],
  },
  {
    name: 'body limit',
    why: "onRequestParse: an oversized body is refused (413) before Yoga's parser reads it; after the ceiling.",
    make: () => [limitRequestBody()],
  },
  {
    name: 'content type',
    why: 'onRequest: a POST of any type but JSON gets a 415 before its body is read; after the observer.',
    make: () => [explainContentType()],
  },
  {
    name: 'CSRF prevention',
    why:
      'onRequestParse: a GET runs an operation only with a CSRF header, checked before the parser; after the ' +
      'ceiling.',
    make: () => [preventCsrf()],
  },
  {
    name: 'compression',
    why:
      'onResponse, after the hooks that set headers (observer, response headers): it copies them into the ' +
      'gzipped response it makes.',
    make: () => [compressResponses()],
  },
  {
    name: 'persisted operations',
    why:
      "onParams: a doc_id becomes the document it names before the guests' response cache keys by that document " +
      '(and before anything parses); with PERSISTED_OPERATIONS_ONLY anything else is refused here. A keyed ' +
      "request's hash or text is its partner's registered document (after the partners plugin, which names it).",
    make: ({ persisted, config }) => [
      servePersistedOperations(persisted, config.persistedOperationsOnly, partnerOf),
    ],
  },
  {
    name: 'input limits',
    why:
      "Before the guests' response cache and the prefetches: its onParams refuses over-deep variables before the " +
      'cache makes a key of them, and its onExecute stops a refused execution before the cache (which expects to ' +
      'run the execution it wraps) or the prefetches (which would start its reads) see it.',
    make: () => [inputLimits()],
  },
  {
    name: 'cost limit',
    why:
      "onExecute and onSubscribe, after input limits (whose refusal it need not price) and before the guests' " +
      'response cache and the prefetches, so an operation over the maximum starts nothing; its onExecuteDone adds ' +
      "extensions.cost before the cache's keeps the result, so a hit reports it too. Before shared subscriptions: " +
      'a group runs the subscribe function this one sets, whose events carry the cost.',
    make: () => [costLimit()],
  },
  {
    name: 'partner cost budgets',
    why:
      'onExecute and onSubscribe, after the cost limit (an operation over the maximum is refused for that, never ' +
      "charged) and before the prefetches: a partner's operation past its cost budget starts nothing.",
    make: ({ rateLimits }) => [rateLimits.partnerCosts],
  },
  {
    name: "guests' response cache",
    why:
      "A guest's repeated query is served in onParams, before parse, validation and execution; its shortcut's " +
      'onRequest serves a repeated GET after the observer has its record, once CSRF and the ceiling admit it.',
    make: guestResponses,
  },
  {
    name: 'query limits',
    why:
      'Parse and validation hooks only (depth, aliases, tokens, directives): their place among these does ' +
      'not matter.',
    make: ({ production }) => queryLimits({ production }),
  },
  {
    name: 'variable errors',
    why:
      'onExecuteDone and onSubscribeResult: a variable GraphQL cannot coerce is coded BAD_USER_INPUT; any place ' +
      'would do (input limits refuse what they can before, with their own codes).',
    make: () => [codeVariableErrors()],
  },
  {
    name: 'introspection off',
    why: 'Unless INTROSPECTION: a validation rule, so it holds on every transport; any place would do.',
    make: ({ config }) => (config.introspection ? [] : [disableIntrospection()]),
  },
  {
    name: 'production errors',
    why:
      'In production, no suggestion and no error detail: after the observer, whose onResultProcess logs an ' +
      'unexpected error with its original before this strips it.',
    make: ({ production }) => (production ? [hideSuggestions(), hideErrorDetails()] : []),
  },
  {
    name: 'readiness',
    why:
      'onRequest, for /readyz only: after the observer, which logs the probe (at debug); nothing else serves ' +
      'that path.',
    make: ({ client, realtime, shuttingDown }) => [serveReadiness(client, realtime, shuttingDown)],
  },
  {
    name: 'prefetches',
    why:
      'onExecute starts the reads a query needs only its session for, before its first resolver: after input ' +
      "limits, so an execution they refuse starts none (a stop skips the later plugins' onExecute).",
    make: () => [prefetchQueries()],
  },
  {
    name: 'shared subscriptions',
    why:
      'onSubscribe: subscribers of one public subscription share one execution, by wrapping the subscribe ' +
      'function; last of the onSubscribe hooks, so no later plugin replaces the function it wraps.',
    make: () => [shareSubscriptions()],
  },
  {
    name: 'upstream calls extension',
    why:
      "EXPOSE_UPSTREAM_CALLS only. After the guests' response cache, which keeps a result (onExecuteDone) before " +
      "this adds one request's calls to it.",
    make: ({ config }) => (config.exposeUpstreamCalls ? [upstreamCallsExtension()] : []),
  },
];

/** Yoga's plugin list, made from the gateway's parts in PLUGIN_ORDER. */
export function pluginsInOrder(parts: PluginParts): YogaPlugin[] {
  return PLUGIN_ORDER.flatMap((entry) => entry.make(parts));
}

/** The guests' response cache (operations/response-cache.ts), wired to the gateway's metrics, observer and limits. */
function guestResponses(parts: PluginParts): Plugin[] {
  const { config, clock, cache, replicas, metrics, http, rateLimits } = parts;
  return cacheGuestResponses({
    ttlMs: config.publicCacheTtlMs,
    showHits: config.exposeUpstreamCalls,
    clock,
    publicCache: cache,
    shared: replicas?.responses() ?? null,
    onLookup: (hit) => metrics.cacheLookup('guest_responses', hit ? 'hit' : 'miss'),
    onShortcut: (request, { operationName, query }) => http.servedFromCache(request, operationName, query),
    ...(config.exposeUpstreamCalls ? { decorateHit: tookNoUpstreamCall } : {}),
    // The checks a repeat must still pass before it is served by its address; refused, the pipeline responds to it.
    admits: (request, serverContext) => {
      if (!carriesCsrfHeader(request)) return false;
      const refused = rateLimits.admitHttp(request, serverContext);
      return refused instanceof Promise ? refused.then((error) => error === null) : refused === null;
    },
  });
}

/** A result served whole from the guests' response cache (response-cache.ts) took no upstream call. */
const tookNoUpstreamCall = (result: ExecutionResult): ExecutionResult => ({
  ...result,
  extensions: { ...(result.extensions ?? {}), upstreamCalls: [], upstreamCallTimes: [] },
});

/**
 * With EXPOSE_UPSTREAM_CALLS, each result lists the upstream calls it took (extensions.upstreamCalls) and when each
 * started and ended, in ms since the execution began (extensions.upstreamCallTimes: a waterfall shows as late starts).
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
