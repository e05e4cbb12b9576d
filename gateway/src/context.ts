import type { GatewayConfig } from './config.js';
import { unauthenticated } from './errors.js';
import type { AccountModel } from './models.js';
import type { Partner } from './partners/partner.js';
import { NO_ATTEMPT_LIMITS, type AttemptLimits } from './rate-limits/limiter.js';
import type { Realtime } from './realtime/realtime.js';
import type { Prefetches } from './resolvers/prefetch.js';
import { loadAccount } from './upstream/account.js';
import type { PublicCache } from './upstream/public-cache.js';
import type { RequestUpstream } from './upstream/request-upstream.js';
import { ANONYMOUS, type RequestClient } from './usage/client.js';

/**
 * Everything one execution works out once, in one place: its upstream (each resource read at most once), the
 * instant it is made at, and who the session's player is. A context lives for one HTTP request, or for a whole
 * subscription: then `renew` replaces the scope whole for each event's execution, so nothing read, timed or learned
 * for an earlier event is used again.
 */
export interface RequestScope {
  /** This execution's view of the backend, and the first argument of every upstream loader. */
  readonly upstream: RequestUpstream;
  /** The instant this execution runs at, fixed on first use: every field of one execution sees the same "now". */
  now: Date | null;
  /** The session's player (GET /api/account, once), kept across the execution's writes, which clear its reads. */
  viewer: Promise<AccountModel | null> | null;
}

export const newScope = (upstream: RequestUpstream, now: Date | null = null): RequestScope => ({
  upstream,
  now,
  viewer: null,
});

/** What every resolver gets: the settings, the shared caches and live channels, and this request's scope. */
export interface GatewayContext {
  config: GatewayConfig;
  cache: PublicCache;
  clock: () => Date;
  realtime: Realtime;
  /** The reads each field can start before its parent resolves (resolvers/prefetch.ts). */
  prefetches: Prefetches;
  /** The rate limits of the guarded mutations, for this request's client address (rate-limits/limiter.ts). */
  attempts: AttemptLimits;
  /** This request's state (its upstream, "now", its player). Replaced whole, never edited from outside. */
  scope: RequestScope;
  /**
   * Who sent the request, as metrics, traces and usage label it (usage/client.ts): its partner, else its
   * graphql-client-name and -version, else 'anonymous'. Read it through clientOf, which prefers the partner.
   */
  client: RequestClient;
  /**
   * The partner whose API key the request (or its graphql-ws socket) carried (partners/identify.ts); null for the
   * site, guests and players without one.
   */
  partner: Partner | null;
  /** The instant this execution runs at. */
  now(): Date;
  /** The signed-in player (GET /api/account, once per execution); null for guests. A bad token is UNAUTHENTICATED. */
  viewer(): Promise<AccountModel | null>;
  /** The signed-in player, or UNAUTHENTICATED. */
  requireViewer(): Promise<AccountModel>;
  /**
   * Acts as another session for the rest of this execution: the one a sign-in has just started, or none after a
   * sign-out. The payload's fields (its viewer, its `query`) then read as that session, at the same "now".
   */
  switchSession(token: string | null): void;
  /** Starts a new execution on a long-lived context (each event of a subscription): a new scope. */
  renew(): void;
}

export type ContextParts = Pick<GatewayContext, 'config' | 'cache' | 'clock' | 'realtime' | 'prefetches'> & {
  upstream: RequestUpstream;
  /** None given: no limits (a context made outside a client's request). */
  attempts?: AttemptLimits;
  /** None given: anonymous. */
  client?: RequestClient;
  /** None given: no partner. */
  partner?: Partner | null;
};

/*
 * The methods read `this`, not a closure: Yoga spreads the object this returns into the context resolvers see,
 * so state must live on that object for `renew` and `switchSession` to reach every later field. They are made once
 * here, not for every context.
 */
type ContextMethods = Pick<GatewayContext, 'now' | 'viewer' | 'requireViewer' | 'switchSession' | 'renew'>;
const CONTEXT_METHODS: ContextMethods = {
  now(this: GatewayContext) {
    return (this.scope.now ??= this.clock());
  },
  viewer(this: GatewayContext) {
    const { scope } = this;
    return (scope.viewer ??= scope.upstream.token
      ? loadAccount(scope.upstream).then((account) => {
          scope.upstream.rememberPlayer(account.id);
          return account;
        })
      : Promise.resolve(null));
  },
  async requireViewer(this: GatewayContext) {
    const account = await this.viewer();
    if (!account) throw unauthenticated();
    return account;
  },
  switchSession(this: GatewayContext, token: string | null) {
    this.scope = newScope(this.scope.upstream.withToken(token), this.scope.now);
  },
  renew(this: GatewayContext) {
    this.scope = newScope(this.scope.upstream.renewed());
  },
};

/**
 * Each property named, not spread: on Node 20 (V8 11.3) an object literal that spreads an object and then adds
 * properties costs about 3 µs (each such clone gets maps of its own), 50 times a plain literal's, and every request
 * makes one of these.
 */
export function createContext(parts: ContextParts): GatewayContext {
  return {
    config: parts.config,
    cache: parts.cache,
    clock: parts.clock,
    realtime: parts.realtime,
    prefetches: parts.prefetches,
    attempts: parts.attempts ?? NO_ATTEMPT_LIMITS,
    scope: newScope(parts.upstream),
    client: parts.client ?? ANONYMOUS,
    partner: parts.partner ?? null,
    now: CONTEXT_METHODS.now,
    viewer: CONTEXT_METHODS.viewer,
    requireViewer: CONTEXT_METHODS.requireViewer,
    switchSession: CONTEXT_METHODS.switchSession,
    renew: CONTEXT_METHODS.renew,
  };
}

/** The bearer token from an Authorization header (or graphql-ws connectionParams.authorization), or null. */
export function bearerToken(header: unknown): string | null {
  const m = /^Bearer\s+(\S{1,512})$/i.exec(typeof header === 'string' ? header : '');
  return m ? m[1]! : null;
}
