import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Redis } from 'ioredis';
import { clientIp, type ClientRequest } from './client-ip.js';
import { MemoryCounters, RedisCounters } from './counters.js';
import { retryAfterHeader } from './retry-after.js';
import {
  attemptLimits,
  NO_ATTEMPT_LIMITS,
  operationCeiling,
  RateLimiter,
  type AttemptLimits,
} from './limiter.js';

/**
 * The gateway's rate limits, wired in server.ts and plugins.ts: per player and per address on the guarded mutations
 * (their resolvers call `ctx.attempts.check`), and a ceiling on all operations per address, over HTTP (and SSE) and
 * on each graphql-ws operation. Counts are kept in Redis when the gateway has one (replicas share them), else in
 * memory.
 */
export interface RateLimits {
  /** The guarded actions of a request (HTTP, or the graphql-ws upgrade request a socket's operations came on). */
  attemptsOf(req: ClientRequest | undefined): AttemptLimits;
  /**
   * Yoga plugin: the ceiling on each HTTP request to the GraphQL endpoint (over it, 429 with Retry-After), and
   * Retry-After on a response that is nothing but a guarded mutation's refusal (retry-after.ts).
   */
  httpCeiling: Plugin;
  /**
   * The ceiling's verdict on one HTTP request: the refusal, or null to let it in. Counted once per request however
   * often it is asked: the guests' shortcut (response-cache.ts) asks before the ceiling's own hook does.
   */
  admitHttp(request: Request, serverContext: unknown): GraphQLError | null | Promise<GraphQLError | null>;
  /** The ceiling on one graphql-ws operation: the error to refuse it with, or null to run it. */
  admitOperation(req: ClientRequest): Promise<GraphQLError | null>;
}

export interface RateLimitOptions {
  /** RATE_LIMITS: false turns every limit off. */
  enabled: boolean;
  /** TRUST_PROXY: how many proxies in front of the gateway append to X-Forwarded-For (client-ip.ts). */
  trustedProxies: number;
  /** Milliseconds since the epoch (the gateway's clock, so tests can move it). */
  now: () => number;
  /** The shared counters' Redis (REDIS_URL), or null to count in memory. */
  redis: Redis | null;
  logger: Pick<Console, 'info' | 'warn'>;
}

const OFF: RateLimits = {
  attemptsOf: () => NO_ATTEMPT_LIMITS,
  httpCeiling: {},
  admitHttp: () => null,
  admitOperation: () => Promise.resolve(null),
};

export function createRateLimits(options: RateLimitOptions): RateLimits {
  if (!options.enabled) return OFF;
  const counters = options.redis
    ? new RedisCounters(options.redis, options.logger)
    : new MemoryCounters(options.now);
  const limiter = new RateLimiter(counters, options.now);
  // A request without a socket to read (none is known today) still counts, under one shared address.
  const ipOf = (req: ClientRequest | undefined) => (req ? clientIp(req, options.trustedProxies) : 'unknown');
  const verdicts = new WeakMap<Request, Promise<GraphQLError | null>>();
  const admitHttp = (request: Request, serverContext: unknown) => {
    let verdict = verdicts.get(request);
    if (!verdict) {
      verdict = operationCeiling(limiter, ipOf((serverContext as { req?: ClientRequest }).req));
      verdicts.set(request, verdict);
    }
    return verdict;
  };

  return {
    attemptsOf: (req) => attemptLimits(limiter, ipOf(req)),
    admitOperation: (req) => operationCeiling(limiter, ipOf(req)),
    admitHttp,
    httpCeiling: {
      // Before the body is read or parsed; only GraphQL requests count (not /healthz, /readyz or a preflight).
      async onRequestParse({ request, serverContext }) {
        const refused = await admitHttp(request, serverContext);
        if (!refused) return;
        const retryAfter = String(refused.extensions.retryAfter);
        throw new GraphQLError(refused.message, {
          extensions: {
            ...refused.extensions,
            http: { status: 429, headers: { 'Retry-After': retryAfter } },
          },
        });
      },
      onResultProcess: retryAfterHeader,
    },
  };
}
