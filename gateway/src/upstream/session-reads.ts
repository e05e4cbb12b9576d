import { isAuthError } from '../errors.js';

/**
 * A session's reads in flight, shared by the executions that ask for the same resource with the same token at the same
 * time: the screen's query and the header's, sent together by one browser, read the account (and the wallet...)
 * once. Only while in flight: nothing is kept once settled, so no result is older than a read of its own would be.
 *
 * Sharing ends early when the session may have changed under it: a change made with the token (before it is sent
 * and once it is done, so later reads see it), a refused token (401/403), and a password reset (which ends the
 * player's other sessions, whichever tokens they are).
 */
/** How long a token's player is known without reading its account again (its reads still check the token). */
export const PLAYER_TTL_MS = 10 * 60_000;
/** Sessions whose player is remembered at once (about 100 bytes each). */
const MAX_PLAYERS = 50_000;

export class SessionReads {
  private readonly byToken = new Map<string, Map<string, Promise<unknown>>>();
  /** Whose each token is, learned from its account reads: a token never changes hands, so this only expires. */
  private readonly players = new Map<string, { id: number; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The read of `key` with `token` already in flight, or a new one from `start`, shared until it settles. */
  share<T>(token: string, key: string, start: () => Promise<T>): Promise<T> {
    let reads = this.byToken.get(token);
    const pending = reads?.get(key);
    if (pending) return pending as Promise<T>;
    if (!reads) this.byToken.set(token, (reads = new Map()));
    const read = start();
    reads.set(key, read);
    const settled = () => {
      if (reads.get(key) !== read) return;
      reads.delete(key);
      if (reads.size === 0 && this.byToken.get(token) === reads) this.byToken.delete(token);
    };
    read.then(settled, (err: unknown) => {
      settled();
      if (isAuthError(err)) this.forget(token);
    });
    return read;
  }

  /** No read started before now is shared with anyone asking with this token from now on. */
  end(token: string): void {
    this.byToken.delete(token);
  }

  /** The session is over or refused (sign-out, a 401): nothing of it is shared any more, not even whose it is. */
  forget(token: string): void {
    this.byToken.delete(token);
    this.players.delete(token);
  }

  /** Ends every session's sharing (a password reset: its player's other tokens are not known here). */
  endAll(): void {
    this.byToken.clear();
    this.players.clear();
  }

  /** The player a token was last read to belong to, if that was within PLAYER_TTL_MS. */
  playerOf(token: string): number | null {
    const known = this.players.get(token);
    return known && known.until > this.now() ? known.id : null;
  }

  /**
   * The player a token was last read to belong to, however long ago (while remembered at all): a token never changes
   * hands, so this stays true for as long as the token is good. For when the account cannot be read now (the viewer
   * stays the player's, docs/rules.md#sign-in-and-sessions); the token's other reads still say whether it is good.
   */
  lastPlayerOf(token: string): number | null {
    return this.players.get(token)?.id ?? null;
  }

  /** Remembers whose a token is (from its account read), the oldest entry making room past MAX_PLAYERS. */
  rememberPlayer(token: string, id: number): void {
    this.players.delete(token);
    this.players.set(token, { id, until: this.now() + PLAYER_TTL_MS });
    if (this.players.size > MAX_PLAYERS) this.players.delete(this.players.keys().next().value!);
  }

  /** Reads in flight across all sessions (for tests and metrics). */
  get size(): number {
    let n = 0;
    for (const reads of this.byToken.values()) n += reads.size;
    return n;
  }
}
