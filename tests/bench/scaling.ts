/**
 * What one gateway replica carries on one core, what Redis and the casino's backend see per request and per player,
 * and what 100,000 concurrent players would need (docs/operations.md#scaling). One run starts redis-server, the
 * sandbox and one gateway as deployed (production mode, REDIS_URL, rate limits on, the site's persisted operations),
 * the gateway pinned to core 0 and everything else (this load generator, the sandbox, Redis, the site server, the
 * browser) to core 1, so the gateway's figures are one core's. It measures:
 *
 * - the guest catalogue query and the signed-in layout query, each as the site sends it (GET by persisted id, gzip
 *   accepted), at saturation: requests per second, p50/p99, the gateway's CPU per request (its capacity per core,
 *   robust to a shared machine: CPU time does not count waiting for a core), and Redis's commands, bytes and CPU per
 *   request; alternating rounds, medians reported;
 * - a signed-in player's visit in a real browser through the site server (pages, then a few minutes' slot play in
 *   miniature): the gateway operations, the REST calls and live channels the gateway counted (its /metrics);
 * - the site server's CPU per server-rendered page and per proxied query;
 * - live subscribers on one pinned gateway (the subscriptions bench, smaller): latency and memory per subscriber.
 *
 * From those, `plan` works out 100,000 concurrent players under stated assumptions (PLAN_ASSUMPTIONS).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closedLoop, type LoadRequest, type LoadResult } from './closed-loop.js';
import { growth, readMetrics, type MetricsSnapshot } from './gateway-metrics.js';
import { identityFields } from './identity-fields.js';
import { launchBrowser, playSession, SESSION_PAGES, type SessionResult } from './player-session.js';
import { readCpuMs, repoRoot, startGateway, startSandbox, startSite, type Server } from './processes.js';
import { commandCalls, startRedis, type RedisProcess } from './redis-server.js';
import { percentile } from './stats.js';
import { runSubscriptionBench } from './subscriptions.js';

export interface ScalingOptions {
  /** Seconds per load round (each query kind gets `rounds` of them). Default 5. */
  seconds?: number;
  /** Alternating rounds per query kind; the medians are reported. Default 3. */
  rounds?: number;
  /** Concurrent keep-alive connections of the load. Default 16. */
  clients?: number;
  /** Guests watching a tournament, and players following their own events, on the pinned gateway. */
  watchers?: number;
  viewers?: number;
  log?: (line: string) => void;
}

/** The site's persisted operations, as relay-compiler writes them (id → document); the gateway serves them by id. */
const PERSISTED_FILE = path.join(repoRoot, 'web/src/__generated__/persisted-operations.json');
/** The guest catalogue as /webplay/all asks for it (web/src/features/games/loaders.ts, catalogue-filters.ts). */
const CATALOGUE = {
  name: 'CataloguePageQuery',
  variables: { filter: {}, sort: 'ALPHA_ASC', provider: '', withProvider: false },
};
/** What every page of a signed-in player asks first: the header's wallet, the account, the site (AppLayout). */
const VIEWER = { name: 'AppLayoutQuery', variables: {} };
/** Addresses the load's requests come from, in turn (X-Forwarded-For): many players, so per-address limits hold. */
const ADDRESSES = 4096;
/** Players whose tokens the signed-in load rotates through, so no one player's reads are shared. */
const PLAYERS = 20;
/** The session's pages: each page this long; then this many spins, one every SPIN_EVERY_MS, on the last page. */
const DWELL_MS = 3000;
const SPINS = 10;
const SPIN_EVERY_MS = 2000;
/** The site server's measurement: seconds of server-rendered pages, and of proxied catalogue queries. */
const SITE_SECONDS = 4;

/**
 * What the 100,000-player figures assume beyond what is measured; docs/operations.md#scaling states and argues each.
 */
export const PLAN_ASSUMPTIONS = {
  players: 100_000,
  /** Of the concurrent players, the share signed in (playing for money); the rest are guests browsing. */
  signedInShare: 0.8,
  /** Screens a player opens per minute (client-side navigations, each one or two queries). */
  pagesPerMinute: 2,
  /** Real-money spins (or other rounds the casino pushes as a wallet change) per signed-in player per minute. */
  spinsPerMinute: 10,
  /** Server-rendered page loads per player per minute: one visit start every 10 minutes. */
  pageLoadsPerMinute: 0.1,
  /** Of the players, the share on the tournaments page at any moment (following each tournament shown). */
  tournamentWatcherShare: 0.1,
  /** Each server runs at most at this share of its CPU: room for a spike, and for a replica lost during a roll. */
  targetUtilisation: 0.5,
};

export interface LoadFigures {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** The gateway's CPU ms per request (user + system, all threads), and its CPU over the wall time (1 = a core). */
  gatewayCpuMs: number;
  gatewayCoreShare: number;
  /** Redis: commands, bytes received and sent, and CPU ms per gateway request. */
  redisCommands: number;
  redisBytesIn: number;
  redisBytesOut: number;
  redisCpuMs: number;
}

export interface ScalingReport {
  benchmark: 'scaling';
  generatedAt: string;
  environment: { node: string; cpus: number; cpuModel: string; pinned: boolean; loadAverage: number[] };
  options: Required<Omit<ScalingOptions, 'log'>>;
  catalogue: { rounds: LoadFigures[]; median: LoadFigures };
  viewer: { rounds: LoadFigures[]; median: LoadFigures };
  /** Redis's commands per gateway request by name (the median rounds' mix), its memory per key after the loads. */
  redis: {
    catalogueCommands: Record<string, number>;
    viewerCommands: Record<string, number>;
    usedMemoryBytes: number;
    keys: number;
    bytesPerKey: number;
  };
  session: {
    browse: SessionPart & { pages: number; clientNavigations: number };
    play: SessionPart & { spins: number };
    /** Live channels the gateway held upstream for the one player, and the connections carrying them. */
    liveChannels: number;
    liveConnections: number;
  };
  site: {
    /** Site server CPU ms per server-rendered home page, and the gateway's behind it; pages/s at 4 clients. */
    pageCpuMs: number;
    pageGatewayCpuMs: number;
    pagesPerSecond: number;
    /** Site server CPU ms per proxied catalogue query, and the gateway's; queries/s at `clients`. */
    proxyCpuMs: number;
    proxyGatewayCpuMs: number;
    proxiedPerSecond: number;
    /** Requests of the two loads that failed, by why (closed-loop.ts). */
    failures: Record<string, number>;
  };
  subscriptions: {
    watchers: number;
    viewers: number;
    watchersP99Ms: number | null;
    eventsP99Ms: number | null;
    perSubscriberKiB: number | null;
  };
  plan: Plan;
}

/** What part of a visit cost: the gateway's operations and REST calls (per resource) and the browser's traffic. */
interface SessionPart {
  seconds: number;
  operations: [string, number][];
  upstream: [string, number][];
  upstreamCalls: number;
  graphqlRequests: number;
  socketMessages: number;
}

export interface Plan {
  assumptions: typeof PLAN_ASSUMPTIONS;
  gatewayRequestsPerSecond: number;
  gatewayCores: number;
  gatewayReplicas: number;
  subscriptions: number;
  subscribersPerReplica: number;
  subscriberMemoryMiB: number;
  siteCores: number;
  redisOpsPerSecond: number;
  redisCores: number;
  redisMemoryMiB: number;
  restPerSecond: number;
  restPerPlayerMinute: number;
  liveChannels: number;
  liveConnections: number;
  liveMessagesPerSecond: number;
}

const median = (values: number[]) => percentile(values, 50);

/** Pins a process (all its threads) to the given cores; false where taskset or a second core is missing. */
function pin(pid: number, cores: string): boolean {
  if (os.cpus().length < 2) return false;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The persisted id of the site's operation named `name`. */
function persistedId(name: string): string {
  const operations = JSON.parse(fs.readFileSync(PERSISTED_FILE, 'utf8')) as Record<string, string>;
  const found = Object.entries(operations).find(([, doc]) => new RegExp(`^query ${name}\\b`).test(doc));
  if (!found)
    throw new Error(`${path.relative(repoRoot, PERSISTED_FILE)} has no ${name}: run npm run relay -w web`);
  return found[0];
}

/** A persisted query as the site sends it (web/src/shared/relay/environment.ts), from `address`, as `token`'s player. */
function siteRequest(
  operation: { name: string; variables: object },
  address: string,
  token?: string,
): LoadRequest {
  const query = new URLSearchParams({
    doc_id: persistedId(operation.name),
    variables: JSON.stringify(operation.variables),
  });
  return {
    path: `/graphql?${query}`,
    headers: {
      accept: 'application/graphql-response+json, application/json',
      'accept-encoding': 'gzip, deflate, br',
      'x-graphql-yoga-csrf': '1',
      'x-forwarded-for': address,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  };
}

/** The nth of ADDRESSES private addresses, 10.x.y.z. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function registerPlayer(sandboxUrl: string, n: number): Promise<{ token: string }> {
  const res = await fetch(`${sandboxUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      name: `Scaling Player ${n}`,
      email: `scaling-${Date.now()}-${n}@example.test`,
      password: 'bench-password-1',
      ...identityFields(),
    }),
  });
  const body = (await res.json()) as { token?: string };
  if (res.status !== 201 || typeof body.token !== 'string') {
    throw new Error(`POST /api/register responded ${res.status}: ${JSON.stringify(body)}`);
  }
  // Money to play with: the session's spins are real-money ones.
  const credit = await fetch(`${sandboxUrl}/sandbox/credit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${body.token}` },
    body: JSON.stringify({ amount: 10_000 }),
  });
  if (!credit.ok) throw new Error(`POST /sandbox/credit responded ${credit.status}`);
  // A returning player: the new player's welcome dialog is behind them.
  const onboarded = await fetch(`${sandboxUrl}/api/onboarding`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${body.token}` },
    body: '{}',
  });
  if (!onboarded.ok) throw new Error(`POST /api/onboarding responded ${onboarded.status}`);
  return { token: body.token };
}

/** One load round with the gateway's and Redis's CPU and Redis's counters read around it. */
async function measuredLoad(
  gateway: Server,
  redis: RedisProcess,
  requests: LoadRequest[],
  clients: number,
  durationMs: number,
): Promise<{ figures: LoadFigures; commands: Map<string, number>; failures: Record<string, number> }> {
  const before = {
    info: redis.info(),
    gateway: readCpuMs(gateway.pid) ?? 0,
    redis: readCpuMs(redis.pid) ?? 0,
  };
  const t0 = performance.now();
  const result: LoadResult = await closedLoop(gateway.url, requests, clients, durationMs);
  const wallMs = performance.now() - t0;
  const after = {
    info: redis.info(),
    gateway: readCpuMs(gateway.pid) ?? 0,
    redis: readCpuMs(redis.pid) ?? 0,
  };
  const n = Math.max(1, result.requests + result.errors);
  const field = (info: Map<string, string>, name: string) => Number(info.get(name) ?? 0);
  const callsBefore = commandCalls(before.info);
  const commands = new Map<string, number>();
  let total = 0;
  for (const [name, calls] of commandCalls(after.info)) {
    // INFO itself is the bench's, not the gateway's.
    const grew = calls - (callsBefore.get(name) ?? 0) - (name === 'info' ? 1 : 0);
    if (grew <= 0) continue;
    commands.set(name, grew / n);
    total += grew;
  }
  return {
    figures: {
      perSecond: result.perSecond,
      p50Ms: result.latenciesMs.length ? percentile(result.latenciesMs, 50) : NaN,
      p99Ms: result.latenciesMs.length ? percentile(result.latenciesMs, 99) : NaN,
      errors: result.errors,
      gatewayCpuMs: (after.gateway - before.gateway) / n,
      gatewayCoreShare: (after.gateway - before.gateway) / wallMs,
      redisCommands: total / n,
      redisBytesIn:
        (field(after.info, 'total_net_input_bytes') - field(before.info, 'total_net_input_bytes')) / n,
      redisBytesOut:
        (field(after.info, 'total_net_output_bytes') - field(before.info, 'total_net_output_bytes')) / n,
      redisCpuMs: (after.redis - before.redis) / n,
    },
    commands,
    failures: result.failures,
  };
}

/** Each field's median over the rounds. */
function medianFigures(rounds: LoadFigures[]): LoadFigures {
  const keys = Object.keys(rounds[0]!) as (keyof LoadFigures)[];
  return Object.fromEntries(keys.map((k) => [k, median(rounds.map((r) => r[k]))])) as unknown as LoadFigures;
}

/** The round whose throughput is the median's, for its command mix. */
function medianRound<T extends { figures: LoadFigures }>(rounds: T[]): T {
  const sorted = [...rounds].sort((a, b) => a.figures.perSecond - b.figures.perSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function sessionPart(before: MetricsSnapshot, after: MetricsSnapshot, browser: SessionResult): SessionPart {
  const upstream = growth(before.upstreamCalls, after.upstreamCalls);
  return {
    seconds: browser.seconds,
    operations: growth(before.operations, after.operations),
    upstream,
    upstreamCalls: upstream.reduce((sum, [, n]) => sum + n, 0),
    graphqlRequests: browser.graphqlRequests,
    socketMessages: browser.socketMessages,
  };
}

/** CPU ms per request of the site server and of the gateway behind it, over a closed-loop load on the site. */
async function siteLoad(
  site: Server,
  gateway: Server,
  requests: LoadRequest[],
  clients: number,
  graphql: boolean,
) {
  const before = [readCpuMs(site.pid) ?? 0, readCpuMs(gateway.pid) ?? 0];
  const result = await closedLoop(site.url, requests, clients, SITE_SECONDS * 1000, graphql);
  const after = [readCpuMs(site.pid) ?? 0, readCpuMs(gateway.pid) ?? 0];
  const n = Math.max(1, result.requests);
  return { siteCpuMs: (after[0]! - before[0]!) / n, gatewayCpuMs: (after[1]! - before[1]!) / n, result };
}

/** A server-rendered page as a browser asks for it. */
const pageRequest = (pathname: string, address: string): LoadRequest => ({
  path: pathname,
  headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br', 'x-forwarded-for': address },
});

/** The 100,000-player figures, each from a measured one (docs/operations.md#scaling shows the same working). */
export function plan(report: Omit<ScalingReport, 'plan'>): Plan {
  const a = PLAN_ASSUMPTIONS;
  const signedIn = a.players * a.signedInShare;
  const guests = a.players - signedIn;
  const { browse, play } = report.session;
  // Gateway requests per screen opened, from the browsed pages (the first one's server rendering included); the
  // subscriptions a screen starts are counted as subscribers, not requests.
  const opsPerPage =
    browse.operations.filter(([name]) => !/Subscription$/.test(name)).reduce((sum, [, n]) => sum + n, 0) /
    browse.pages;
  const signedInRps = (signedIn * a.pagesPerMinute * opsPerPage) / 60;
  const guestRps = (guests * a.pagesPerMinute * opsPerPage) / 60;
  const gatewayRequestsPerSecond = signedInRps + guestRps;
  // A signed-in screen's operations cost what the personal layout query costs, a guest's what the cached catalogue does.
  const gatewayCoreSeconds =
    (signedInRps * report.viewer.median.gatewayCpuMs + guestRps * report.catalogue.median.gatewayCpuMs) /
    1000;
  const gatewayCores = gatewayCoreSeconds / a.targetUtilisation;
  const gatewayReplicas = Math.ceil(gatewayCores);
  // A tournaments page follows each tournament on it (one shared subscription each): as many as the visit's page had.
  const tournamentPages = SESSION_PAGES.filter((p) => p === '/tournaments').length;
  const perTournamentPage =
    browse.operations
      .filter(([name]) => /Tournament\w*Subscription$/.test(name))
      .reduce((sum, [, n]) => sum + n, 0) / Math.max(1, tournamentPages);
  const subscriptions = signedIn + a.players * a.tournamentWatcherShare * perTournamentPage;
  const subscribersPerReplica = subscriptions / gatewayReplicas;
  const perSubscriberKiB = report.subscriptions.perSubscriberKiB ?? NaN;
  const siteCoreSeconds =
    (gatewayRequestsPerSecond * report.site.proxyCpuMs +
      ((a.players * a.pageLoadsPerMinute) / 60) * report.site.pageCpuMs) /
    1000;
  const redisPerRequest =
    (signedInRps * report.viewer.median.redisCommands + guestRps * report.catalogue.median.redisCommands) /
    gatewayRequestsPerSecond;
  const redisOpsPerSecond = gatewayRequestsPerSecond * redisPerRequest;
  const redisCpuMs =
    (signedInRps * report.viewer.median.redisCpuMs + guestRps * report.catalogue.median.redisCpuMs) /
    gatewayRequestsPerSecond;
  // Rate-limit counters: one key per address per minute's window, and two windows alive at a window's edge.
  const redisMemoryMiB = (2 * a.players * report.redis.bytesPerKey) / 1024 / 1024;
  const restPerPage = browse.upstreamCalls / browse.pages;
  const restPerSpin = play.spins > 0 ? play.upstreamCalls / play.spins : 0;
  const restPerPlayerMinute =
    a.pagesPerMinute * restPerPage + a.signedInShare * a.spinsPerMinute * restPerSpin;
  const messagesPerSpin = play.spins > 0 ? play.socketMessages / play.spins : 0;
  return {
    assumptions: a,
    gatewayRequestsPerSecond,
    gatewayCores,
    gatewayReplicas,
    subscriptions,
    subscribersPerReplica,
    subscriberMemoryMiB: (subscribersPerReplica * perSubscriberKiB) / 1024,
    siteCores: siteCoreSeconds / a.targetUtilisation,
    redisOpsPerSecond,
    redisCores: (gatewayRequestsPerSecond * redisCpuMs) / 1000,
    redisMemoryMiB,
    restPerSecond: (a.players * restPerPlayerMinute) / 60,
    restPerPlayerMinute,
    // Each signed-in player's own channel (held by the replica their socket is on), 100 to an upstream connection
    // (gateway/src/realtime), plus one connection per replica for the shared channels.
    liveChannels: signedIn,
    liveConnections: Math.ceil(signedIn / 100) + gatewayReplicas,
    liveMessagesPerSecond: (signedIn * a.spinsPerMinute * Math.max(1, messagesPerSpin)) / 60,
  };
}

export async function runScalingBench(options: ScalingOptions = {}): Promise<ScalingReport> {
  const opts = {
    seconds: options.seconds ?? 5,
    rounds: options.rounds ?? 3,
    clients: options.clients ?? 16,
    watchers: options.watchers ?? 5_000,
    viewers: options.viewers ?? 200,
  };
  const started = performance.now();
  const log = (line: string) =>
    options.log?.(`[${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);
  const allCores = `0-${os.cpus().length - 1}`;
  // Everything this process starts inherits core 1; the gateway is moved to core 0 once it runs.
  const pinned = pin(process.pid, '1');
  const servers: Server[] = [];
  let redis: RedisProcess | null = null;
  const metricsToken = randomUUID();
  try {
    log('Starting Redis, the sandbox and the gateway (production, REDIS_URL, rate limits on)…');
    redis = await startRedis();
    const sandbox = await startSandbox();
    servers.push(sandbox);
    const gateway = await startGateway(sandbox.url, PERSISTED_FILE, {
      production: true,
      env: {
        REDIS_URL: redis.url,
        RATE_LIMITS: '1',
        // The site server is one proxy, and the load names each player's address as the site would pass it on.
        TRUST_PROXY: '2',
        METRICS_TOKEN: metricsToken,
      },
    });
    servers.push(gateway);
    if (pinned) pin(gateway.pid, '0');
    log(
      `  gateway ${pinned ? 'pinned to core 0, the rest to core 1' : 'not pinned (no taskset or one core)'}`,
    );
    const metrics = () => readMetrics(gateway.url, metricsToken);

    log(`Registering ${PLAYERS + 2} players…`);
    const players: { token: string }[] = [];
    for (let i = 0; i < PLAYERS + 2; i++) players.push(await registerPlayer(sandbox.url, i));
    const [warmPlayer, sessionPlayer, ...loadPlayers] = players;

    // The loads: catalogue (guests) and layout (signed in) rounds alternating, after a warm-up of each.
    const catalogue = Array.from({ length: ADDRESSES }, (_, i) => siteRequest(CATALOGUE, addressOf(i)));
    const viewer = Array.from({ length: ADDRESSES }, (_, i) =>
      siteRequest(VIEWER, addressOf(i), loadPlayers[i % loadPlayers.length]!.token),
    );
    log(`Load: ${opts.clients} connections, ${opts.rounds} rounds of ${opts.seconds} s per query…`);
    await closedLoop(gateway.url, catalogue, opts.clients, 1000);
    await closedLoop(gateway.url, viewer, opts.clients, 1000);
    const catalogueRounds: Awaited<ReturnType<typeof measuredLoad>>[] = [];
    const viewerRounds: Awaited<ReturnType<typeof measuredLoad>>[] = [];
    for (let round = 0; round < opts.rounds; round++) {
      for (const kind of round % 2 === 0 ? ['catalogue', 'viewer'] : ['viewer', 'catalogue']) {
        const measured = await measuredLoad(
          gateway,
          redis,
          kind === 'catalogue' ? catalogue : viewer,
          opts.clients,
          opts.seconds * 1000,
        );
        (kind === 'catalogue' ? catalogueRounds : viewerRounds).push(measured);
        log(
          `  ${kind}: ${measured.figures.perSecond.toFixed(0)}/s, p99 ${measured.figures.p99Ms.toFixed(1)} ms, ` +
            `gateway ${measured.figures.gatewayCpuMs.toFixed(3)} ms CPU a request, at ` +
            `${(100 * measured.figures.gatewayCoreShare).toFixed(0)} % of its core` +
            (measured.figures.errors ? `; failures ${JSON.stringify(measured.failures)}` : ''),
        );
      }
    }
    const info = redis.info();
    const keys = Number(/keys=(\d+)/.exec(info.get('db0') ?? '')?.[1] ?? 0);
    const usedMemoryBytes = Number(info.get('used_memory') ?? 0);
    const emptyBytes = Number(info.get('used_memory_startup') ?? 0);

    log('Starting the site server and Chromium for a player’s visit…');
    const site = await startSite(gateway.url, sandbox.url);
    servers.push(site);
    const gameCode = (
      (await (await fetch(`${sandbox.url}/api/allgames`)).json()) as { game_code: string }[]
    )[0]!.game_code;
    const browser = await launchBrowser();
    let session: ScalingReport['session'];
    try {
      // A first visit fills the shared caches, as the players before this one would have.
      await playSession(browser, {
        siteUrl: site.url,
        sandboxUrl: sandbox.url,
        token: warmPlayer!.token,
        dwellMs: 500,
        spinEveryMs: 0,
        gameCode,
      });
      log(`  browsing ${SESSION_PAGES.length} pages, ${DWELL_MS / 1000} s each…`);
      const t0 = await metrics();
      const browsed = await playSession(browser, {
        siteUrl: site.url,
        sandboxUrl: sandbox.url,
        token: sessionPlayer!.token,
        dwellMs: DWELL_MS,
        spinEveryMs: 0,
        gameCode,
      });
      const t1 = await metrics();
      log(`  playing: ${SPINS} spins, one every ${SPIN_EVERY_MS / 1000} s…`);
      // Counted from when the game's page is up, so what the play part shows is the spins' alone.
      const atSpins: { metrics?: MetricsSnapshot } = {};
      const played = await playSession(browser, {
        siteUrl: site.url,
        sandboxUrl: sandbox.url,
        token: sessionPlayer!.token,
        pages: ['/webplay/all'],
        // One more second after the last spin, for its live message to arrive.
        dwellMs: SPINS * SPIN_EVERY_MS + 1000,
        spinEveryMs: SPIN_EVERY_MS,
        gameCode,
        beforeSpins: async () => void (atSpins.metrics = await metrics()),
      });
      const t3 = await metrics();
      const t2 = atSpins.metrics!;
      const playPart = sessionPart(t2, t3, {
        ...played,
        graphqlRequests: played.graphqlRequests - played.atSpins.graphqlRequests,
        socketMessages: played.socketMessages - played.atSpins.socketMessages,
        seconds: (SPINS * SPIN_EVERY_MS) / 1000,
      });
      session = {
        browse: {
          ...sessionPart(t0, t1, browsed),
          pages: browsed.pages,
          clientNavigations: browsed.clientNavigations,
        },
        play: { ...playPart, spins: played.spins },
        // While the player's socket was open (their visit has ended by t3).
        liveChannels: t2.liveChannels,
        liveConnections: t2.liveConnections,
      };
    } finally {
      await browser.close();
    }

    log(`Site server: server-rendered home pages, then proxied catalogue queries, ${SITE_SECONDS} s each…`);
    const pages = Array.from({ length: ADDRESSES }, (_, i) => pageRequest('/', addressOf(i)));
    await closedLoop(site.url, pages, 4, 1000, false);
    const rendered = await siteLoad(site, gateway, pages, 4, false);
    const proxied = await siteLoad(site, gateway, catalogue, opts.clients, true);
    await site.stop();
    for (const server of servers.splice(0).reverse()) await server.stop();
    await redis.stop();
    redis = null;

    log(`Subscriptions on the pinned gateway: ${opts.watchers} watchers, ${opts.viewers} players…`);
    const subs = await runSubscriptionBench({
      watchers: opts.watchers,
      viewers: opts.viewers,
      rounds: 30,
      viewerRounds: 5,
      log: (line) => log(`  ${line}`),
      onGateway: (g) => void (pinned && pin(g.pid, '0')),
    });

    const catalogueBest = medianRound(catalogueRounds);
    const viewerBest = medianRound(viewerRounds);
    const report: Omit<ScalingReport, 'plan'> = {
      benchmark: 'scaling',
      generatedAt: new Date().toISOString(),
      environment: {
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
        pinned,
        loadAverage: os.loadavg(),
      },
      options: opts,
      catalogue: {
        rounds: catalogueRounds.map((r) => r.figures),
        median: medianFigures(catalogueRounds.map((r) => r.figures)),
      },
      viewer: {
        rounds: viewerRounds.map((r) => r.figures),
        median: medianFigures(viewerRounds.map((r) => r.figures)),
      },
      redis: {
        catalogueCommands: Object.fromEntries(catalogueBest.commands),
        viewerCommands: Object.fromEntries(viewerBest.commands),
        usedMemoryBytes,
        keys,
        bytesPerKey: keys > 0 ? (usedMemoryBytes - emptyBytes) / keys : 0,
      },
      session,
      site: {
        pageCpuMs: rendered.siteCpuMs,
        pageGatewayCpuMs: rendered.gatewayCpuMs,
        pagesPerSecond: rendered.result.perSecond,
        proxyCpuMs: proxied.siteCpuMs,
        proxyGatewayCpuMs: proxied.gatewayCpuMs,
        proxiedPerSecond: proxied.result.perSecond,
        failures: Object.fromEntries(
          [
            ...new Set([...Object.keys(rendered.result.failures), ...Object.keys(proxied.result.failures)]),
          ].map((why) => [why, (rendered.result.failures[why] ?? 0) + (proxied.result.failures[why] ?? 0)]),
        ),
      },
      subscriptions: {
        watchers: subs.watchers,
        viewers: subs.viewers,
        watchersP99Ms: subs.tournament.lastMs?.p99 ?? null,
        eventsP99Ms: subs.viewer.eventMs?.p99 ?? null,
        perSubscriberKiB: subs.memory?.perSubscriberKiB ?? null,
      },
    };
    return { ...report, plan: plan(report) };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    if (redis) await redis.stop();
    if (pinned) pin(process.pid, allCores);
  }
}

const n0 = (n: number) => Math.round(n).toLocaleString('en-GB');
const n1 = (n: number) => n.toFixed(1);
const n2 = (n: number) => n.toFixed(2);

/** The report as the bench prints it: the measured figures, then the 100,000-player plan. */
export function scalingTable(r: ScalingReport, reportFile: string): string {
  const { catalogue: c, viewer: v, session: s, site, subscriptions: sub, plan: p, redis } = r;
  const load = (name: string, f: LoadFigures) =>
    `${name.padEnd(34)}${n0(f.perSecond).padStart(7)}/s  p50 ${n1(f.p50Ms)} ms, p99 ${n1(f.p99Ms)} ms; gateway ` +
    `${n2(f.gatewayCpuMs)} ms CPU a request (${n0(1000 / f.gatewayCpuMs)}/s a core, ran at ` +
    `${n0(100 * f.gatewayCoreShare)} % of one); Redis ${n1(f.redisCommands)} commands, ` +
    `${n0(f.redisBytesIn + f.redisBytesOut)} B, ${n2(f.redisCpuMs * 1000)} µs CPU a request` +
    (f.errors ? `; ${f.errors} errors` : '');
  const list = (entries: [string, number][]) => entries.map(([k, n]) => `${k} ×${n}`).join(', ') || 'none';
  const perSpin = (n: number) => (s.play.spins ? n1(n / s.play.spins) : 'n/a');
  const a = p.assumptions;
  return [
    '',
    `Scaling: one gateway ${r.environment.pinned ? 'pinned to one core' : 'NOT pinned'} (Node ` +
      `${r.environment.node}, ${r.environment.cpus} × ${r.environment.cpuModel}, load average ` +
      `${r.environment.loadAverage.map(n2).join(' ')}), medians of ${r.options.rounds} rounds of ` +
      `${r.options.seconds} s at ${r.options.clients} connections`,
    '',
    load('guest catalogue (CataloguePage):', c.median),
    load('signed-in layout (AppLayout):', v.median),
    `${'Redis per 1,000 gateway requests/s:'.padEnd(34)}catalogue ${n0(1000 * c.median.redisCommands)} ` +
      `commands/s, layout ${n0(1000 * v.median.redisCommands)}/s; ${n1(redis.bytesPerKey)} B a key ` +
      `(${n0(redis.keys)} keys, ${n1(redis.usedMemoryBytes / 1048576)} MiB)`,
    `${''.padEnd(34)}catalogue mix: ${JSON.stringify(redis.catalogueCommands, (_, x: unknown) => (typeof x === 'number' ? Number(x.toFixed(2)) : x))}`,
    `${''.padEnd(34)}layout mix: ${JSON.stringify(redis.viewerCommands, (_, x: unknown) => (typeof x === 'number' ? Number(x.toFixed(2)) : x))}`,
    `${'a player browsing (signed in):'.padEnd(34)}${s.browse.pages} pages (${s.browse.clientNavigations} by ` +
      `link) in ${n0(s.browse.seconds)} s: ${s.browse.graphqlRequests} /graphql requests from the browser; ` +
      `gateway operations ${list(s.browse.operations)}`,
    `${''.padEnd(34)}REST calls ${s.browse.upstreamCalls} (${n1(s.browse.upstreamCalls / s.browse.pages)} a page): ` +
      list(s.browse.upstream),
    `${'a player playing:'.padEnd(34)}${s.play.spins} spins in ${n0(s.play.seconds)} s: ${perSpin(s.play.socketMessages)} ` +
      `live messages and ${perSpin(s.play.upstreamCalls)} REST calls a spin: ` +
      list(s.play.upstream),
    `${''.padEnd(34)}live channels upstream for one player: ${s.liveChannels} on ${s.liveConnections} connection(s)`,
    `${'site server:'.padEnd(34)}${n1(site.pageCpuMs)} ms CPU a server-rendered home (gateway ` +
      `${n2(site.pageGatewayCpuMs)} ms; ${n0(site.pagesPerSecond)}/s at 4 clients), ${n2(site.proxyCpuMs)} ms a ` +
      `proxied query (gateway ${n2(site.proxyGatewayCpuMs)} ms; ${n0(site.proxiedPerSecond)}/s)` +
      (Object.keys(site.failures).length ? `; failures ${JSON.stringify(site.failures)}` : ''),
    `${'subscribers on the pinned gateway:'.padEnd(34)}${n0(sub.watchers)} watchers p99 ` +
      `${sub.watchersP99Ms ?? 'n/a'} ms, ${n0(sub.viewers)} players' events p99 ${sub.eventsP99Ms ?? 'n/a'} ms, ` +
      `${sub.perSubscriberKiB ?? 'n/a'} KiB each`,
    '',
    `For ${n0(a.players)} concurrent players (${100 * a.signedInShare} % signed in, ${a.pagesPerMinute} screens ` +
      `and ${a.spinsPerMinute} spins a minute, servers at ${100 * a.targetUtilisation} % CPU):`,
    `  gateway: ${n0(p.gatewayRequestsPerSecond)} requests/s → ${n1(p.gatewayCores)} cores → ` +
      `${p.gatewayReplicas} one-core replicas; ${n0(p.subscriptions)} subscriptions, ${n0(p.subscribersPerReplica)} ` +
      `a replica (${n0(p.subscriberMemoryMiB)} MiB each)`,
    `  site servers: ${n1(p.siteCores)} cores`,
    `  Redis: ${n0(p.redisOpsPerSecond)} commands/s, ${n2(p.redisCores)} of a core, ~${n0(p.redisMemoryMiB)} MiB of counters`,
    `  casino: ${n0(p.restPerSecond)} REST calls/s (${n1(p.restPerPlayerMinute)} a player a minute); ` +
      `${n0(p.liveChannels)} live channels on ~${n0(p.liveConnections)} connections, ` +
      `${n0(p.liveMessagesPerSecond)} live messages/s to the players`,
    `report: ${reportFile}`,
  ].join('\n');
}
