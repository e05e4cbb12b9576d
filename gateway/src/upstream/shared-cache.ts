import { randomUUID } from 'node:crypto';
import type { ExecutionResult } from 'graphql';
import type { Redis } from 'ioredis';
import type { PublicCache } from './public-cache.js';

/** Every key this tier writes starts with this, so one clear can find them all (and nothing else). */
const PREFIX = 'playlive:cache:';
/** Where a replica that clears its caches tells the others to clear theirs. */
const CLEAR_CHANNEL = 'playlive:cache:clear';
/** Redis replies in well under a millisecond nearby: past this the shared tier is skipped (a miss, a lost write). */
const REDIS_REPLY_MS = 250;

/**
 * Deletes every shared entry and then announces the clear, in one command: a read this replica sends after it is
 * served after the delete (one connection keeps order), and the others hear of it only once the entries are gone.
 * SCAN rather than KEYS so a large cache does not stall Redis in one step (single-node Redis: the keys are not
 * declared, which a cluster would require).
 */
const CLEAR_SCRIPT = `
local cursor = '0'
repeat
  local page = redis.call('SCAN', cursor, 'MATCH', ARGV[1], 'COUNT', 1000)
  cursor = page[1]
  if #page[2] > 0 then redis.call('UNLINK', unpack(page[2])) end
until cursor == '0'
return redis.call('PUBLISH', ARGV[2], ARGV[3])
`;

/** Whole results shared by the replicas: each found with how long it has left. */
export interface SharedResponses {
  get(id: string): Promise<{ result: ExecutionResult; ttlMs: number } | null>;
  set(id: string, result: ExecutionResult, ttlMs: number): Promise<void>;
}

/**
 * The second tier of the public cache when replicas share a Redis (REDIS_URL): a public read or a guest's result
 * one replica loaded is served by every replica until its TTL ends, without another upstream call. Each replica
 * keeps its in-process tier in front (a Redis round trip only on a local miss), so with Redis a value can be up to
 * two TTLs old on a replica that took it from Redis late in its life; clearing (PublicCache.clear) reaches every
 * replica at once.
 *
 * Redis is an optimisation, never a dependency: any failed command is a miss (the read goes upstream, the write is
 * dropped), and the gateway responds as a single replica would. connectRedis logs a lost connection once; a command
 * failing on a live connection (a timeout) is logged here, once until a command succeeds again.
 */
export class SharedCache {
  /** Tells this replica's own clear broadcasts from the others'. */
  private readonly replicaId = randomUUID();
  private readonly subscriber: Redis;
  /** True while a clear heard from another replica is applied: that clear must not be broadcast again. */
  private applyingRemoteClear = false;
  private failing = false;

  constructor(
    private readonly redis: Redis,
    private readonly logger: Pick<Console, 'warn'>,
  ) {
    // A subscribed connection can do nothing else; this one queues its SUBSCRIBE until Redis is reachable and
    // subscribes again after a reconnect (ioredis does both).
    this.subscriber = redis.duplicate({
      enableOfflineQueue: true,
      connectionName: 'playlive-gateway-clears',
    });
    this.subscriber.on('error', () => {}); // the command connection already reports an outage
    this.subscriber.subscribe(CLEAR_CHANNEL).catch(() => {});
  }

  /**
   * A public read's upstream body (JSON, before parsing: parsed values hold Maps and Dates): from Redis when a
   * replica stored it within ttlMs, otherwise loaded and stored for ttlMs. A failed load is not stored.
   */
  async read(key: string, ttlMs: number, load: () => Promise<unknown>): Promise<unknown> {
    const redisKey = `${PREFIX}public:${key}`;
    const stored = await this.command(() => this.redis.get(redisKey));
    const found = typeof stored === 'string' ? parseStored(stored) : undefined;
    if (found !== undefined) return found;
    const value = await load();
    void this.command(() => this.redis.set(redisKey, JSON.stringify(value), 'PX', ttlMs));
    return value;
  }

  /**
   * The guests' whole results over Redis, for behind the in-process response cache (see cacheGuestResponses). Nothing
   * invalidates them by entity (a player's change never shows in a guest's result, and they live seconds);
   * clearing is by prefix, as for reads.
   */
  responses(): SharedResponses {
    const keyOf = (id: string) => `${PREFIX}response:${id}`;
    return {
      get: async (id) => {
        const found = await this.command(() => this.redis.pipeline().get(keyOf(id)).pttl(keyOf(id)).exec());
        const [value, ttl] = found ?? [];
        if (typeof value?.[1] !== 'string' || typeof ttl?.[1] !== 'number' || ttl[1] <= 0) return null;
        const stored = parseStored(value[1]);
        return stored === undefined ? null : { result: stored as ExecutionResult, ttlMs: ttl[1] };
      },
      set: async (id, result, ttlMs) => {
        if (!(ttlMs > 0 && Number.isFinite(ttlMs))) return;
        await this.command(() => this.redis.set(keyOf(id), JSON.stringify(result), 'PX', Math.ceil(ttlMs)));
      },
    };
  }

  /**
   * Clearing `cache` on this replica clears the shared entries and every other replica's cache too; a clear heard
   * from another replica clears this one's (and what hangs on it: the guests' results).
   */
  linkClears(cache: PublicCache): void {
    cache.alsoClear(() => {
      if (this.applyingRemoteClear) return;
      void this.command(() => this.redis.eval(CLEAR_SCRIPT, 0, `${PREFIX}*`, CLEAR_CHANNEL, this.replicaId));
    });
    this.subscriber.on('message', (channel: string, from: string) => {
      if (channel !== CLEAR_CHANNEL || from === this.replicaId) return;
      this.applyingRemoteClear = true;
      try {
        cache.clear();
      } finally {
        this.applyingRemoteClear = false;
      }
    });
  }

  close(): void {
    this.subscriber.disconnect();
  }

  /** Runs one Redis command; a failure is a miss (null), never the caller's error. */
  private async command<T>(send: () => Promise<T>): Promise<T | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const reply = send();
      // A reply that comes after we gave up must not become an unhandled rejection.
      reply.catch(() => {});
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no reply within ${REDIS_REPLY_MS} ms`)), REDIS_REPLY_MS);
      });
      const result = await Promise.race([reply, late]);
      this.failing = false;
      return result;
    } catch (err) {
      // A lost connection is logged once by connectRedis; a live one that fails commands is logged here.
      if (!this.failing && this.redis.status === 'ready') {
        this.logger.warn(
          `Shared cache: a Redis command failed (${(err as Error).message}); reading upstream until it replies.`,
        );
      }
      this.failing = true;
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A stored value, or undefined (a miss) when it is not JSON: whatever else wrote the key, it is not ours to serve. */
function parseStored(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
