import type { PublicCache } from './public-cache.js';
import { isAuthError } from '../errors.js';
import type { SessionReads } from './session-reads.js';
import type { SharedCache } from './shared-cache.js';
import type { UpstreamCall, UpstreamClient } from './client.js';
import type { KeptParser } from './parse.js';

/**
 * Parses (validates and normalises) an upstream response once, at the edge; a KeptParser (parse.ts) also keeps its
 * values by the response's text.
 */
export type Parser<T> = ((raw: unknown) => T) | KeptParser<T>;

/** One upstream call: when it started and ended, in ms since its execution began (ended: null if still out). */
export interface UpstreamCallTime {
  call: string;
  startMs: number;
  endMs: number | null;
}

/** What one execution asked upstream, in order, with when (for extensions.upstreamCalls, upstreamCallTimes, tests). */
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
 * What every execution's upstream shares: the one client, the public cache, how long public reads are kept, and each
 * session's reads in flight.
 */
export interface SharedUpstream {
  client: UpstreamClient;
  cache: PublicCache;
  sessions: SessionReads;
  /** How long a public read is shared across executions (config.publicCacheTtlMs); 0 keeps nothing. */
  publicTtlMs: number;
  /** The public reads shared with the other replicas (Redis, when REDIS_URL is set), behind `cache`. */
  replicas?: SharedCache | null;
}

/**
 * One execution's view of the backend, and the first argument of every upstream loader. Each resource is read at most
 * once per execution: a read is sent the moment a field (or a prefetch) first asks, and later fields get the same
 * promise. Public reads also go through the shared cache, without the caller's token.
 */
export class RequestUpstream {
  /** What this execution asked upstream, in order, with when. */
  readonly log: CallLog;
  /** This execution's personal reads, by method and path (a failed one is kept too: one execution, one outcome). */
  private readonly reads = new Map<string, Promise<unknown>>();
  /** This execution's public reads, by path: one load each even when the shared cache keeps nothing (TTL 0). */
  private readonly publicReads = new Map<string, Promise<unknown>>();
  /** What this execution's personal reads have said of its token so far (see sessionChecked). */
  private readonly verdict = new SessionVerdict();

  constructor(
    private readonly shared: SharedUpstream,
    private readonly auth: { token: string | null; csrf: string | null; requestId?: string },
    log: CallLog = new CallLog(),
  ) {
    this.log = log;
  }

  /**
   * The same execution acting as another session (the one a login or registration has just started): its own
   * reads, the shared client, cache and call log.
   */
  withToken(token: string | null): RequestUpstream {
    return new RequestUpstream(this.shared, { ...this.auth, token }, this.log);
  }

  /** The same session with no reads and its own call log: the next execution of a long-lived subscription. */
  renewed(): RequestUpstream {
    return new RequestUpstream(this.shared, this.auth);
  }

  get token(): string | null {
    return this.auth.token;
  }

  /** The request id this execution's calls send upstream (http-observer.ts, socket-observer.ts). */
  get requestId(): string | undefined {
    return this.auth.requestId;
  }

  /** How long public reads are shared across executions (config.publicCacheTtlMs). */
  get publicTtlMs(): number {
    return this.shared.publicTtlMs;
  }

  /** A personal read with the caller's token (GET, or a POST that only reads such as /api/wallet). */
  read<T>(path: string, parse: Parser<T>, method: 'GET' | 'POST' = 'GET'): Promise<T> {
    const key = `${method} ${path}`;
    let read = this.reads.get(key) as Promise<T> | undefined;
    if (!read) {
      const { token, csrf } = this.auth;
      const call: UpstreamCall = { method, path, token, csrf };
      const start = () =>
        'kept' in parse ? this.send(call, parse as KeptParser<T>) : this.send(call).then(parse);
      // Another execution of the same session reading the same resource right now: its read is this one's too.
      read = token ? this.shared.sessions.share(token, key, start) : start();
      this.reads.set(key, read);
      if (token) this.verdict.watch(read);
    }
    return read;
  }

  /**
   * Settles once this execution's personal reads have shown the token good (one succeeded) or refused (one failed with
   * 401/403: rejects with that error); resolves too when they all failed otherwise (the backend, not the token, is
   * at fault). Null when no personal read is out: nothing can tell.
   */
  sessionChecked(): Promise<void> | null {
    return this.verdict.settled();
  }

  /** The player this execution's token was recently read to belong to, or null (a guest, or not known yet). */
  knownPlayerId(): number | null {
    return this.auth.token ? this.shared.sessions.playerOf(this.auth.token) : null;
  }

  /** The player this execution's token was ever read to belong to (see SessionReads.lastPlayerOf), or null. */
  lastPlayerId(): number | null {
    return this.auth.token ? this.shared.sessions.lastPlayerOf(this.auth.token) : null;
  }

  /** Remembers whose this execution's token is, from its account read. */
  rememberPlayer(id: number): void {
    if (this.auth.token) this.shared.sessions.rememberPlayer(this.auth.token, id);
  }

  /** A public read, shared across executions for ttlMs (by default the configured TTL); sent without any token. */
  readPublic<T>(path: string, parse: Parser<T>, ttlMs: number = this.shared.publicTtlMs): Promise<T> {
    let read = this.publicReads.get(path) as Promise<T> | undefined;
    if (!read) {
      const key = `GET ${path}`;
      const load = () => this.send({ method: 'GET', path });
      // With Redis, a miss here may be another replica's read (its body, parsed again here).
      const { replicas } = this.shared;
      read = this.shared.cache.get(key, ttlMs, async () =>
        parse(await (replicas && ttlMs > 0 ? replicas.read(key, ttlMs, load) : load())),
      );
      // A failed public read is not kept, so a later field of the same execution may try again.
      read.catch(() => this.publicReads.delete(path));
      this.publicReads.set(path, read);
    }
    return read;
  }

  /** A change (never deduplicated or cached); forgets this execution's earlier reads so later fields see its effect. */
  async write(call: Omit<UpstreamCall, 'token' | 'csrf'>): Promise<unknown> {
    const { token, csrf } = this.auth;
    // Reads in flight may be from before this change: none is shared with anyone after it (success or not).
    if (token) this.shared.sessions.end(token);
    try {
      // Object.assign rather than a spread with properties after it: about 10 µs on Node 20 for a call (see send).
      return await this.send(Object.assign({}, call, { token, csrf }));
    } catch (err) {
      if (token && isAuthError(err)) this.shared.sessions.forget(token);
      throw err;
    } finally {
      if (token) this.shared.sessions.end(token);
      this.reads.clear();
    }
  }

  /** After a password reset: the player's other sessions have ended, whichever tokens they were. */
  endAllSessionSharing(): void {
    this.shared.sessions.endAll();
  }

  /** After a sign-out: the token is dead; nothing of it is shared any more. */
  endSession(): void {
    if (this.auth.token) this.shared.sessions.forget(this.auth.token);
  }

  /** What this execution asked upstream, in order (for extensions.upstreamCalls and tests). */
  get calls(): string[] {
    return this.log.calls;
  }

  /** The call's parsed body, or with `parse` what parse makes of it (a parser that keeps its values, parse.ts). */
  private send(call: UpstreamCall): Promise<unknown>;
  private send<T>(call: UpstreamCall, parse: KeptParser<T>): Promise<T>;
  private send<T>(call: UpstreamCall, parse?: KeptParser<T>): Promise<unknown> {
    const ended = this.log.started(`${call.method} ${call.path}`);
    // Reads shared with other executions (public cache, a session's reads in flight) carry the first asker's id.
    // Object.assign rather than a spread with the id after it, which costs about 3 µs on Node 20 (context.ts).
    const sent = this.auth.requestId ? Object.assign({}, call, { requestId: this.auth.requestId }) : call;
    const { client } = this.shared;
    const response = parse ? client.read(sent, parse) : client.call(sent);
    response.then(ended, ended);
    return response;
  }
}

/** The first word this execution's personal reads give about its token: good (one succeeded), or refused (401/403). */
class SessionVerdict {
  private out = 0;
  private outcome: { refused: unknown } | { good: true } | null = null;
  private waiting: { resolve: () => void; reject: (err: unknown) => void }[] = [];

  watch(read: Promise<unknown>): void {
    this.out++;
    read.then(
      () => {
        this.out--;
        this.decide({ good: true });
      },
      (err: unknown) => {
        this.out--;
        if (isAuthError(err)) this.decide({ refused: err });
        // Every read failed, none for the token: the token is not what is wrong.
        else if (this.out === 0) this.decide({ good: true });
      },
    );
  }

  settled(): Promise<void> | null {
    if (this.outcome)
      return 'refused' in this.outcome ? Promise.reject(this.outcome.refused) : Promise.resolve();
    if (this.out === 0) return null;
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private decide(outcome: { refused: unknown } | { good: true }): void {
    if (this.outcome) return;
    this.outcome = outcome;
    for (const w of this.waiting.splice(0)) {
      if ('refused' in outcome) w.reject(outcome.refused);
      else w.resolve();
    }
  }
}
