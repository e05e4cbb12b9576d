import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context.js';
import { costOf } from '../operations/cost.js';
import type { Partner } from '../partners/partner.js';
import type { RateLimiter } from './limiter.js';
import { rateLimited } from './refusal.js';

/**
 * Each partner's two budgets per minute, across every replica (the counters are Redis's when the gateway has one):
 * its requests (`--rate`) and the sum of its operations' costs (`--cost`, operations/cost.ts). A partner's requests
 * count here instead of against its address's ceiling (rules.ts OPERATIONS_PER_IP): a partner's servers send many
 * players' requests from one address, and its key is what names it.
 */
const WINDOW_MS = 60_000;

/** One budget as the RateLimit header reports it: what is left of it and the seconds until its window ends. */
export interface BudgetState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** A request's budgets, as counted for its RateLimit header (cost: null until its operation is charged). */
export interface PartnerBudgetStates {
  requests: BudgetState;
  cost: BudgetState | null;
}

export interface Verdict {
  state: BudgetState;
  /** The refusal (RATE_LIMITED with extensions.retryAfter) when this is over the budget, else null. */
  refused: GraphQLError | null;
}

export class PartnerBudgets {
  /** A partner's HTTP request's budgets as counted, for its response's RateLimit headers. */
  private readonly states = new WeakMap<Request, PartnerBudgetStates>();

  constructor(private readonly limiter: RateLimiter) {}

  /** Counts one HTTP request of `partner` against its rate: the refusal (429) when over it, else null. */
  async admitHttp(request: Request, partner: Partner): Promise<GraphQLError | null> {
    const { state, refused } = await this.request(partner);
    this.states.set(request, { requests: state, cost: null });
    return refused && tooManyRequests(refused);
  }

  /** The RateLimit headers on a partner's HTTP response: what is left of its budgets after this request. */
  async setHeaders(request: Request, partner: Partner, headers: Headers): Promise<void> {
    const counted = this.states.get(request);
    if (!counted) return;
    const cost = counted.cost ?? (await this.costState(partner));
    for (const [name, value] of Object.entries(rateLimitHeaders({ requests: counted.requests, cost }))) {
      headers.set(name, value);
    }
  }

  /**
   * Yoga plugin: charges each partner's operation its cost (operations/cost.ts) against its cost budget, over HTTP
   * and graphql-ws, before it runs; over the budget, RATE_LIMITED (429 with Retry-After over HTTP).
   */
  costs(): Plugin<GatewayContext> {
    const charge = async (context: GatewayContext, cost: number): Promise<GraphQLError | null> => {
      if (!context.partner) return null;
      const { state, refused } = await this.charge(context.partner, cost);
      const request = (context as { request?: Request }).request;
      const counted = request && this.states.get(request);
      if (counted) counted.cost = state;
      return refused && tooManyRequests(refused);
    };
    return {
      async onExecute({ args, setResultAndStopExecution }) {
        const refused = await charge(args.contextValue, costOf(args));
        if (refused) setResultAndStopExecution({ errors: [refused] });
      },
      async onSubscribe({ args, setResultAndStopExecution }) {
        const refused = await charge(args.contextValue, costOf(args));
        if (refused) setResultAndStopExecution({ errors: [refused] });
      },
    };
  }

  /** Counts one request of `partner` against its rate. */
  async request(partner: Partner): Promise<Verdict> {
    const limit = { max: partner.ratePerMinute, windowMs: WINDOW_MS };
    const counted = await this.limiter.hit('partner:requests', partner.name, limit);
    return {
      state: stateOf(limit.max, counted.count, counted.retryAfter),
      refused: counted.over ? rateLimited('Too many requests for this API key.', counted.retryAfter) : null,
    };
  }

  /**
   * Charges an operation's cost to `partner`'s cost budget. Over it, the operation is refused and its cost taken
   * back, so a partner waiting for its window to end is not charged for what it was refused.
   */
  async charge(partner: Partner, cost: number): Promise<Verdict> {
    const limit = { max: partner.costPerMinute, windowMs: WINDOW_MS };
    const counted = await this.limiter.hit('partner:cost', partner.name, limit, cost);
    if (!counted.over) {
      return { state: stateOf(limit.max, counted.count, counted.retryAfter), refused: null };
    }
    await counted.undo();
    return {
      state: stateOf(limit.max, counted.count - cost, counted.retryAfter),
      refused: rateLimited(
        `This operation costs ${cost}, more than is left of this API key's cost budget (${limit.max} a minute).`,
        counted.retryAfter,
      ),
    };
  }

  /** The cost budget as it stands, charging nothing (a response whose operation did not run). */
  async costState(partner: Partner): Promise<BudgetState> {
    const limit = { max: partner.costPerMinute, windowMs: WINDOW_MS };
    const counted = await this.limiter.hit('partner:cost', partner.name, limit, 0);
    return stateOf(limit.max, counted.count, counted.retryAfter);
  }
}

/** A refusal as a 429 with Retry-After (over graphql-ws the status is not used; extensions.retryAfter says it). */
export function tooManyRequests(refused: GraphQLError): GraphQLError {
  const retryAfter = String(refused.extensions.retryAfter);
  return new GraphQLError(refused.message, {
    extensions: {
      ...refused.extensions,
      http: { status: 429, headers: { 'Retry-After': retryAfter } },
    },
  });
}

const stateOf = (limit: number, used: number, resetSeconds: number): BudgetState => ({
  limit,
  remaining: Math.max(0, limit - used),
  resetSeconds,
});

/**
 * The rate-limit headers of the IETF HTTPAPI draft (draft-ietf-httpapi-ratelimit-headers): the policies
 * (`RateLimit-Policy: "requests";q=600;w=60, "cost";q=60000;w=60`) and what is left of each in this window
 * (`RateLimit: "requests";r=599;t=42, "cost";r=59850;t=42`), as structured-field lists.
 */
export function rateLimitHeaders(states: PartnerBudgetStates): Record<string, string> {
  const budgets: [string, BudgetState][] = [['requests', states.requests]];
  if (states.cost) budgets.push(['cost', states.cost]);
  return {
    'RateLimit-Policy': budgets.map(([name, s]) => `"${name}";q=${s.limit};w=${WINDOW_MS / 1000}`).join(', '),
    RateLimit: budgets.map(([name, s]) => `"${name}";r=${s.remaining};t=${s.resetSeconds}`).join(', '),
  };
}
