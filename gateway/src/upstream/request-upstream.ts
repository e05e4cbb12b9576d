import type { PublicCache } from './public-cache.js';
import type { SessionReads } from './session-reads.js';
import type { UpstreamCall, UpstreamClient } from './client.js';

/** Parses (validates and normalises) an upstream answer once, at the edge. */
export type Parser<T> = (raw: unknown) => T;

/** One upstream call of an answer: when it started and ended, in ms since the answer began (ended: null if still out). */
export interface UpstreamCallTime {
  call: string;
  startMs: number;
  endMs: number | null;
}

/** What one answer asked upstream, in order, with when (for extensions.upstreamCalls, upstreamCallTimes and tests). */
export class CallLog {
  readonly entries: UpstreamCallTime[] = [];
  private readonly origin = performance.now();

  get calls(): string[] {
    return this.entries.map((entry) => entry.call);
  }

  /** Records a call's start; the function returned records its end. */
  started(call: string): () => void {
    const entry: UpstreamCallTime = { call, startMs: this.sinceOrigin(), endMs: null };
    this.entries.push(entry);
    return () => {
      entry.endMs = this.sinceOrigin();
    };
  }

  private sinceOrigin(): number {
    return Math.round((performance.now() - this.origin) * 10) / 10;
  }
}

/**
 * What every answer's upstream shares: the one client, the public cache, how long public reads are kept, and each
 * session's reads in flight.
 */
export interface SharedUpstream {
  client: UpstreamClient;
  cache: PublicCache;
  sessions: SessionReads;
  /** How long a public read is shared across answers (config.publicCacheTtlMs); 0 keeps nothing. */
  publicTtlMs: number;
}

/**
 * One answer's view of the backend, and the first argument of every upstream loader. Each resource is read at most
 * once per answer: a read is sent the moment a field (or a prefetch) first asks, and later fields get the same
 * promise. Public reads also go through the shared cache, without the caller's token.
 */
export class RequestUpstream {
  /** What this answer asked upstream, in order, with when. */
  readonly log: CallLog;
  /** This answer's personal reads, by method and path (a failed one is kept too: one answer, one outcome). */
  private readonly reads = new Map<string, Promise<unknown>>();
  /** This answer's public reads, by path: one load each even when the shared cache keeps nothing (TTL 0). */
  private readonly publicReads = new Map<string, Promise<unknown>>();

  constructor(
    private readonly shared: SharedUpstream,
    private readonly auth: { token: string | null; csrf: string | null },
    log: CallLog = new CallLog(),
  ) {
    this.log = log;
  }

  /**
   * The same answer acting as another session (the one a login or registration has just started): its own
   * reads, the shared client, cache and call log.
   */
  withToken(token: string | null): RequestUpstream {
    return new RequestUpstream(this.shared, { token, csrf: this.auth.csrf }, this.log);
  }

  /** The same session with no reads and its own call log: the next answer of a long-lived subscription. */
  renewed(): RequestUpstream {
    return new RequestUpstream(this.shared, this.auth);
  }

  get token(): string | null {
    return this.auth.token;
  }

  /** How long public reads are shared across answers (config.publicCacheTtlMs). */
  get publicTtlMs(): number {
    return this.shared.publicTtlMs;
  }

  /** A personal read with the caller's token (GET, or a POST that only reads such as /api/wallet). */
  read<T>(path: string, parse: Parser<T>, method: 'GET' | 'POST' = 'GET'): Promise<T> {
    const key = `${method} ${path}`;
    let read = this.reads.get(key) as Promise<T> | undefined;
    if (!read) {
      const { token, csrf } = this.auth;
      const start = () => this.send({ method, path, token, csrf }).then(parse);
      // Another answer of the same session reading the same resource right now: its read is this one's too.
      read = token ? this.shared.sessions.share(token, key, start) : start();
      this.reads.set(key, read);
    }
    return read;
  }

  /** A public read, shared across answers for ttlMs (by default the configured TTL); sent without any token. */
  readPublic<T>(path: string, parse: Parser<T>, ttlMs: number = this.shared.publicTtlMs): Promise<T> {
    let read = this.publicReads.get(path) as Promise<T> | undefined;
    if (!read) {
      read = this.shared.cache.get(`GET ${path}`, ttlMs, async () =>
        parse(await this.send({ method: 'GET', path })),
      );
      // A failed public read is not kept, so a later field of the same answer may try again.
      read.catch(() => this.publicReads.delete(path));
      this.publicReads.set(path, read);
    }
    return read;
  }

  /** A change (never deduplicated or cached); forgets this answer's earlier reads so later fields see its effect. */
  async write(call: Omit<UpstreamCall, 'token' | 'csrf'>): Promise<unknown> {
    const { token, csrf } = this.auth;
    // Reads in flight may be from before this change: none is shared with anyone after it (success or not).
    if (token) this.shared.sessions.end(token);
    try {
      return await this.send({ ...call, token, csrf });
    } finally {
      if (token) this.shared.sessions.end(token);
      this.reads.clear();
    }
  }

  /** After a password reset: the player's other sessions have ended, whichever tokens they were. */
  endAllSessionSharing(): void {
    this.shared.sessions.endAll();
  }

  /** What this answer asked upstream, in order (for extensions.upstreamCalls and tests). */
  get calls(): string[] {
    return this.log.calls;
  }

  private send(call: UpstreamCall): Promise<unknown> {
    const ended = this.log.started(`${call.method} ${call.path}`);
    const answer = this.shared.client.call(call);
    answer.then(ended, ended);
    return answer;
  }
}
