import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Redis } from 'ioredis';
import type { GatewayContext } from '../context.js';
import { partnerOf } from '../partners/identify.js';
import type { Partner } from '../partners/partner.js';
import { clientIp, type ClientRequest } from './client-ip.js';
import { MemoryCounters, RedisCounters } from './counters.js';
import { PartnerBudgets, tooManyRequests } from './partner-budgets.js';
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
   * Retry-After on a response that is nothing but a guarded mutation's refusal (retry-after.ts). A partner's
   * request counts against its own rate instead (partner-budgets.ts), and its response carries the RateLimit
   * headers.
   */
  httpCeiling: Plugin;
  /**
   * Yoga plugin (after the cost limit): charges each partner's operation its cost (operations/cost.ts) against the
   * partner's cost budget, over HTTP and graphql-ws; over it, RATE_LIMITED (429 with Retry-After over HTTP).
   */
  partnerCosts: Plugin<GatewayContext>;
  /**
   * The ceiling's verdict on one HTTP request: the refusal, or null to let it in. Counted once per request however
   * often it is asked: the guests' shortcut (response-cache.ts) asks before the ceiling's own hook does.
   */
  admitHttp(request: Request, serverContext: unknown): GraphQLError | null | Promise<GraphQLError | null>;
  /**
   * The ceiling on one graphql-ws operation (a partner's socket: its partner's rate): the error to refuse it with,
   * or null to run it.
   */
  admitOperation(req: ClientRequest, partner: Partner | null): Promise<GraphQLError | null>;
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
  partnerCosts: {},
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
  const budgets = new PartnerBudgets(limiter);
  const verdicts = new WeakMap<Request, Promise<GraphQLError | null>>();
  const admitHttp = (request: Request, serverContext: unknown) => {
    let verdict = verdicts.get(request);
    if (!verdict) {
      const partner = partnerOf(request);
      verdict = partner
        ? budgets.admitHttp(request, partner)
        : operationCeiling(limiter, ipOf((serverContext as { req?: ClientRequest }).req));
      verdicts.set(request, verdict);
    }
    return verdict;
  };

  return {
    attemptsOf: (req) => attemptLimits(limiter, ipOf(req)),
    admitOperation: (req, partner) =>
      partner
        ? budgets.request(partner).then(({ refused }) => refused)
        : operationCeiling(limiter, ipOf(req)),
    admitHttp,
    httpCeiling: {
      // Before the body is read or parsed; only GraphQL requests count (not /healthz, /readyz or a preflight).
      async onRequestParse({ request, serverContext }) {
        const refused = await admitHttp(request, serverContext);
        if (refused) throw tooManyRequests(refused);
      },
      onResultProcess: retryAfterHeader,
      // Before compression copies the headers (plugins.ts): what is left of a partner's budgets, on every response.
      async onResponse({ request, response }) {
        const partner = partnerOf(request);
        if (partner) await budgets.setHeaders(request, partner, response.headers);
      },
    },
    partnerCosts: budgets.costs(),
  };
}
