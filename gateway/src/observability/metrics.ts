import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { upstreamResource, type CircuitState } from '../upstream/circuit-breaker.js';
import type { CacheLookup } from '../upstream/public-cache.js';

/** Seconds, from a millisecond response to the home screen's calls to a slow backend's time-out. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/**
 * Operation names come from clients: past this many distinct names (the web app has a few dozen) the rest count as
 * "other", so a client inventing names cannot grow the gateway's memory or an operator's time series without end.
 */
const MAX_OPERATION_NAMES = 200;
const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,39}$/;

export type OperationOutcome = 'ok' | 'partial' | 'error';
export type CacheName = 'public' | 'guest_responses';
/** How a circuit breaker stands as a number: 0 closed (calls go through), 1 half-open (probing), 2 open (failing fast). */
const CIRCUIT_VALUE: Record<CircuitState, number> = { closed: 0, 'half-open': 1, open: 2 };

/**
 * The gateway's Prometheus metrics, in a registry of its own (tests run several gateways in one process): what
 * operations ran and how they went, what they cost upstream, how the caches serve, what is held open, and Node's
 * own figures (event loop lag, heap, GC, handles).
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly names = new Set<string>();

  private readonly operations = new Histogram({
    name: 'gateway_operation_duration_seconds',
    help: 'GraphQL operations by name, type (query, mutation, subscription), outcome (ok, partial, error) and client (usage/client.ts); a subscription counts when it ends, with its lifetime',
    labelNames: ['operation', 'type', 'outcome', 'client'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly errors = new Counter({
    name: 'gateway_operation_errors_total',
    help: 'Errors in GraphQL responses by extensions.code and client',
    labelNames: ['code', 'client'] as const,
    registers: [this.registry],
  });
  private readonly cost = new Counter({
    name: 'gateway_operation_cost_total',
    help: 'The cost of GraphQL operations (extensions.cost, operations/cost.ts) by client',
    labelNames: ['client'] as const,
    registers: [this.registry],
  });
  private readonly upstream = new Histogram({
    name: 'gateway_upstream_request_duration_seconds',
    help: 'Calls to the casino backend by resource (method and path, ids as :id) and status ("error": no response, "open": refused by its circuit breaker)',
    labelNames: ['resource', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly cache = new Counter({
    name: 'gateway_cache_lookups_total',
    help: 'Lookups in the public reads cache and the guests\u2019 response cache, by result (hit, stale: served while refreshed, miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [this.registry],
  });
  private readonly subscriptions = new Gauge({
    name: 'gateway_open_subscriptions',
    help: 'Subscriptions running now, by transport (ws: graphql-ws, sse: HTTP event streams)',
    labelNames: ['transport'] as const,
    registers: [this.registry],
  });

  private readonly refusedSockets = new Counter({
    name: 'gateway_refused_sockets_total',
    help: 'WebSockets refused with 1013 Try Again Later: the process\u2019s open files had reached the reserve kept under its limit',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * One GraphQL operation done (an HTTP response, or a graphql-ws operation's end). `client` is a bounded label
   * already (usage/client.ts ClientLabels).
   */
  operation(
    name: string | null | undefined,
    type: string,
    outcome: OperationOutcome,
    seconds: number,
    codes: Iterable<string>,
    client: string,
    cost: number,
  ): void {
    this.operations.observe({ operation: this.operationLabel(name), type, outcome, client }, seconds);
    for (const code of codes) this.errors.inc({ code: ERROR_CODE.test(code) ? code : 'OTHER', client });
    if (cost > 0) this.cost.inc({ client }, cost);
  }

  /** One call to the backend done: its HTTP status, or "error" when none came. */
  upstreamCall(method: string, path: string, status: number | 'error' | 'open', seconds: number): void {
    this.upstream.observe({ resource: upstreamResource(method, path), status: String(status) }, seconds);
  }

  cacheLookup(cache: CacheName, result: CacheLookup): void {
    this.cache.inc({ cache, result });
  }

  subscriptionOpened(transport: 'ws' | 'sse'): void {
    this.subscriptions.inc({ transport });
  }

  subscriptionClosed(transport: 'ws' | 'sse'): void {
    this.subscriptions.dec({ transport });
  }

  /** Open graphql-ws sockets, read at each scrape. */
  watchSockets(count: () => number): void {
    new Gauge({
      name: 'gateway_open_sockets',
      help: 'Open graphql-ws sockets',
      registers: [this.registry],
      collect() {
        this.set(count());
      },
    });
  }

  /**
   * The process's open files against its soft limit (realtime/open-files.ts), read at each scrape, and the WebSockets
   * refused at the reserve: an alert on open/limit above 0.9 comes before players are turned away.
   */
  watchOpenFiles(stats: () => { open: number | null; limit: number | null }): void {
    new Gauge({
      name: 'gateway_open_files',
      help: 'Open files of the gateway process (sockets among them): a count of /proc/self/fd every 2 s plus the connections since',
      registers: [this.registry],
      collect() {
        const { open } = stats();
        if (open !== null) this.set(open);
      },
    });
    new Gauge({
      name: 'gateway_open_files_limit',
      help: 'The gateway process\u2019s soft limit on open files (Max open files in /proc/self/limits)',
      registers: [this.registry],
      collect() {
        const { limit } = stats();
        if (limit !== null) this.set(limit);
      },
    });
  }

  /** A WebSocket refused with 1013 Try Again Later because the open files reached the reserve. */
  socketRefused(): void {
    this.refusedSockets.inc();
  }

  /** The live channels' upstream side (one subscription per channel however many players listen), at each scrape. */
  watchLiveChannels(stats: () => { channels: number; upstreamConnections: number }): void {
    new Gauge({
      name: 'gateway_live_channels',
      help: 'Channels of the casino\u2019s live updates the gateway is subscribed to upstream',
      registers: [this.registry],
      collect() {
        this.set(stats().channels);
      },
    });
    new Gauge({
      name: 'gateway_live_connections',
      help: 'Connections open to the casino\u2019s live updates',
      registers: [this.registry],
      collect() {
        this.set(stats().upstreamConnections);
      },
    });
  }

  /**
   * The circuit breakers' states per upstream resource (the upstream client's `circuits()`), read at each scrape:
   * 0 closed, 1 half-open, 2 open.
   */
  watchCircuits(states: () => Iterable<{ resource: string; state: CircuitState }>): void {
    new Gauge({
      name: 'gateway_circuit_state',
      help: 'Circuit breaker per upstream resource: 0 closed, 1 half-open (probing), 2 open (failing fast)',
      labelNames: ['resource'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { resource, state } of states()) this.set({ resource }, CIRCUIT_VALUE[state]);
      },
    });
  }

  /** The text exposition format Prometheus scrapes. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private operationLabel(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (!GRAPHQL_NAME.test(name)) return 'invalid';
    if (this.names.has(name)) return name;
    if (this.names.size >= MAX_OPERATION_NAMES) return 'other';
    this.names.add(name);
    return name;
  }
}

/**
 * Who may read /metrics. With METRICS_TOKEN set, only a scraper sending it as a bearer token; without it, anyone in
 * development and no one in production (the figures name operations and resources, which a player has no need of):
 * an operator turns it on by choosing a token.
 */
export function metricsAllowed(
  authorization: string | null,
  token: string | null,
  production: boolean,
): 'yes' | 'unauthorized' | 'off' {
  if (token === null) return production ? 'off' : 'yes';
  const sent = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (sent === undefined) return 'unauthorized';
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b) ? 'yes' : 'unauthorized';
}
