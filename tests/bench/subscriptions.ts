import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import { WebSocket } from 'ws';
import {
  canReadRss,
  readRssKiB,
  startGateway,
  startSandbox,
  type HeapAfterGc,
  type Server,
} from './processes.js';
import { summarize, type Summary } from './stats.js';

/**
 * What the gateway must achieve with 1,000 guests watching one tournament on one process: the time from the
 * casino's publish to the LAST subscriber's message (p50 and p99 over the rounds), and the resident memory (RSS
 * growth) each subscriber costs. The floor of the latency is the gateway's 30 ms coalescing window plus one
 * upstream refetch (about 40 ms with 20 subscribers); the rest grows with the subscribers, since each one's answer
 * is executed and written separately.
 */
export const BUDGETS = {
  fanoutP50Ms: 250,
  fanoutP99Ms: 600,
  memoryPerSubscriberKiB: 64,
} as const;

/** Sockets opened at once, so the bench does not flood the machine with 1,000 simultaneous handshakes. */
const BATCH_SIZE = 100;
/** Subscribers of the warm-up that measures the baseline memory. */
const WARMUP_SUBSCRIBERS = 10;
/** Opening every subscriber and seeing each receive a refresh must take no longer than this. */
const SUBSCRIBE_TIMEOUT_MS = 60_000;
/** While some subscribers have not received the warm-up refresh (their subscribe is still running), publish again. */
const WARMUP_REPUBLISH_MS = 2_000;
/** A round not delivered to every subscriber within this counts as failed. */
const ROUND_TIMEOUT_MS = 10_000;
/** Pause between rounds: longer than the gateway's 30 ms coalescing window, so two rounds never merge into one. */
const ROUND_PAUSE_MS = 150;
/** Quiet time before reading memory, so the last burst's garbage and buffers have settled. */
const SETTLE_MS = 1_000;

/** Tournament 1, which the sandbox seeds; its global id is base64 of `Tournament:1`. */
const TOURNAMENT_CHANNEL = 'tournament.1';
const TOURNAMENT_ID = Buffer.from('Tournament:1').toString('base64');
const SUBSCRIPTION = `subscription($id: ID!) {
  tournamentUpdated(id: $id) { id tournamentId usersCount leaderboard(first: 10) { edges { node { name points } } } }
}`;

export interface BenchOptions {
  /** Concurrent graphql-ws subscribers, one socket each (default 1,000). */
  subscribers?: number;
  /** Publishes measured (default 30). */
  rounds?: number;
  /** Progress lines (silent by default). */
  log?: (line: string) => void;
}

export interface RoundResult {
  round: number;
  /** Subscribers that received this round's message before the timeout. */
  received: number;
  /** From the publish request to the first and to the last subscriber's message; null for a failed round. */
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
  environment: { node: string; platform: string; arch: string; cpus: number; cpuModel: string };
  subscribers: number;
  rounds: { requested: number; completed: number; failed: number; results: RoundResult[] };
  /** Publish to the last subscriber's message, over the completed rounds. */
  fanoutMs: Summary | null;
  /** Publish to the first subscriber's message (for information: the floor without the fan-out). */
  firstMs: Summary | null;
  /**
   * The gateway's resident memory after a full GC, warmed up and with every subscriber (null without /proc);
   * perSubscriberKiB is the budgeted RSS growth per subscriber, the heap and external figures show where it went.
   */
  memory: {
    baselineRssKiB: number;
    loadedRssKiB: number;
    perSubscriberKiB: number;
    heapUsedPerSubscriberKiB: number;
    heapTotalPerSubscriberKiB: number;
    externalPerSubscriberKiB: number;
  } | null;
  setup: { subscribeMs: number; warmupPublishes: number };
  /** Messages that arrived outside a round or twice in one (a sign of unexpected extra pushes). */
  unexpectedMessages: number;
  budgets: typeof BUDGETS;
  checks: Check[];
  pass: boolean;
}

interface Subscriber {
  client: Client;
  /** The collection this subscriber last answered, so each counts once per collection. */
  answered: number;
  /** Closed by the bench: its subscription ending is expected. */
  closed: boolean;
}

/**
 * Waiting for one message from each of a set of subscribers: a warm-up or a measured round. Arrival times are
 * taken in the subscriber's `next` callback, i.e. when this process handled the message.
 */
interface Collection {
  id: number;
  members: ReadonlySet<Subscriber>;
  remaining: number;
  first: number | null;
  last: number | null;
  done: () => void;
}

/** The bench's subscribers and the collection in progress; any subscriber ending early fails the bench. */
class Audience {
  readonly members = new Set<Subscriber>();
  private collection: Collection | null = null;
  private nextId = 1;
  /** Messages outside a collection, or a second one within it; counted only once `strict` (while measuring). */
  unexpected = 0;
  strict = false;
  /** Closed for good (the bench is over): no more subscribers open. */
  private shut = false;
  private failure: Error | null = null;
  private onFailure: (err: Error) => void = () => {};
  /** Rejects when a subscriber errors, completes or loses its socket before the bench is over. */
  readonly failed = new Promise<never>((_, reject) => (this.onFailure = reject));

  constructor(private readonly wsUrl: string) {
    // Nobody may await `failed` at the moment it rejects; the error is re-thrown by the waits that race it.
    this.failed.catch(() => {});
  }

  /** Opens one socket and subscribes; resolves once the gateway acknowledged the connection. */
  async open(): Promise<Subscriber> {
    // A bench that gave up (a deadline passed) may still be in openMany's loop: it must not open more.
    if (this.shut) throw new Error('the subscribers were closed');
    const client = createClient({
      url: this.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: {},
      retryAttempts: 0,
      lazy: true,
    });
    const connected = new Promise<void>((resolve, reject) => {
      const offConnected = client.on('connected', () => {
        offConnected();
        offClosed();
        resolve();
      });
      const offClosed = client.on('closed', (event) => {
        offConnected();
        offClosed();
        reject(new Error(`a subscriber's socket closed before it connected (${oneLine(event)})`));
      });
    });
    const subscriber: Subscriber = { client, answered: 0, closed: false };
    client.subscribe(
      { query: SUBSCRIPTION, variables: { id: TOURNAMENT_ID } },
      {
        next: (result) => {
          if (result.errors)
            this.fail(subscriber, `a subscriber received errors: ${JSON.stringify(result.errors)}`);
          else this.arrived(subscriber);
        },
        error: (err) => this.fail(subscriber, `a subscription failed: ${oneLine(err)}`),
        complete: () => this.fail(subscriber, 'a subscription was completed by the gateway'),
      },
    );
    this.members.add(subscriber);
    await connected;
    return subscriber;
  }

  /** Opens `count` subscribers, BATCH_SIZE sockets at a time. */
  async openMany(count: number, log: (line: string) => void): Promise<Subscriber[]> {
    const opened: Subscriber[] = [];
    while (opened.length < count) {
      const batch = Math.min(BATCH_SIZE, count - opened.length);
      opened.push(...(await this.race(Promise.all(Array.from({ length: batch }, () => this.open())))));
      if (count > BATCH_SIZE) log(`  ${opened.length}/${count} sockets connected`);
    }
    return opened;
  }

  /**
   * Starts waiting for one message from each of `members` (a warm-up may publish several times meanwhile);
   * `end()` before the next collection starts.
   */
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
      /** performance.now() of the first and the last arrival. */
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
    for (const s of closing) {
      s.closed = true;
      this.members.delete(s);
    }
    await Promise.allSettled(closing.map(async (s) => s.client.dispose()));
  }

  /** `promise`, unless a subscriber fails first. */
  race<T>(promise: Promise<T>): Promise<T> {
    if (this.failure) {
      // The bench is failing already; whatever `promise` comes to is of no interest (nor an unhandled rejection).
      promise.catch(() => {});
      return Promise.reject(this.failure);
    }
    return Promise.race([promise, this.failed]);
  }

  private arrived(subscriber: Subscriber): void {
    const now = performance.now();
    const c = this.collection;
    if (!c || !c.members.has(subscriber) || subscriber.answered === c.id) {
      if (this.strict) this.unexpected += 1;
      return;
    }
    subscriber.answered = c.id;
    c.first ??= now;
    c.last = now;
    c.remaining -= 1;
    if (c.remaining === 0) c.done();
  }

  private fail(subscriber: Subscriber, why: string): void {
    if (subscriber.closed || this.failure) return;
    this.failure = new Error(why);
    this.onFailure(this.failure);
  }
}

/** A close event, an Error or GraphQL errors, as one line. */
function oneLine(event: unknown): string {
  if (event instanceof Error) return event.message;
  if (Array.isArray(event)) return JSON.stringify(event);
  const e = event as { code?: unknown; reason?: unknown } | null;
  if (e && typeof e.code === 'number')
    return `close code ${e.code}${e.reason ? `: ${String(e.reason)}` : ''}`;
  return String(event);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const round1 = (n: number) => Math.round(n * 10) / 10;
/** A summary to 0.1 ms, as the samples are (only the mean has more digits). */
const tenths = (s: Summary | null): Summary | null => s && { ...s, mean: round1(s.mean) };

/** Publishes one refresh flag on the tournament's live channel through the sandbox's control route. */
async function publishRefresh(sandboxUrl: string): Promise<void> {
  const res = await fetch(`${sandboxUrl}/sandbox/publish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      channel: TOURNAMENT_CHANNEL,
      event: 'tournamentUpdated',
      data: { refresh: true },
    }),
  });
  const body = (await res.json().catch(() => null)) as { published?: unknown } | null;
  if (!res.ok || body?.published !== true) {
    throw new Error(`publishing failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  }
}

/**
 * Publishes until each of `members` received a message. A socket is acknowledged before its subscription has
 * reached the upstream channel (the gateway first loads the tournament), so one publish may come too early for
 * the last few; publishing again every WARMUP_REPUBLISH_MS covers them. Answers how many publishes it took.
 */
async function warmUp(
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
          `only ${collection.received()} of ${members.length} subscribers received a refresh within ` +
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

/** One measured publish: the time to the first and to the last of `members`. */
async function measureRound(
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

interface MemoryReading extends HeapAfterGc {
  rssKiB: number;
}

/**
 * The gateway's memory once it is quiet: after SETTLE_MS (the last sockets' and refreshes' work is over) and
 * garbage collection (see GC_ON_SIGNAL in processes.ts), so the figure is what is kept alive rather than when V8
 * last happened to collect. Null without /proc.
 */
async function settledMemory(gateway: Server): Promise<MemoryReading | null> {
  if (!canReadRss) return null;
  await sleep(SETTLE_MS);
  const heap = await gateway.collectGarbage();
  const rssKiB = readRssKiB(gateway.pid);
  return rssKiB === null ? null : { rssKiB, ...heap };
}

/** RSS growth per subscriber (the budgeted figure), and that of the JS heap (used, committed) and external memory. */
function memoryPerSubscriber(
  baseline: MemoryReading | null,
  loaded: MemoryReading | null,
  subscribers: number,
) {
  if (!baseline || !loaded) return null;
  const per = (from: number, to: number) => round1((to - from) / subscribers);
  return {
    baselineRssKiB: baseline.rssKiB,
    loadedRssKiB: loaded.rssKiB,
    perSubscriberKiB: per(baseline.rssKiB, loaded.rssKiB),
    heapUsedPerSubscriberKiB: per(baseline.heapUsedKiB, loaded.heapUsedKiB),
    heapTotalPerSubscriberKiB: per(baseline.heapTotalKiB, loaded.heapTotalKiB),
    externalPerSubscriberKiB: per(baseline.externalKiB, loaded.externalKiB),
  };
}

/** Each measured value against its budget; memory is 'n/a' where it cannot be read. */
function checks(fanout: Summary | null, perSubscriberKiB: number | null, failedRounds: number): Check[] {
  const check = (name: string, value: number | null, budget: number, unit: string, na = false): Check => ({
    name,
    value,
    budget,
    unit,
    status: na ? 'n/a' : value !== null && value <= budget ? 'PASS' : 'FAIL',
  });
  return [
    check('fan-out p50 (last subscriber)', fanout?.p50 ?? null, BUDGETS.fanoutP50Ms, 'ms'),
    check('fan-out p99 (last subscriber)', fanout?.p99 ?? null, BUDGETS.fanoutP99Ms, 'ms'),
    check(
      'gateway memory per subscriber',
      perSubscriberKiB,
      BUDGETS.memoryPerSubscriberKiB,
      'KiB',
      perSubscriberKiB === null,
    ),
    check('failed rounds', failedRounds, 0, 'rounds'),
  ];
}

/**
 * Runs the benchmark on its own sandbox and gateway processes, which it stops before answering (also on errors).
 * Memory is the gateway's RSS growth from a warmed-up baseline to N live subscribers, divided by N.
 */
export async function runSubscriptionBench(options: BenchOptions = {}): Promise<SubscriptionBenchReport> {
  const subscribers = options.subscribers ?? 1000;
  const rounds = options.rounds ?? 30;
  const log = options.log ?? (() => {});
  const servers: Server[] = [];
  let audience: Audience | null = null;
  try {
    log('Starting the sandbox and the gateway...');
    const sandbox = await startSandbox();
    servers.push(sandbox);
    const gateway = await startGateway(sandbox.url);
    servers.push(gateway);
    const a = (audience = new Audience(`${gateway.url.replace(/^http/, 'ws')}/graphql`));

    // Baseline: the gateway after it has served a tournament subscription once (code loaded, upstream connected).
    log(`Warm-up with ${WARMUP_SUBSCRIBERS} subscribers...`);
    const few = await a.openMany(WARMUP_SUBSCRIBERS, log);
    await warmUp(a, sandbox.url, few, Date.now() + SUBSCRIBE_TIMEOUT_MS);
    await a.close(few);
    const baseline = await settledMemory(gateway);

    log(`Opening ${subscribers} subscribers (${BATCH_SIZE} at a time)...`);
    const started = performance.now();
    const deadline = Date.now() + SUBSCRIBE_TIMEOUT_MS;
    const all = await withDeadline(a.openMany(subscribers, log), deadline, () => 'opening the subscribers');
    const warmupPublishes = await warmUp(a, sandbox.url, all, deadline);
    const subscribeMs = round1(performance.now() - started);
    log(
      `  all ${subscribers} subscribed in ${Math.round(subscribeMs)} ms (${warmupPublishes} warm-up publish(es))`,
    );

    const memory = memoryPerSubscriber(baseline, await settledMemory(gateway), subscribers);

    log(`Measuring ${rounds} rounds...`);
    a.strict = true;
    const results: RoundResult[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const result = await measureRound(a, sandbox.url, all, round);
      results.push(result);
      if (!result.ok) log(`  round ${round}: only ${result.received}/${subscribers} received within 10 s`);
      // After a failed round its late messages must not land in the next one.
      await sleep(result.ok ? ROUND_PAUSE_MS : SETTLE_MS);
    }
    const completed = results.filter((r) => r.ok);
    const fanoutMs = tenths(summarize(completed.map((r) => r.lastMs!)));
    const firstMs = tenths(summarize(completed.map((r) => r.firstMs!)));
    const failed = results.length - completed.length;
    const list = checks(fanoutMs, memory?.perSubscriberKiB ?? null, failed);
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
      },
      subscribers,
      rounds: { requested: rounds, completed: completed.length, failed, results },
      fanoutMs,
      firstMs,
      memory,
      setup: { subscribeMs, warmupPublishes },
      unexpectedMessages: a.unexpected,
      budgets: BUDGETS,
      checks: list,
      pass: list.every((c) => c.status !== 'FAIL'),
    };
  } finally {
    if (audience) await audience.close();
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
