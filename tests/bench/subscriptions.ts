import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { AudiencePool, now, SOCKETS_PER_PROCESS, type Spec } from './audience-pool.js';
import {
  canReadRss,
  readRssKiB,
  startGateway,
  startSandbox,
  type HeapAfterGc,
  type Server,
} from './processes.js';
import { identityFields } from './identity-fields.js';
import { summarize, type Summary } from './stats.js';

/**
 * What one gateway process must achieve with 18,000 guests watching one tournament and 1,000 signed-in players each
 * following their own `viewerEvents`, all connected at once (issues 12 and 43: 19,000 sockets, what a 20,000
 * open-file limit leaves room for): the time from the casino's publish to the
 * LAST watcher's message (p50 and p99 over the rounds), the time from a player's event being published to its
 * delivery (p50 and p99 over every event of every round), and the resident memory (RSS growth) each subscriber costs.
 * The watchers share one execution per event (gateway/src/realtime/shared-fanout.ts); each player's events are
 * executed for that player alone.
 */
export const BUDGETS = {
  watchersP99Ms: 250,
  viewersP99Ms: 250,
  /**
   * JS heap used plus external memory (socket buffers, Buffers) per subscriber, after a full GC: what the
   * subscribers keep alive. Resident memory is reported beside it but not budgeted: it moves by a third from run to
   * run with pages the allocator keeps or returns (processes.ts GC_ON_SIGNAL).
   */
  memoryPerSubscriberKiB: 10,
  /** Heap and external memory still held once every subscriber has left, over the warmed-up baseline, per subscriber. */
  leftBehindPerSubscriberKiB: 0.5,
  /**
   * Open files still held once every subscriber has left, over the baseline: a leak would be of the order of the
   * subscribers (thousands); a few dozen are the upstream's keep-alive connections opened during the run.
   */
  openFilesLeftBehind: 50,
} as const;

/** Sockets opened per step of the bench (shared out over the client processes), with a progress line each. */
const OPEN_CHUNK = 2000;
/** Subscribers of each kind in the warm-up that measures the baseline memory. */
const WARMUP_SUBSCRIBERS = 10;
/**
 * Opening every subscriber and seeing each receive a first message must take no longer than this: 10,000 sockets
 * took 12 s on the 2-core machine, and each several times as long when it was shared with other work.
 */
const SUBSCRIBE_TIMEOUT_MS = 900_000;
/** While some watchers have not received the warm-up refresh (their subscribe is still running), publish again. */
const WARMUP_REPUBLISH_MS = 2_000;
/** A round not delivered to every subscriber within this counts as failed. */
const ROUND_TIMEOUT_MS = 10_000;
/**
 * Rounds run and not counted before the measured ones (tournament and players alike): the first fan-outs after the
 * sockets opened run slower while V8 optimises the write path and the heap settles (up to 2x in the first few).
 */
const WARMUP_ROUNDS = 5;
/** Pause between rounds: longer than the gateway's 30 ms coalescing window, so two rounds never merge into one. */
const ROUND_PAUSE_MS = 150;
/** Quiet time before reading memory, so the last burst's garbage and buffers have settled. */
const SETTLE_MS = 1_000;
/** Publish requests in flight at once during a players' round (the sandbox takes one channel per request). */
const PUBLISH_CONCURRENCY = 16;
/** Players registered at once (the sandbox hashes each password with scrypt, about 30 ms each). */
const REGISTER_CONCURRENCY = 4;

/** Tournament 1, which the sandbox seeds; its global id is base64 of `Tournament:1`. */
const TOURNAMENT_CHANNEL = 'tournament.1';
const TOURNAMENT_ID = Buffer.from('Tournament:1').toString('base64');
/** A guest's tournament page: the board and the counts, nothing personal (so the watchers share its execution). */
const WATCHER_QUERY = `subscription($id: ID!) {
  tournamentUpdated(id: $id) { id tournamentId usersCount leaderboard(first: 10) { edges { node { name points } } } }
}`;
/** The site's header: a snapshot once the player's channel is live, then each event (here, notifications). */
const VIEWER_QUERY = `subscription {
  viewerEvents(catchUp: true) {
    __typename
    name
    ... on NotificationEvent { unreadCount notification { id subject } }
  }
}`;

export interface BenchOptions {
  /** Guests watching tournament 1, one graphql-ws socket each (default 10,000). */
  watchers?: number;
  /** Signed-in players following their own viewerEvents, one socket and one player each (default 1,000). */
  viewers?: number;
  /**
   * Publishes measured for the watchers (default 100: the p99 of fewer than 100 rounds is simply the slowest one),
   * and rounds of one event per player for the viewers (default 10, i.e. 10,000 events).
   */
  rounds?: number;
  viewerRounds?: number;
  /** Progress lines (silent by default). */
  log?: (line: string) => void;
  /** Called with the gateway once it listens, before any subscriber (the scaling bench pins it to one core). */
  onGateway?: (gateway: Server) => void;
}

export interface RoundResult {
  round: number;
  /** Subscribers that received this round's message before the timeout. */
  received: number;
  /** From the (first) publish request to the first and to the last subscriber's message; null for a failed round. */
  firstMs: number | null;
  lastMs: number | null;
  ok: boolean;
}

export interface Check {
  name: string;
  value: number | null;
  budget: number;
  unit: string;
  /** 'n/a' when the value could not be measured here (memory without /proc). */
  status: 'PASS' | 'FAIL' | 'n/a';
}

export interface SubscriptionBenchReport {
  benchmark: 'subscriptions';
  generatedAt: string;
  environment: {
    node: string;
    platform: string;
    arch: string;
    cpus: number;
    cpuModel: string;
    openFiles: string;
  };
  watchers: number;
  viewers: number;
  /** One refresh published on the tournament's channel per round; the time to the last (and first) watcher. */
  tournament: {
    rounds: { requested: number; completed: number; failed: number; results: RoundResult[] };
    lastMs: Summary | null;
    firstMs: Summary | null;
  };
  /**
   * One notification published on each player's own channel per round (one publish request per player, as the
   * sandbox takes them): each event from its publish request to its player's message, over every event of the
   * completed rounds; and the whole round, from its first publish to its last delivery.
   */
  viewer: {
    rounds: { requested: number; completed: number; failed: number; results: RoundResult[] };
    eventMs: Summary | null;
    roundMs: Summary | null;
  };
  /**
   * The gateway's resident memory after a full GC, warmed up, with every watcher, and with the players too (null
   * without /proc); perSubscriberKiB (the budgeted figure) is the RSS growth over all subscribers, the heap and
   * external figures show where it went.
   */
  memory: {
    baselineRssKiB: number;
    watchersRssKiB: number;
    loadedRssKiB: number;
    /** After every subscriber left (and a full GC). */
    leftRssKiB: number;
    /** The budgeted figure: JS heap used plus external memory, baseline to every subscriber, per subscriber. */
    perSubscriberKiB: number;
    /** Resident memory likewise (what the allocator holds, freed pages or not). */
    rssPerSubscriberKiB: number;
    /** JS heap used plus external memory still held after every subscriber left, over the baseline, per subscriber. */
    leftBehindPerSubscriberKiB: number;
    /** JS heap used per watcher (baseline to watchers) and per player (watchers to players too). */
    heapPerWatcherKiB: number;
    heapPerViewerKiB: number;
    heapUsedPerSubscriberKiB: number;
    heapTotalPerSubscriberKiB: number;
    externalPerSubscriberKiB: number;
  } | null;
  /** The gateway's open files (/proc/<pid>/fd): warmed up, with every subscriber, and after every one left. */
  openFiles: { baseline: number; loaded: number; afterLeave: number } | null;
  /** Client processes the subscribers were spread over (each process has its own open-file limit). */
  clientProcesses: number;
  setup: { registerMs: number; watchersMs: number; viewersMs: number; warmupPublishes: number };
  /** Messages that arrived outside a round or twice in one (a sign of unexpected extra pushes). */
  unexpectedMessages: number;
  budgets: typeof BUDGETS;
  checks: Check[];
  pass: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const round1 = (n: number) => Math.round(n * 10) / 10;
/** A summary to 0.1 ms, as the samples are (only the mean has more digits). */
const tenths = (s: Summary | null): Summary | null => s && { ...s, mean: round1(s.mean) };

/** Keep-alive connections to the sandbox for the publishes (a fresh connection per publish would be measured too). */
const agent = new http.Agent({ keepAlive: true, maxSockets: PUBLISH_CONCURRENCY });

/** POST to the sandbox over the keep-alive agent; returns the parsed JSON body (throws on a status of 300 or more). */
function post(base: string, path: string, body: unknown, token?: string): Promise<any> {
  const payload = Buffer.from(JSON.stringify(body));
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        method: 'POST',
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if ((res.statusCode ?? 500) >= 300)
            reject(new Error(`POST ${path}: HTTP ${res.statusCode} ${text}`));
          else resolve(text ? JSON.parse(text) : null);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Publishes one refresh flag on the tournament's live channel through the sandbox's control route. */
async function publishRefresh(sandboxUrl: string): Promise<void> {
  const body = await post(sandboxUrl, '/sandbox/publish', {
    channel: TOURNAMENT_CHANNEL,
    event: 'tournamentUpdated',
    data: { refresh: true },
  });
  if (body?.published !== true) throw new Error(`publishing failed: ${JSON.stringify(body)}`);
}

interface Player {
  token: string;
  userId: number;
}

/** Registers `count` players at the sandbox, REGISTER_CONCURRENCY at a time. */
async function registerPlayers(sandboxUrl: string, count: number, tag: string): Promise<Player[]> {
  const players: Player[] = new Array(count);
  let next = 0;
  const stamp = Date.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const body = await post(sandboxUrl, '/api/register', {
        name: `Bench Player ${i}`,
        email: `bench-${stamp}-${tag}-${i}@example.test`,
        password: 'bench-password-9',
        ...identityFields(),
      });
      players[i] = { token: body.token as string, userId: body.user.id as number };
    }
  };
  await Promise.all(Array.from({ length: Math.min(REGISTER_CONCURRENCY, count) }, worker));
  return players;
}

/** One notification on a player's own channel, as the casino publishes it; its subject carries `marker`. */
function publishNotification(sandboxUrl: string, player: Player, marker: string, id: number) {
  return post(sandboxUrl, '/sandbox/publish', {
    channel: `private-user.${player.userId}`,
    event: 'notification',
    data: {
      notification: {
        id,
        created_at: new Date().toISOString(),
        read_at: null,
        user_notification: {
          subject: marker,
          message: 'From the bench.',
          status: 'unread',
          type: 'created_by_user',
        },
      },
      unread_count: 1,
    },
  });
}

/**
 * Publishes until each watcher received a message. A socket is acknowledged before its subscription has reached
 * the upstream channel (the gateway first loads the tournament), so one publish may come too early for the last
 * few; publishing again every WARMUP_REPUBLISH_MS covers them. Returns how many publishes it took.
 */
async function warmUpWatchers(
  pool: AudiencePool,
  sandboxUrl: string,
  group: string,
  count: number,
  deadline: number,
): Promise<number> {
  const collection = await pool.collect(group);
  try {
    for (let publishes = 1; ; publishes += 1) {
      const left = deadline - Date.now();
      if (left <= 0) {
        const { received } = await collection.until(0);
        throw new Error(
          `only ${received} of ${count} watchers received a refresh within ${SUBSCRIBE_TIMEOUT_MS / 1000} s of opening`,
        );
      }
      await pool.race(publishRefresh(sandboxUrl));
      if ((await collection.until(Math.min(left, WARMUP_REPUBLISH_MS))).complete) return publishes;
    }
  } finally {
    await collection.end();
  }
}

/** Opens `count` subscribers in `group`, OPEN_CHUNK at a time over the pool, with a progress line per chunk. */
async function openMany(
  pool: AudiencePool,
  group: string,
  query: string,
  variables: Record<string, unknown>,
  specs: Spec[],
  log: (line: string) => void,
  what: string,
): Promise<void> {
  for (let from = 0; from < specs.length; from += OPEN_CHUNK) {
    await pool.open(group, query, variables, specs.slice(from, from + OPEN_CHUNK));
    const opened = Math.min(specs.length, from + OPEN_CHUNK);
    if (specs.length > OPEN_CHUNK) log(`  ${opened}/${specs.length} ${what} connected`);
  }
}

/** Opens one socket per player, then waits for each one's snapshot (sent once its private channel is live). */
async function openViewers(
  pool: AudiencePool,
  group: string,
  players: Player[],
  log: (line: string) => void,
  deadline: number,
): Promise<void> {
  const specs = players.map((p, index) => ({ token: p.token, index }));
  await withDeadline(
    openMany(pool, group, VIEWER_QUERY, {}, specs, log, 'players'),
    deadline,
    () => 'opening the players',
  );
  for (;;) {
    const waiting = await pool.waitingForSnapshots(group);
    if (waiting === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${waiting} of ${players.length} players had no snapshot in time`);
    await pool.race(sleep(20));
  }
}

/** One measured publish on the tournament: the time to the first and to the last watcher. */
async function tournamentRound(
  pool: AudiencePool,
  sandboxUrl: string,
  group: string,
  round: number,
): Promise<RoundResult> {
  const collection = await pool.collect(group);
  try {
    const t0 = now();
    await pool.race(publishRefresh(sandboxUrl));
    const { complete, first, last, received } = await collection.until(ROUND_TIMEOUT_MS - (now() - t0));
    const ok = complete && first !== null && last !== null;
    return {
      round,
      received,
      firstMs: ok ? round1(first - t0) : null,
      lastMs: ok ? round1(last - t0) : null,
      ok,
    };
  } finally {
    await collection.end();
  }
}

/**
 * One event per player, each on the player's own channel, PUBLISH_CONCURRENCY requests at a time: each event's
 * time from its publish request to its player's message (into `events`), and the round's first and last delivery
 * from the first publish.
 */
async function viewerRound(
  pool: AudiencePool,
  sandboxUrl: string,
  group: string,
  players: Player[],
  round: number,
  events: number[],
): Promise<RoundResult> {
  const sentAt = new Array<number>(players.length);
  const prefix = `bench r${round} p`;
  const collection = await pool.collect(group, prefix, true);
  try {
    const t0 = now();
    let next = 0;
    const worker = async () => {
      while (next < players.length) {
        const i = next++;
        sentAt[i] = now();
        await publishNotification(
          sandboxUrl,
          players[i]!,
          `${prefix}${i} `,
          (round + WARMUP_ROUNDS) * 1_000_000 + i,
        );
      }
    };
    await pool.race(Promise.all(Array.from({ length: PUBLISH_CONCURRENCY }, worker)));
    const { complete, first, last, received, at } = await collection.until(ROUND_TIMEOUT_MS - (now() - t0));
    const ok = complete && first !== null && last !== null;
    if (ok) for (const [i, t] of at) events.push(round1(t - sentAt[i]!));
    return {
      round,
      received,
      firstMs: ok ? round1(first - t0) : null,
      lastMs: ok ? round1(last - t0) : null,
      ok,
    };
  } finally {
    await collection.end();
  }
}

interface MemoryReading extends HeapAfterGc {
  rssKiB: number;
}

/**
 * The gateway's memory once it is quiet: after SETTLE_MS and garbage collection (see GC_ON_SIGNAL in
 * processes.ts), so the figure is what is kept alive rather than when V8 last happened to collect. Null without /proc.
 */
async function settledMemory(gateway: Server): Promise<MemoryReading | null> {
  if (!canReadRss) return null;
  await sleep(SETTLE_MS);
  const heap = await gateway.collectGarbage();
  const rssKiB = readRssKiB(gateway.pid);
  return rssKiB === null ? null : { rssKiB, ...heap };
}

/** The gateway's open files (sockets among them) now: the entries of /proc/<pid>/fd; null without /proc. */
function openFilesOf(gateway: Server): number | null {
  if (!canReadRss) return null;
  return fs.readdirSync(`/proc/${gateway.pid}/fd`).length;
}

/** Longest wait for the gateway's open files to come back to its baseline once every subscriber has left. */
const FILES_SETTLE_MS = 15_000;

/**
 * The gateway's open files once every subscriber has left: read until they are back within a few of the baseline,
 * or FILES_SETTLE_MS has passed. Connections to the casino opened for the players' channels close a few seconds after
 * their last use (keep-alive), so a reading at once would count them.
 */
async function settledOpenFiles(gateway: Server, baseline: number | null): Promise<number | null> {
  const until = Date.now() + FILES_SETTLE_MS;
  for (;;) {
    const files = openFilesOf(gateway);
    if (files === null || baseline === null || files <= baseline + 5 || Date.now() > until) return files;
    await sleep(500);
  }
}

function memoryPerSubscriber(
  baseline: MemoryReading | null,
  watchersOnly: MemoryReading | null,
  loaded: MemoryReading | null,
  left: MemoryReading | null,
  watchers: number,
  viewers: number,
): SubscriptionBenchReport['memory'] {
  if (!baseline || !watchersOnly || !loaded || !left) return null;
  const per = (from: number, to: number, n: number) => (n > 0 ? round1((to - from) / n) : 0);
  const all = watchers + viewers;
  const kept = (m: MemoryReading) => m.heapUsedKiB + m.externalKiB;
  return {
    baselineRssKiB: baseline.rssKiB,
    watchersRssKiB: watchersOnly.rssKiB,
    loadedRssKiB: loaded.rssKiB,
    leftRssKiB: left.rssKiB,
    perSubscriberKiB: per(kept(baseline), kept(loaded), all),
    rssPerSubscriberKiB: per(baseline.rssKiB, loaded.rssKiB, all),
    leftBehindPerSubscriberKiB: per(kept(baseline), kept(left), all),
    heapPerWatcherKiB: per(baseline.heapUsedKiB, watchersOnly.heapUsedKiB, watchers),
    heapPerViewerKiB: per(watchersOnly.heapUsedKiB, loaded.heapUsedKiB, viewers),
    heapUsedPerSubscriberKiB: per(baseline.heapUsedKiB, loaded.heapUsedKiB, all),
    heapTotalPerSubscriberKiB: per(baseline.heapTotalKiB, loaded.heapTotalKiB, all),
    externalPerSubscriberKiB: per(baseline.externalKiB, loaded.externalKiB, all),
  };
}

/** Each measured value against its budget; memory is 'n/a' where it cannot be read. */
function checks(
  report: Pick<
    SubscriptionBenchReport,
    'tournament' | 'viewer' | 'memory' | 'openFiles' | 'watchers' | 'viewers'
  >,
) {
  const check = (name: string, value: number | null, budget: number, unit: string, na = false): Check => ({
    name,
    value,
    budget,
    unit,
    status: na ? 'n/a' : value !== null && value <= budget ? 'PASS' : 'FAIL',
  });
  const perSubscriber = report.memory?.perSubscriberKiB ?? null;
  const leftBehind = report.memory?.leftBehindPerSubscriberKiB ?? null;
  const files = report.openFiles;
  const failed = report.tournament.rounds.failed + report.viewer.rounds.failed;
  const list: Check[] = [];
  if (report.watchers > 0) {
    list.push(
      check(
        `${count(report.watchers)} watchers p99 (last)`,
        report.tournament.lastMs?.p99 ?? null,
        BUDGETS.watchersP99Ms,
        'ms',
      ),
    );
  }
  if (report.viewers > 0) {
    list.push(
      check(
        `${count(report.viewers)} players' events p99`,
        report.viewer.eventMs?.p99 ?? null,
        BUDGETS.viewersP99Ms,
        'ms',
      ),
    );
  }
  list.push(
    check(
      'gateway memory per subscriber',
      perSubscriber,
      BUDGETS.memoryPerSubscriberKiB,
      'KiB',
      perSubscriber === null,
    ),
    check(
      'gateway memory kept after all left',
      leftBehind,
      BUDGETS.leftBehindPerSubscriberKiB,
      'KiB',
      leftBehind === null,
    ),
    check(
      'gateway open files after all left',
      files ? files.afterLeave - files.baseline : null,
      BUDGETS.openFilesLeftBehind,
      'files',
      files === null,
    ),
    check('failed rounds', failed, 0, 'rounds'),
  );
  return list;
}

/** 10000 as "10k", 1000 as "1k", 20 as "20". */
const count = (n: number) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));

/** The open-files limit this process runs under (the gateway inherits it): each subscriber is one socket per side. */
function openFilesLimit(): string {
  try {
    const limits = fs.readFileSync('/proc/self/limits', 'utf8');
    const line = limits.split('\n').find((l) => l.startsWith('Max open files'));
    return line ? (line.split(/\s{2,}/)[1] ?? 'unknown') : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Runs the benchmark on its own sandbox, gateway and client processes, which it stops before returning (also on
 * errors). Memory is the gateway's heap and external memory growth from a warmed-up baseline to every subscriber,
 * divided by their number; then every subscriber leaves and what the gateway still holds is measured too.
 */
export async function runSubscriptionBench(options: BenchOptions = {}): Promise<SubscriptionBenchReport> {
  const watchers = options.watchers ?? 18_000;
  const viewers = options.viewers ?? 1_000;
  const rounds = options.rounds ?? 100;
  const viewerRounds = options.viewerRounds ?? 10;
  const log = options.log ?? (() => {});
  const servers: Server[] = [];
  let pool: AudiencePool | null = null;
  try {
    log('Starting the sandbox and the gateway...');
    const sandbox = await startSandbox();
    servers.push(sandbox);
    // The sandbox shares the machine with the gateway and the clients and hashes 1,000 passwords meanwhile: a session
    // check or channel authorisation of the warm-up may take longer than the default 5 s there, which the bench is
    // not measuring.
    const gateway = await startGateway(sandbox.url, undefined, { env: { UPSTREAM_TIMEOUT_MS: '30000' } });
    servers.push(gateway);
    options.onGateway?.(gateway);
    const processes = Math.max(1, Math.ceil((watchers + viewers) / SOCKETS_PER_PROCESS));
    log(`Starting ${processes} client process(es)...`);
    const p = (pool = await AudiencePool.start(`${gateway.url.replace(/^http/, 'ws')}/graphql`, processes));
    const deadline = Date.now() + SUBSCRIBE_TIMEOUT_MS;
    const guests = (n: number): Spec[] => Array.from({ length: n }, () => ({ token: null, index: -1 }));
    const watch = { id: TOURNAMENT_ID };

    // Baseline: the gateway after it has served both kinds once (code loaded, upstream connected).
    log(`Warm-up with ${WARMUP_SUBSCRIBERS} watchers and ${WARMUP_SUBSCRIBERS} players...`);
    const registerStarted = performance.now();
    const warmPlayers = await registerPlayers(sandbox.url, WARMUP_SUBSCRIBERS, 'warm');
    // The players are registered meanwhile (the sandbox's work, not the gateway's).
    const registering = registerPlayers(sandbox.url, viewers, 'bench').then((players) => {
      registerMs = round1(performance.now() - registerStarted);
      return players;
    });
    registering.catch(() => {});
    let registerMs = 0;
    await p.open('warm watchers', WATCHER_QUERY, watch, guests(WARMUP_SUBSCRIBERS));
    await warmUpWatchers(p, sandbox.url, 'warm watchers', WARMUP_SUBSCRIBERS, deadline);
    await openViewers(p, 'warm players', warmPlayers, log, deadline);
    await p.close('warm watchers');
    await p.close('warm players');
    const baseline = await settledMemory(gateway);
    const baselineFiles = openFilesOf(gateway);

    log(`Opening ${watchers} watchers over ${processes} client process(es)...`);
    let started = performance.now();
    await withDeadline(
      openMany(p, 'watchers', WATCHER_QUERY, watch, guests(watchers), log, 'watchers'),
      deadline,
      () => 'opening the watchers',
    );
    const warmupPublishes =
      watchers > 0 ? await warmUpWatchers(p, sandbox.url, 'watchers', watchers, deadline) : 0;
    const watchersMs = round1(performance.now() - started);
    log(
      `  all ${watchers} watchers subscribed in ${Math.round(watchersMs)} ms (${warmupPublishes} warm-up publish(es))`,
    );
    const watchersOnly = await settledMemory(gateway);

    const players = await withDeadline(registering, deadline, () => 'registering the players');
    log(`  ${viewers} players registered in ${Math.round(registerMs)} ms`);
    log(`Opening ${viewers} players' viewerEvents...`);
    started = performance.now();
    await openViewers(p, 'players', players, log, deadline);
    const viewersMs = round1(performance.now() - started);
    log(`  all ${viewers} players live in ${Math.round(viewersMs)} ms`);
    const loaded = await settledMemory(gateway);
    const loadedFiles = openFilesOf(gateway);

    await p.strict();
    const tournamentResults: RoundResult[] = [];
    if (watchers > 0) {
      log(`Measuring ${rounds} tournament rounds (after ${WARMUP_ROUNDS} not counted)...`);
      for (let round = 1 - WARMUP_ROUNDS; round <= rounds; round += 1) {
        const result = await tournamentRound(p, sandbox.url, 'watchers', round);
        if (round > 0) tournamentResults.push(result);
        if (!result.ok) log(`  round ${round}: only ${result.received}/${watchers} received within 10 s`);
        await sleep(result.ok ? ROUND_PAUSE_MS : SETTLE_MS);
      }
    }
    const viewerResults: RoundResult[] = [];
    const events: number[] = [];
    if (viewers > 0) {
      log(`Measuring ${viewerRounds} rounds of one event per player (after ${WARMUP_ROUNDS} not counted)...`);
      const notCounted: number[] = [];
      for (let round = 1 - WARMUP_ROUNDS; round <= viewerRounds; round += 1) {
        const result = await viewerRound(
          p,
          sandbox.url,
          'players',
          players,
          round,
          round > 0 ? events : notCounted,
        );
        if (round > 0) viewerResults.push(result);
        if (!result.ok) log(`  round ${round}: only ${result.received}/${viewers} received within 10 s`);
        await sleep(result.ok ? ROUND_PAUSE_MS : SETTLE_MS);
      }
    }
    const unexpected = p.unexpected;

    // Every subscriber leaves: the gateway should come back to its baseline (no socket, timer or group kept).
    log('Closing every subscriber...');
    await p.close();
    const left = await settledMemory(gateway);
    const leftFiles = await settledOpenFiles(gateway, baselineFiles);
    const memory = memoryPerSubscriber(baseline, watchersOnly, loaded, left, watchers, viewers);
    const openFiles =
      baselineFiles !== null && loadedFiles !== null && leftFiles !== null
        ? { baseline: baselineFiles, loaded: loadedFiles, afterLeave: leftFiles }
        : null;

    const summary = (results: RoundResult[], requested: number) => {
      const completed = results.filter((r) => r.ok);
      return {
        completed,
        rounds: {
          requested,
          completed: completed.length,
          failed: results.length - completed.length,
          results,
        },
      };
    };
    const t = summary(tournamentResults, watchers > 0 ? rounds : 0);
    const v = summary(viewerResults, viewers > 0 ? viewerRounds : 0);
    const partial = {
      watchers,
      viewers,
      tournament: {
        rounds: t.rounds,
        lastMs: tenths(summarize(t.completed.map((r) => r.lastMs!))),
        firstMs: tenths(summarize(t.completed.map((r) => r.firstMs!))),
      },
      viewer: {
        rounds: v.rounds,
        eventMs: tenths(summarize(events)),
        roundMs: tenths(summarize(v.completed.map((r) => r.lastMs!))),
      },
      memory,
      openFiles,
    };
    const list = checks(partial);
    const cpus = os.cpus();
    return {
      benchmark: 'subscriptions',
      generatedAt: new Date().toISOString(),
      environment: {
        node: process.version,
        platform: process.platform,
        arch: process.arch,
        cpus: cpus.length,
        cpuModel: cpus[0]?.model.trim() ?? 'unknown',
        openFiles: openFilesLimit(),
      },
      ...partial,
      clientProcesses: processes,
      setup: { registerMs, watchersMs, viewersMs, warmupPublishes },
      unexpectedMessages: unexpected,
      budgets: BUDGETS,
      checks: list,
      pass: list.every((c) => c.status !== 'FAIL'),
    };
  } finally {
    await pool?.stop();
    agent.destroy();
    // The gateway first, so it does not see its upstream vanish under live subscribers.
    for (const server of servers.reverse()) await server.stop();
  }
}

/** `promise`, or an error naming `what` once the deadline (a Date.now() time) passes. */
async function withDeadline<T>(promise: Promise<T>, deadline: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what()} took longer than ${SUBSCRIBE_TIMEOUT_MS / 1000} s`)),
      Math.max(0, deadline - Date.now()),
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
