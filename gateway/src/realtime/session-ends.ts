import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/** Where a replica tells the others that a session has ended (or that a player's sessions may have). */
const CHANNEL = 'playlive:sessions:ended';
/** Digests announced lately: a client that keeps sending a dead token is announced once, not per request. */
const MAX_ANNOUNCED = 10_000;

/**
 * What stands for a session outside this process: a SHA-256 of its token (with this gateway's own prefix, so it is
 * not the hash a casino may keep of the same token). The token itself never leaves the process.
 */
export const sessionDigest = (token: string): string =>
  createHash('sha256').update(`playlive-session:${token}`).digest('hex');

/** One announcement on CHANNEL, as read from Redis: checked at the edge, since anything may publish there. */
const Announcement = z.union([
  z.object({
    from: z.string().max(100),
    session: z.string().regex(/^[0-9a-f]{64}$/),
    reason: z.string().max(40).optional(),
  }),
  z.object({ from: z.string().max(100), player: z.number().int().positive() }),
]);
type Announcement = z.infer<typeof Announcement>;

/** What a replica does when it hears of an end: the local sessions' rules (realtime/sessions.ts). */
export interface SessionEndHandler {
  /**
   * The session with this digest is over (signed out, or refused by the casino, with its reason when it gave one):
   * its subscriptions end now.
   */
  ended(digest: string, reason?: string): void;
  /** The player reset their password: the casino has ended their other sessions, whichever tokens they were. */
  passwordReset(player: number): void;
}

/**
 * Session ends, told to every replica. A sign-out or a 401 seen by one replica, or a password reset made through
 * it, must end the live subscriptions on every replica at once, not at each one's next periodic check
 * (SESSION_CHECK_MS), or a socket on another replica keeps showing a signed-out player's balance and notifications.
 *
 * This replica's own subscriptions hear of an end synchronously; with Redis (REDIS_URL) it is also published, and
 * what the others publish is heard here. Without Redis (one replica) only the local part runs. Redis is never a
 * dependency: a publish that fails is dropped (connectRedis logs the outage), and the periodic check still finds a
 * revoked session later. Revocations only the casino knows of (an expiry, an operator's) are found by that check.
 */
export class SessionEnds {
  /** Tells this replica's announcements from the others'. */
  private readonly replicaId = randomUUID();
  private readonly subscriber: Redis | null;
  private readonly announced = new Set<string>();
  private handler: SessionEndHandler | null = null;

  constructor(private readonly redis: Redis | null) {
    // A subscribed connection can do nothing else; this one queues its SUBSCRIBE until Redis is reachable and
    // subscribes again after a reconnect (ioredis does both), as the cache clears do (upstream/shared-cache.ts).
    this.subscriber =
      redis?.duplicate({ enableOfflineQueue: true, connectionName: 'playlive-gateway-sessions' }) ?? null;
    this.subscriber?.on('error', () => {}); // the command connection already reports an outage
    this.subscriber?.subscribe(CHANNEL).catch(() => {});
    this.subscriber?.on('message', (channel: string, text: string) => {
      if (channel === CHANNEL) this.heard(text);
    });
  }

  /** Who is told of ends (this replica's sessions); one handler per process. */
  listen(handler: SessionEndHandler): void {
    this.handler = handler;
  }

  /**
   * The session of `token` is over (a sign-out, or the casino's 401 to any call, with the reason it gave): every
   * replica ends it.
   */
  ended(token: string, reason?: string | null): void {
    const digest = sessionDigest(token);
    this.handler?.ended(digest, reason ?? undefined);
    // A token is never good again once ended: once the others have been told, telling them again adds nothing.
    if (this.announced.has(digest)) return;
    void this.publish({ from: this.replicaId, session: digest, ...(reason ? { reason } : {}) }).then(
      (told) => {
        if (!told) return;
        this.announced.add(digest);
        if (this.announced.size > MAX_ANNOUNCED) this.announced.delete(this.announced.values().next().value!);
      },
    );
  }

  /** The player reset their password through this replica: every replica checks that player's sessions now. */
  passwordReset(player: number): void {
    this.handler?.passwordReset(player);
    void this.publish({ from: this.replicaId, player });
  }

  close(): void {
    this.subscriber?.disconnect();
  }

  /** Returns whether Redis took the announcement (false without Redis, or while it is away). */
  private async publish(announcement: Announcement): Promise<boolean> {
    if (!this.redis) return false;
    try {
      await this.redis.publish(CHANNEL, JSON.stringify(announcement));
      return true;
    } catch {
      return false;
    }
  }

  private heard(text: string): void {
    let parsed;
    try {
      parsed = Announcement.safeParse(JSON.parse(text));
    } catch {
      return;
    }
    if (!parsed.success || parsed.data.from === this.replicaId) return;
    const announcement = parsed.data;
    if ('session' in announcement) this.handler?.ended(announcement.session, announcement.reason);
    else this.handler?.passwordReset(announcement.player);
  }
}
