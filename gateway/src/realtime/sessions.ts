import type { GraphQLError } from 'graphql';
import { gatewayError, isAuthError } from '../errors.js';
import { sessionDigest } from './session-ends.js';

type OnEnded = (error: GraphQLError) => void;

interface Session {
  token: string;
  /** The session's player, when known: a password reset rechecks that player's sessions at once. */
  player: number | null;
  listeners: Set<OnEnded>;
  timer: NodeJS.Timeout;
}

export interface SessionsOptions {
  /** How often each live session is checked. */
  intervalMs: number;
  /** Resolves while the session holds; rejects with UNAUTHENTICATED/FORBIDDEN once the casino refuses it. */
  check(token: string): Promise<unknown>;
  /** Whose a token is, when this process has read it lately (upstream/session-reads.ts). */
  playerOf?(token: string): number | null;
}

/**
 * What a subscription on an ended session ends with: UNAUTHENTICATED, with the casino's reason when it gave one
 * (extensions.reason, as a request's refusal carries it), so the site can say why.
 */
export const sessionEndedError = (reason?: string | null): GraphQLError =>
  gatewayError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.', reason ? { reason } : {});

/**
 * The sessions behind live subscriptions. A subscription outlives the request that proved its token, so each
 * token in use is re-checked every intervalMs (one check per token, however many subscriptions share it); a token
 * the casino refuses, or one signed out or refused on any replica (realtime/session-ends.ts), ends every
 * subscription using it with UNAUTHENTICATED. A check that fails for another reason (the casino is briefly
 * unreachable) ends nothing. Sessions are kept by their digest, which is what other replicas name them by.
 */
export class Sessions {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly options: SessionsOptions) {}

  /** `player`: whose the token is, when the caller knows; otherwise options.playerOf is asked. */
  watch(token: string, onEnded: OnEnded, player: number | null = null): () => void {
    const digest = sessionDigest(token);
    let session = this.sessions.get(digest);
    if (!session) {
      const timer = setInterval(() => void this.recheck(digest), this.options.intervalMs).unref();
      session = { token, player: null, listeners: new Set(), timer };
      this.sessions.set(digest, session);
    }
    session.player ??= player ?? this.options.playerOf?.(token) ?? null;
    session.listeners.add(onEnded);
    return () => {
      const current = this.sessions.get(digest);
      if (!current?.listeners.delete(onEnded) || current.listeners.size > 0) return;
      clearInterval(current.timer);
      this.sessions.delete(digest);
    };
  }

  /**
   * The session with this digest (sessionDigest) is over, signed out or refused here or on another replica: its
   * subscriptions end now, not at the next check.
   */
  ended(digest: string, error: GraphQLError = sessionEndedError()) {
    const session = this.sessions.get(digest);
    if (!session) return;
    clearInterval(session.timer);
    this.sessions.delete(digest);
    for (const onEnded of session.listeners) onEnded(error);
  }

  /**
   * A player reset their password, which ends their other sessions at the casino: theirs are checked now (and those
   * whose player is not known, which may be theirs), instead of at the next check. The new session holds.
   */
  recheckPlayer(player: number): void {
    for (const [digest, session] of this.sessions) {
      if (session.player === player || session.player === null) void this.recheck(digest);
    }
  }

  /** Live sessions being watched (for tests). */
  get size(): number {
    return this.sessions.size;
  }

  close(): void {
    for (const session of this.sessions.values()) clearInterval(session.timer);
    this.sessions.clear();
  }

  private async recheck(digest: string): Promise<void> {
    const session = this.sessions.get(digest);
    if (!session) return;
    try {
      await this.options.check(session.token);
    } catch (err) {
      // An UNAUTHENTICATED is passed on as the casino gave it, so its reason (extensions.reason: signed in
      // elsewhere, expired...) reaches the subscriber and the site can say why.
      if (isAuthError(err)) this.ended(digest, err.extensions.code === 'UNAUTHENTICATED' ? err : undefined);
    }
  }
}
