import type { Redis } from 'ioredis';

/**
 * Attempt counters in fixed windows. A key names one subject in one window (limiter.ts puts the window's number in
 * it), so a window's count is never reset by hand: the next window is another key, and old ones expire.
 */
export interface WindowCounters {
  /**
   * Counts `amount` (one attempt, or an operation's cost) at `key`, which lives for `windowMs`; returns the count so
   * far (0: not counted). An amount of 0 reads the count without adding to it.
   */
  hit(key: string, windowMs: number, amount?: number): Promise<number>;
  /**
   * Takes back `amount` (default 1) counted at `key`: a sign-in that succeeded, or that the casino never responded
   * to; a partner's operation refused for its cost.
   */
  undo(key: string, amount?: number): Promise<void>;
  /** Forgets every attempt counted at `key` (a player's failed sign-ins, once they sign in). */
  clear(key: string): Promise<void>;
}

/** Keys the memory counters hold at most: about 10 MB however many addresses flood the gateway. */
const MAX_MEMORY_KEYS = 100_000;

/**
 * Counters in this process's memory (one replica, no REDIS_URL): bounded and expiring. When full, expired keys go
 * first, then the oldest tenth, so a flood of new addresses cannot grow the process without bound (at worst it
 * forgets some counts early).
 */
export class MemoryCounters implements WindowCounters {
  private readonly counts = new Map<string, { count: number; expiresAt: number }>();

  constructor(
    private readonly now: () => number,
    private readonly maxKeys = MAX_MEMORY_KEYS,
  ) {}

  hit(key: string, windowMs: number, amount = 1): Promise<number> {
    const now = this.now();
    let entry = this.counts.get(key);
    if (!entry || entry.expiresAt <= now) {
      if (entry) this.counts.delete(key);
      if (this.counts.size >= this.maxKeys) this.makeRoom(now);
      entry = { count: 0, expiresAt: now + windowMs };
      this.counts.set(key, entry);
    }
    entry.count += amount;
    return Promise.resolve(entry.count);
  }

  undo(key: string, amount = 1): Promise<void> {
    const entry = this.counts.get(key);
    if (entry) entry.count = Math.max(0, entry.count - amount);
    return Promise.resolve();
  }

  clear(key: string): Promise<void> {
    this.counts.delete(key);
    return Promise.resolve();
  }

  /** How many keys are held (for tests of the bound). */
  get size(): number {
    return this.counts.size;
  }

  private makeRoom(now: number): void {
    for (const [key, entry] of this.counts) if (entry.expiresAt <= now) this.counts.delete(key);
    if (this.counts.size < this.maxKeys) return;
    let drop = Math.max(1, Math.floor(this.maxKeys / 10));
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const key of this.counts.keys()) {
      if (drop-- <= 0) break;
      this.counts.delete(key);
    }
  }
}

/** The prefix of every rate-limit key in Redis (replicas sharing one Redis share these counts). */
export const REDIS_KEY_PREFIX = 'playlive:ratelimit:';

/** A count Redis has not returned within this long is given up (fail open) rather than holding up the request. */
const REDIS_REPLY_MS = 250;

/**
 * Counters in Redis, shared by every replica using the same REDIS_URL. INCR and PEXPIRE go in one MULTI, so a key
 * never lives without its expiry whichever replica counts first.
 *
 * When Redis does not reply (down, restarting, too slow), the attempt is let through: a casino must not lock out
 * every player because Redis restarted. One log line says so per outage, and another when counting works again.
 */
export class RedisCounters implements WindowCounters {
  private failing = false;
  /** Settles when the connection is first ready (see hit). */
  private readonly firstReady: Promise<void>;

  constructor(
    private readonly redis: Redis,
    private readonly logger: Pick<Console, 'info' | 'warn'>,
  ) {
    this.firstReady =
      redis.status === 'ready' ? Promise.resolve() : new Promise((resolve) => redis.once('ready', resolve));
  }

  async hit(key: string, windowMs: number, amount = 1): Promise<number> {
    const redisKey = REDIS_KEY_PREFIX + key;
    try {
      // Commands fail at once while not connected (no offline queue): the first requests after a start wait for
      // the connection instead (within the same bound), or they would all be let through uncounted.
      const counting = this.firstReady.then(() =>
        this.redis.multi().incrby(redisKey, amount).pexpire(redisKey, windowMs).exec(),
      );
      const replies = await replyWithin(counting, REDIS_REPLY_MS);
      const [err, count] = replies?.[0] ?? [new Error('no reply to MULTI')];
      if (err) throw err;
      if (this.failing) this.logger.info('Rate limits are counted in Redis again.');
      this.failing = false;
      return Number(count);
    } catch (err) {
      if (!this.failing) {
        this.logger.warn(
          `Rate limits are not enforced while Redis does not reply (${(err as Error).message}).`,
        );
      }
      this.failing = true;
      return 0;
    }
  }

  async undo(key: string, amount = 1): Promise<void> {
    // Only a key that still exists: DECRBY on an expired one would make a negative count that never expires.
    await this.quietly(this.redis.eval(UNDO_SCRIPT, 1, REDIS_KEY_PREFIX + key, amount).then(() => undefined));
  }

  async clear(key: string): Promise<void> {
    await this.quietly(this.redis.del(REDIS_KEY_PREFIX + key).then(() => undefined));
  }

  /**
   * Taking counts back is best effort: when Redis does not reply, the count stays until its window ends, which
   * errs towards the limit (hit already logs the outage).
   */
  private async quietly(command: Promise<void>): Promise<void> {
    try {
      await replyWithin(command, REDIS_REPLY_MS);
    } catch {
      // See above.
    }
  }
}

/**
 * Takes ARGV[1] from a key that exists, never below 0 (one round trip, atomic beside other replicas' INCRBYs; the
 * key keeps its expiry).
 */
const UNDO_SCRIPT = `local n = tonumber(redis.call('GET', KEYS[1]) or '0') if n > 0 then return redis.call('DECRBY', KEYS[1], math.min(n, tonumber(ARGV[1]))) end return 0`;

function replyWithin<T>(reply: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no reply within ${ms} ms`)), ms);
  });
  // A reply that arrives after we gave up must not become an unhandled rejection.
  reply.catch(() => {});
  return Promise.race([reply, late]).finally(() => clearTimeout(timer));
}
