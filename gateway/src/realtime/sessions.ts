import type { GraphQLError } from 'graphql';
import { isAuthError, unauthenticated } from '../errors.js';

type OnEnded = (error: GraphQLError) => void;

interface Session {
  listeners: Set<OnEnded>;
  timer: NodeJS.Timeout;
}

export interface SessionsOptions {
  /** How often each live session is checked. */
  intervalMs: number;
  /** Resolves while the session holds; rejects with UNAUTHENTICATED/FORBIDDEN once the casino refuses it. */
  check(token: string): Promise<unknown>;
}

/**
 * The sessions behind live subscriptions. A subscription outlives the request that proved its token, so each
 * token in use is re-checked every intervalMs (one check per token, however many subscriptions share it); a token
 * the casino refuses, or one signed out through this gateway, ends every subscription using it with UNAUTHENTICATED.
 * A check that fails for another reason (the casino is briefly unreachable) ends nothing.
 */
export class Sessions {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly options: SessionsOptions) {}

  watch(token: string, onEnded: OnEnded): () => void {
    let session = this.sessions.get(token);
    if (!session) {
      const timer = setInterval(() => void this.recheck(token), this.options.intervalMs).unref();
      session = { listeners: new Set(), timer };
      this.sessions.set(token, session);
    }
    session.listeners.add(onEnded);
    return () => {
      const current = this.sessions.get(token);
      if (!current?.listeners.delete(onEnded) || current.listeners.size > 0) return;
      clearInterval(current.timer);
      this.sessions.delete(token);
    };
  }

  /** The session is over (signed out through this gateway): its subscriptions end now, not at the next check. */
  ended(
    token: string,
    error: GraphQLError = unauthenticated('Your session has ended. Please sign in again.'),
  ) {
    const session = this.sessions.get(token);
    if (!session) return;
    clearInterval(session.timer);
    this.sessions.delete(token);
    for (const onEnded of session.listeners) onEnded(error);
  }

  /** Live sessions being watched (for tests). */
  get size(): number {
    return this.sessions.size;
  }

  close(): void {
    for (const session of this.sessions.values()) clearInterval(session.timer);
    this.sessions.clear();
  }

  private async recheck(token: string): Promise<void> {
    try {
      await this.options.check(token);
    } catch (err) {
      if (isAuthError(err))
        this.ended(token, unauthenticated('Your session has ended. Please sign in again.'));
    }
  }
}
