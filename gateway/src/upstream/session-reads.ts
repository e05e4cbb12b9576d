import { isAuthError } from '../errors.js';

/**
 * A session's reads in flight, shared by the answers that ask for the same resource with the same token at the same
 * time: the screen's query and the header's, sent together by one browser, read the account (and the wallet...)
 * once. Only while in flight: nothing is kept once answered, so no answer is older than a read of its own would be.
 *
 * Sharing ends early when the session may have changed under it: a change made with the token (before it is sent
 * and once it is done, so later reads see it), a refused token (401/403), and a password reset (which ends the
 * player's other sessions, whichever tokens they are).
 */
export class SessionReads {
  private readonly byToken = new Map<string, Map<string, Promise<unknown>>>();

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
      if (isAuthError(err)) this.end(token);
    });
    return read;
  }

  /** No read started before now is shared with anyone asking with this token from now on. */
  end(token: string): void {
    this.byToken.delete(token);
  }

  /** Ends every session's sharing (a password reset: its player's other tokens are not known here). */
  endAll(): void {
    this.byToken.clear();
  }

  /** Reads in flight across all sessions (for tests and metrics). */
  get size(): number {
    let n = 0;
    for (const reads of this.byToken.values()) n += reads.size;
    return n;
  }
}
