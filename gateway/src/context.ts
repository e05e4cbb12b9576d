import type { GatewayConfig } from './config.js';
import { unauthenticated } from './errors.js';
import type { AccountModel } from './models.js';
import type { Realtime } from './realtime/realtime.js';
import type { Prefetches } from './resolvers/prefetch.js';
import { loadAccount } from './upstream/account.js';
import type { PublicCache } from './upstream/public-cache.js';
import type { RequestUpstream } from './upstream/request-upstream.js';

/**
 * What every resolver gets: the settings, this answer's upstream, the clock, the live channels and the signed-in
 * player. A context lives for one HTTP answer, or for a whole subscription: then `renew` starts each event's answer.
 */
export interface GatewayContext {
  config: GatewayConfig;
  /** This answer's view of the backend (its loaders deduplicate reads within the answer only). */
  upstream: RequestUpstream;
  cache: PublicCache;
  clock: () => Date;
  realtime: Realtime;
  /** The reads each field can start before its parent resolves (resolvers/prefetch.ts). */
  prefetches: Prefetches;
  /** The instant this answer is made at: every field of one answer sees the same "now". */
  now(): Date;
  /** The signed-in player (GET /api/account, once per answer); null for guests. A bad token is UNAUTHENTICATED. */
  viewer(): Promise<AccountModel | null>;
  /** The signed-in player, or UNAUTHENTICATED. */
  requireViewer(): Promise<AccountModel>;
  /**
   * Acts as another session for the rest of this answer: the one a sign-in has just started, or none after a
   * sign-out. The payload's fields (its viewer, its `query`) then read as that session.
   */
  switchSession(token: string | null): void;
  /**
   * Starts a new answer on a long-lived context (each event of a subscription): fresh loaders, so nothing read for
   * an earlier event is served again, and a fresh "now".
   */
  renew(): void;
}

export type ContextParts = Pick<
  GatewayContext,
  'config' | 'upstream' | 'cache' | 'clock' | 'realtime' | 'prefetches'
>;

/**
 * What one answer has worked out once: its instant, and who the session's player is (kept across the answer's
 * writes, which clear its reads). Replaced whole by `renew` and `switchSession`.
 */
interface AnswerState {
  now: Date | null;
  viewer: Promise<AccountModel | null> | null;
}

type ContextWithState = GatewayContext & { answer: AnswerState };

/*
 * The methods read `this`, not a closure: Yoga spreads the object this returns into the context resolvers see,
 * so state must live on that object for `renew` and `switchSession` to reach every later field.
 */
export function createContext(parts: ContextParts): GatewayContext {
  const ctx: ContextWithState = {
    ...parts,
    answer: { now: null, viewer: null },
    now(this: ContextWithState) {
      return (this.answer.now ??= this.clock());
    },
    viewer(this: ContextWithState) {
      return (this.answer.viewer ??= this.upstream.token
        ? loadAccount(this.upstream)
        : Promise.resolve(null));
    },
    async requireViewer(this: GatewayContext) {
      const account = await this.viewer();
      if (!account) throw unauthenticated();
      return account;
    },
    switchSession(this: ContextWithState, token: string | null) {
      this.upstream = this.upstream.withToken(token);
      this.answer = { now: this.answer.now, viewer: null };
    },
    renew(this: ContextWithState) {
      this.upstream = this.upstream.renewed();
      this.answer = { now: null, viewer: null };
    },
  };
  return ctx;
}

/** The bearer token from an Authorization header (or graphql-ws connectionParams.authorization), or null. */
export function bearerToken(header: unknown): string | null {
  const m = /^Bearer\s+(\S{1,512})$/i.exec(typeof header === 'string' ? header : '');
  return m ? m[1]! : null;
}
