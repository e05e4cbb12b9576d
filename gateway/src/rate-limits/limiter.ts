import { createHash } from 'node:crypto';
import type { GraphQLError } from 'graphql';
import type { WindowCounters } from './counters.js';
import { rateLimited } from './refusal.js';
import { ACTION_LIMITS, OPERATIONS_PER_IP, type Limit, type LimitedAction } from './rules.js';
import { emailSubject, limitSignIn } from './sign-in.js';

/**
 * Counts attempts against limits in fixed windows (rules.ts) and says, when one is over, how long until its window
 * ends. The window is the clock's time divided by its length, so every replica reading the same counters (Redis)
 * and a clock near the same time agrees on it; tests move an injected clock instead of waiting.
 */
export class RateLimiter {
  constructor(
    private readonly counters: WindowCounters,
    private readonly now: () => number,
  ) {}

  /** Counts one attempt by `subject` at `name`: null while within `limit`, else the seconds until it may try again. */
  async attempt(name: string, subject: string, limit: Limit): Promise<number | null> {
    const counted = await this.hit(name, subject, limit);
    return counted.over ? counted.retryAfter : null;
  }

  /**
   * Counts one attempt (or `amount`: an operation's cost; 0 only reads the count) by `subject` at `name`: the count
   * so far in this window, and how it can be taken back.
   */
  async hit(name: string, subject: string, limit: Limit, amount = 1): Promise<Counted> {
    const now = this.now();
    const window = Math.floor(now / limit.windowMs);
    const key = `${name}:${digest(subject)}:${window}`;
    const count = await this.counters.hit(key, limit.windowMs, amount);
    return {
      count,
      over: count > limit.max,
      retryAfter: Math.max(1, Math.ceil(((window + 1) * limit.windowMs - now) / 1000)),
      undo: () => this.counters.undo(key, amount),
      clear: () => this.counters.clear(key),
    };
  }
}

/** One attempt as counted (in the window it was counted in, whenever it is taken back). */
export interface Counted {
  /** Counted in this window so far, this one included (0: not counted, as when Redis does not reply). */
  count: number;
  /** Past the limit. */
  over: boolean;
  /** Seconds until this window ends. */
  retryAfter: number;
  /** Takes this attempt (its whole amount) back. */
  undo(): Promise<void>;
  /** Forgets every attempt in this window. */
  clear(): Promise<void>;
}

/**
 * Subjects are emails and addresses: kept as a digest, so Redis and a memory dump hold no personal data.
 * (Not a secret hash: it only keeps the plain text out of sight.)
 */
const digest = (subject: string) => createHash('sha256').update(subject).digest('base64url').slice(0, 22);

/** The guarded actions of one request, from one client address. */
export interface AttemptLimits {
  /**
   * Counts an attempt at `action` by `player` (the email named, or the signed-in player's id) and by the request's
   * address; RATE_LIMITED when either is over its limit.
   */
  check(action: LimitedAction, player: string | number): Promise<void>;
  /**
   * Runs a sign-in at `email` (`signIn` asks the casino) under the sign-in limits, which count failures only
   * (sign-in.ts); RATE_LIMITED instead when this address may not try now.
   */
  signIn<T>(email: string, signIn: () => Promise<T>): Promise<T>;
}

/** No limits (RATE_LIMITS=0, and contexts made outside a request). */
export const NO_ATTEMPT_LIMITS: AttemptLimits = {
  check: () => Promise.resolve(),
  signIn: (_email, signIn) => signIn(),
};

export function attemptLimits(limiter: RateLimiter, ip: string): AttemptLimits {
  return {
    async check(action, player) {
      const rule = ACTION_LIMITS[action];
      const who = typeof player === 'string' ? emailSubject(player) : `id:${player}`;
      const waits = await Promise.all([
        limiter.attempt(`${action}:player`, who, rule.perPlayer),
        limiter.attempt(`${action}:ip`, ip, rule.perIp),
      ]);
      const wait = Math.max(...waits.map((w) => w ?? 0));
      if (wait > 0) throw rateLimited(rule.refusal, wait);
    },
    signIn: (email, signIn) => limitSignIn(limiter, ip, email, signIn),
  };
}

/** Counts one operation from `ip` against the ceiling on all operations; the refusal when over it, else null. */
export async function operationCeiling(limiter: RateLimiter, ip: string): Promise<GraphQLError | null> {
  const wait = await limiter.attempt('operations', ip, OPERATIONS_PER_IP);
  return wait === null ? null : rateLimited('Too many requests from your address.', wait);
}
