import { createHash } from 'node:crypto';
import type { GraphQLError } from 'graphql';
import { gatewayError } from '../errors.js';
import type { WindowCounters } from './counters.js';
import { ACTION_LIMITS, OPERATIONS_PER_IP, type Limit, type LimitedAction } from './rules.js';

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
    const now = this.now();
    const window = Math.floor(now / limit.windowMs);
    const count = await this.counters.hit(`${name}:${digest(subject)}:${window}`, limit.windowMs);
    if (count <= limit.max) return null;
    return Math.max(1, Math.ceil(((window + 1) * limit.windowMs - now) / 1000));
  }
}

/**
 * Subjects are emails and addresses: kept as a digest, so Redis and a memory dump hold no personal data.
 * (Not a secret hash: it only keeps the plain text out of sight.)
 */
const digest = (subject: string) => createHash('sha256').update(subject).digest('base64url').slice(0, 22);

/** "12 minutes", "40 seconds": how long a refused client should wait, in a player's words. */
function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** RATE_LIMITED, with extensions.retryAfter: the seconds until the client may try again. */
export function rateLimited(refusal: string, retryAfter: number): GraphQLError {
  return gatewayError('RATE_LIMITED', `${refusal} Please try again in ${waitInWords(retryAfter)}.`, {
    retryAfter,
  });
}

/** The guarded actions of one request, from one client address. */
export interface AttemptLimits {
  /**
   * Counts an attempt at `action` by `player` (the email named, or the signed-in player's id) and by the request's
   * address; RATE_LIMITED when either is over its limit.
   */
  check(action: LimitedAction, player: string | number): Promise<void>;
}

/** No limits (RATE_LIMITS=0, and contexts made outside a request). */
export const NO_ATTEMPT_LIMITS: AttemptLimits = { check: () => Promise.resolve() };

export function attemptLimits(limiter: RateLimiter, ip: string): AttemptLimits {
  return {
    async check(action, player) {
      const rule = ACTION_LIMITS[action];
      // An email is the same player however it is capitalised or spaced.
      const who = typeof player === 'string' ? `email:${player.trim().toLowerCase()}` : `id:${player}`;
      const waits = await Promise.all([
        limiter.attempt(`${action}:player`, who, rule.perPlayer),
        limiter.attempt(`${action}:ip`, ip, rule.perIp),
      ]);
      const wait = Math.max(...waits.map((w) => w ?? 0));
      if (wait > 0) throw rateLimited(rule.refusal, wait);
    },
  };
}

/** Counts one operation from `ip` against the ceiling on all operations; the refusal when over it, else null. */
export async function operationCeiling(limiter: RateLimiter, ip: string): Promise<GraphQLError | null> {
  const wait = await limiter.attempt('operations', ip, OPERATIONS_PER_IP);
  return wait === null ? null : rateLimited('Too many requests from your address.', wait);
}
