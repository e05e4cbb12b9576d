import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
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
import { LiteSocket } from './ws-lite.js';

/**
 * What one gateway process must achieve with 10,000 guests watching one tournament and 1,000 signed-in players each
 * following their own `viewerEvents`, all connected at once (issue 12): the time from the casino's publish to the
 * LAST watcher's message (p50 and p99 over the rounds), the time from a player's event being published to its
 * delivery (p50 and p99 over every event of every round), and the resident memory (RSS growth) each subscriber costs.
 * The watchers share one execution per event (gateway/src/realtime/shared-fanout.ts); each player's events are
 * executed for that player alone.
 */
export const BUDGETS = {
  watchersP99Ms: 250,
  viewersP99Ms: 250,
  memoryPerSubscriberKiB: 30,
} as const;

/** Sockets opened at once, so the bench does not flood the machine with thousands of simultaneous handshakes. */
const BATCH_SIZE = 250;
/** Subscribers of each kind in the warm-up that measures the baseline memory. */
const WARMUP_SUBSCRIBERS = 10;
/** Opening every subscriber and seeing each receive a first message must take no longer than this. */
const SUBSCRIBE_TIMEOUT_MS = 120_000;
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
    perSubscriberKiB: number;
    /** JS heap used per watcher (baseline to watchers) and per player (watchers to players too). */
    heapPerWatcherKiB: number;
    heapPerViewerKiB: number;
    heapUsedPerSubscriberKiB: number;
    heapTotalPerSubscriberKiB: number;
    externalPerSubscriberKiB: number;
  } | null;
  setup: { registerMs: number; watchersMs: number; viewersMs: number; warmupPublishes: number };
  /** Messages that arrived outside a round or twice in one (a sign of unexpected extra pushes). */
  unexpectedMessages: number;
  budgets: typeof BUDGETS;
  checks: Check[];
  pass: boolean;
}

/**
 * One subscriber: a graphql-transport-ws socket with one operation, spoken directly over a minimal WebSocket client
 * (ws-lite.ts: 10,000 official clients, or even `ws` sockets, cost the bench's one process more than the gateway;
 * the protocol is four message types). A message is recognised by its opening bytes, so the bench spends little
 * time per message and measures the gateway.
 */
interface Subscriber {
  ws: LiteSocket;
  /** For a player: the marker its next event's subject carries. */
  expect: string | null;
  /** The collection this subscriber last arrived in, so each counts once per collection. */
  lastCollection: number;
  /** performance.now() of its arrival in the current collection. */
  at: number;
  /** Closed by the bench: its socket ending is expected. */
  closed: boolean;
  /** A player's snapshot has come: its private channel is live at the gateway. */
  snapshot: boolean;
  /** Index among the players (for their publishes), -1 for a watcher. */
  index: number;
}

interface Collection {
  id: number;
  members: ReadonlySet<Subscriber>;
  remaining: number;
  first: number | null;
  last: number | null;
  done: () => void;
}

const NEXT_PREFIX = Buffer.from('{"id":"1","type":"next","payload":');

/** The bench's subscribers and the collection in progress; any subscriber ending early fails the bench. */
class Audience {
  readonly members = new Set<Subscriber>();
  private collection: Collection | null = null;
  private nextId = 1;
  /** Messages outside a collection, or a second one within it; counted only once `strict` (while measuring). */
  unexpected = 0;
  strict = false;
  private shut = false;
  private failure: Error | null = null;
  private onFailure: (err: Error) => void = () => {};
  /** Rejects when a subscriber errors, completes or loses its socket before the bench is over. */
  readonly failed = new Promise<never>((_, reject) => (this.onFailure = reject));

  constructor(private readonly wsUrl: string) {
    this.failed.catch(() => {});
  }

  /** Opens one socket and subscribes; resolves once the gateway acknowledged the connection. */
  open(query: string, variables: Record<string, unknown>, token: string | null, index = -1) {
    if (this.shut) return Promise.reject(new Error('the subscribers were closed'));
    const ws = new LiteSocket(this.wsUrl, 'graphql-transport-ws');
    const subscriber: Subscriber = {
      ws,
      expect: null,
      lastCollection: 0,
      at: 0,
      closed: false,
      snapshot: false,
      index,
    };
    this.members.add(subscriber);
    return new Promise<Subscriber>((resolve, reject) => {
      let acknowledged = false;
      ws.on('open', () => {
        const payload = token ? { authorization: `Bearer ${token}` } : {};
        ws.send(JSON.stringify({ type: 'connection_init', payload }));
      });
      ws.on('message', (data: Buffer) => {
        // Looked at as bytes: 10,000 messages a round decoded into strings would cost the bench's one process more.
        if (
          data.length > NEXT_PREFIX.length &&
          data.compare(NEXT_PREFIX, 0, NEXT_PREFIX.length, 0, NEXT_PREFIX.length) === 0
        ) {
          return this.next(subscriber, data);
        }
        const text = String(data);
        const message = JSON.parse(text) as { type: string; payload?: unknown };
        if (message.type === 'connection_ack' && !acknowledged) {
          acknowledged = true;
          ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables } }));
          resolve(subscriber);
        } else if (message.type === 'ping') ws.send('{"type":"pong"}');
        else if (message.type === 'error') this.fail(subscriber, `a subscription failed: ${text}`);
        else if (message.type === 'complete')
          this.fail(subscriber, 'a subscription was completed by the gateway');
        else if (message.type === 'next') this.next(subscriber, data);
      });
      ws.on('error', (err: Error) => {
        if (!acknowledged) reject(err);
        this.fail(subscriber, `a subscriber's socket failed: ${err.message}`);
      });
      ws.on('close', (code: number, reason: string) => {
        const why = `close code ${code}${reason ? `: ${reason}` : ''}`;
        if (!acknowledged) reject(new Error(`a subscriber's socket closed before it connected (${why})`));
        this.fail(subscriber, `a subscriber's socket closed (${why})`);
      });
    });
  }

  /** Opens `count` subscribers, BATCH_SIZE sockets at a time. */
  async openMany(
    count: number,
    open: (i: number) => Promise<Subscriber>,
    log: (line: string) => void,
    what: string,
  ): Promise<Subscriber[]> {
    const opened: Subscriber[] = [];
    while (opened.length < count) {
      const batch = Math.min(BATCH_SIZE, count - opened.length);
      const from = opened.length;
      opened.push(...(await this.race(Promise.all(Array.from({ length: batch }, (_, i) => open(from + i))))));
      if (count > BATCH_SIZE && (opened.length % 2000 === 0 || opened.length === count)) {
        log(`  ${opened.length}/${count} ${what} connected`);
      }
    }
    return opened;
  }

  /** Starts waiting for one message from each of `members`; `end()` before the next collection starts. */
  collect(members: readonly Subscriber[]) {
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const c: Collection = {
      id: this.nextId++,
      members: new Set(members),
      remaining: members.length,
      first: null,
      last: null,
      done,
    };
    this.collection = c;
    return {
      /** Whether every member has received one message, waiting up to timeoutMs for it. */
      until: async (timeoutMs: number): Promise<boolean> => {
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<void>(
          (resolve) => (timer = setTimeout(resolve, Math.max(0, timeoutMs))),
        );
        try {
          await this.race(Promise.race([finished, timedOut]));
        } finally {
          clearTimeout(timer);
        }
        return c.remaining === 0;
      },
      received: () => members.length - c.remaining,
      first: () => c.first,
      last: () => c.last,
      end: () => {
        if (this.collection === c) this.collection = null;
      },
    };
  }

  /** Closes the given subscribers (all when none are given); ending them this way is not a failure. */
  async close(subscribers?: readonly Subscriber[]): Promise<void> {
    if (!subscribers) this.shut = true;
    const closing = subscribers ?? [...this.members];
    await Promise.all(
      closing.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.closed = true;
            this.members.delete(s);
            if (s.ws.readyState === LiteSocket.CLOSED) return resolve();
            s.ws.once('close', () => resolve());
            s.ws.close(1000);
            setTimeout(() => (s.ws.terminate(), resolve()), 2000).unref();
          }),
      ),
    );
  }

  /** `promise`, unless a subscriber fails first. */
  race<T>(promise: Promise<T>): Promise<T> {
    if (this.failure) {
      promise.catch(() => {});
      return Promise.reject(this.failure);
    }
    return Promise.race([promise, this.failed]);
  }

  private next(subscriber: Subscriber, data: Buffer): void {
    if (data.includes('"errors"')) {
      return this.fail(subscriber, `a subscriber received errors: ${String(data).slice(0, 500)}`);
    }
    if (subscriber.index >= 0 && !subscriber.snapshot && data.includes('"name":"snapshot"')) {
      subscriber.snapshot = true;
      return;
    }
    // A player's message counts when it is the event it waits for (this round's notification).
    if (subscriber.expect !== null && !data.includes(subscriber.expect)) {
      if (this.strict) this.unexpected += 1;
      return;
    }
    this.arrived(subscriber);
  }

  private arrived(subscriber: Subscriber): void {
    const now = performance.now();
    const c = this.collection;
    if (!c || !c.members.has(subscriber) || subscriber.lastCollection === c.id) {
      if (this.strict) this.unexpected += 1;
      return;
    }
    subscriber.lastCollection = c.id;
    subscriber.at = now;
    c.first ??= now;
    c.last = now;
    c.remaining -= 1;
    if (c.remaining === 0) c.done();
  }

  private fail(subscriber: Subscriber, why: string): void {
    if (subscriber.closed || this.failure || this.shut) return;
    this.failure = new Error(why);
    this.onFailure(this.failure);
  }
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
  audience: Audience,
  sandboxUrl: string,
  members: Subscriber[],
  deadline: number,
): Promise<number> {
  const collection = audience.collect(members);
  try {
    for (let publishes = 1; ; publishes += 1) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `only ${collection.received()} of ${members.length} watchers received a refresh within ` +
            `${SUBSCRIBE_TIMEOUT_MS / 1000} s of opening`,
        );
      }
      await audience.race(publishRefresh(sandboxUrl));
      if (await collection.until(Math.min(left, WARMUP_REPUBLISH_MS))) return publishes;
    }
  } finally {
    collection.end();
  }
}

/** Opens one socket per player, then waits for each one's snapshot (sent once its private channel is live). */
async function openViewers(
  audience: Audience,
  players: Player[],
  log: (line: string) => void,
  deadline: number,
): Promise<Subscriber[]> {
  const opened = await withDeadline(
    audience.openMany(
      players.length,
      (i) => audience.open(VIEWER_QUERY, {}, players[i]!.token, i),
      log,
      'players',
    ),
    deadline,
    () => 'opening the players',
  );
  for (;;) {
    const waiting = opened.filter((s) => !s.snapshot).length;
    if (waiting === 0) return opened;
    if (Date.now() > deadline)
      throw new Error(`${waiting} of ${opened.length} players had no snapshot in time`);
    await audience.race(sleep(20));
  }
}

/** One measured publish on the tournament: the time to the first and to the last watcher. */
async function tournamentRound(
  audience: Audience,
  sandboxUrl: string,
  members: Subscriber[],
  round: number,
): Promise<RoundResult> {
  const collection = audience.collect(members);
  try {
    const t0 = performance.now();
    await audience.race(publishRefresh(sandboxUrl));
    const complete = await collection.until(ROUND_TIMEOUT_MS - (performance.now() - t0));
    const first = collection.first();
    const last = collection.last();
    const ok = complete && first !== null && last !== null;
    return {
      round,
      received: collection.received(),
      firstMs: ok ? round1(first - t0) : null,
      lastMs: ok ? round1(last - t0) : null,
      ok,
    };
  } finally {
    collection.end();
  }
}

/**
 * One event per player, each on the player's own channel, PUBLISH_CONCURRENCY requests at a time: each event's
 * time from its publish request to its player's message (into `events`), and the round's first and last delivery
 * from the first publish.
 */
async function viewerRound(
  audience: Audience,
  sandboxUrl: string,
  players: Player[],
  members: Subscriber[],
  round: number,
  events: number[],
): Promise<RoundResult> {
  const sentAt = new Array<number>(members.length);
  for (const s of members) s.expect = `bench r${round} p${s.index} `;
  const collection = audience.collect(members);
  try {
    const t0 = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < members.length) {
        const s = members[next++]!;
        sentAt[s.index] = performance.now();
        await publishNotification(
          sandboxUrl,
          players[s.index]!,
          s.expect!,
          (round + WARMUP_ROUNDS) * 1_000_000 + s.index,
        );
      }
    };
    await audience.race(Promise.all(Array.from({ length: PUBLISH_CONCURRENCY }, worker)));
    const complete = await collection.until(ROUND_TIMEOUT_MS - (performance.now() - t0));
    const first = collection.first();
    const last = collection.last();
    const ok = complete && first !== null && last !== null;
    if (ok) for (const s of members) events.push(round1(s.at - sentAt[s.index]!));
    return {
      round,
      received: collection.received(),
      firstMs: ok ? round1(first - t0) : null,
      lastMs: ok ? round1(last - t0) : null,
      ok,
    };
  } finally {
    collection.end();
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

function memoryPerSubscriber(
  baseline: MemoryReading | null,
  watchersOnly: MemoryReading | null,
  loaded: MemoryReading | null,
  watchers: number,
  viewers: number,
): SubscriptionBenchReport['memory'] {
  if (!baseline || !watchersOnly || !loaded) return null;
  const per = (from: number, to: number, n: number) => (n > 0 ? round1((to - from) / n) : 0);
  const all = watchers + viewers;
  return {
    baselineRssKiB: baseline.rssKiB,
    watchersRssKiB: watchersOnly.rssKiB,
    loadedRssKiB: loaded.rssKiB,
    perSubscriberKiB: per(baseline.rssKiB, loaded.rssKiB, all),
    heapPerWatcherKiB: per(baseline.heapUsedKiB, watchersOnly.heapUsedKiB, watchers),
    heapPerViewerKiB: per(watchersOnly.heapUsedKiB, loaded.heapUsedKiB, viewers),
    heapUsedPerSubscriberKiB: per(baseline.heapUsedKiB, loaded.heapUsedKiB, all),
    heapTotalPerSubscriberKiB: per(baseline.heapTotalKiB, loaded.heapTotalKiB, all),
    externalPerSubscriberKiB: per(baseline.externalKiB, loaded.externalKiB, all),
  };
}

/** Each measured value against its budget; memory is 'n/a' where it cannot be read. */
function checks(
  report: Pick<SubscriptionBenchReport, 'tournament' | 'viewer' | 'memory' | 'watchers' | 'viewers'>,
) {
  const check = (name: string, value: number | null, budget: number, unit: string, na = false): Check => ({
    name,
    value,
    budget,
    unit,
    status: na ? 'n/a' : value !== null && value <= budget ? 'PASS' : 'FAIL',
  });
  const perSubscriber = report.memory?.perSubscriberKiB ?? null;
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
 * Runs the benchmark on its own sandbox and gateway processes, which it stops before returning (also on errors).
 * Memory is the gateway's RSS growth from a warmed-up baseline to every subscriber, divided by their number.
 */
export async function runSubscriptionBench(options: BenchOptions = {}): Promise<SubscriptionBenchReport> {
  const watchers = options.watchers ?? 10_000;
  const viewers = options.viewers ?? 1_000;
  const rounds = options.rounds ?? 100;
  const viewerRounds = options.viewerRounds ?? 10;
  const log = options.log ?? (() => {});
  const servers: Server[] = [];
  let audience: Audience | null = null;
  try {
    log('Starting the sandbox and the gateway...');
    const sandbox = await startSandbox();
    servers.push(sandbox);
    const gateway = await startGateway(sandbox.url);
    servers.push(gateway);
    options.onGateway?.(gateway);
    const a = (audience = new Audience(`${gateway.url.replace(/^http/, 'ws')}/graphql`));
    const deadline = Date.now() + SUBSCRIBE_TIMEOUT_MS;

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
    const fewWatchers = await a.openMany(
      WARMUP_SUBSCRIBERS,
      () => a.open(WATCHER_QUERY, { id: TOURNAMENT_ID }, null),
      log,
      'watchers',
    );
    await warmUpWatchers(a, sandbox.url, fewWatchers, deadline);
    const fewViewers = await openViewers(a, warmPlayers, log, deadline);
    await a.close([...fewWatchers, ...fewViewers]);
    const baseline = await settledMemory(gateway);

    log(`Opening ${watchers} watchers (${BATCH_SIZE} at a time)...`);
    let started = performance.now();
    const all = await withDeadline(
      a.openMany(watchers, () => a.open(WATCHER_QUERY, { id: TOURNAMENT_ID }, null), log, 'watchers'),
      deadline,
      () => 'opening the watchers',
    );
    const warmupPublishes = watchers > 0 ? await warmUpWatchers(a, sandbox.url, all, deadline) : 0;
    const watchersMs = round1(performance.now() - started);
    log(
      `  all ${watchers} watchers subscribed in ${Math.round(watchersMs)} ms (${warmupPublishes} warm-up publish(es))`,
    );
    const watchersOnly = await settledMemory(gateway);

    const players = await withDeadline(registering, deadline, () => 'registering the players');
    log(`  ${viewers} players registered in ${Math.round(registerMs)} ms`);
    log(`Opening ${viewers} players' viewerEvents...`);
    started = performance.now();
    const followers = await openViewers(a, players, log, deadline);
    const viewersMs = round1(performance.now() - started);
    log(`  all ${viewers} players live in ${Math.round(viewersMs)} ms`);
    const loaded = await settledMemory(gateway);
    const memory = memoryPerSubscriber(baseline, watchersOnly, loaded, watchers, viewers);

    a.strict = true;
    const tournamentResults: RoundResult[] = [];
    if (watchers > 0) {
      log(`Measuring ${rounds} tournament rounds (after ${WARMUP_ROUNDS} not counted)...`);
      for (let round = 1 - WARMUP_ROUNDS; round <= rounds; round += 1) {
        const result = await tournamentRound(a, sandbox.url, all, round);
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
          a,
          sandbox.url,
          players,
          followers,
          round,
          round > 0 ? events : notCounted,
        );
        if (round > 0) viewerResults.push(result);
        if (!result.ok) log(`  round ${round}: only ${result.received}/${viewers} received within 10 s`);
        await sleep(result.ok ? ROUND_PAUSE_MS : SETTLE_MS);
      }
    }
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
      setup: { registerMs, watchersMs, viewersMs, warmupPublishes },
      unexpectedMessages: a.unexpected,
      budgets: BUDGETS,
      checks: list,
      pass: list.every((c) => c.status !== 'FAIL'),
    };
  } finally {
    if (audience) await audience.close();
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
