import DataLoader from 'dataloader';
import type { PublicCache } from './public-cache.js';
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
 * One request's view of the backend. Reads go through a DataLoader keyed by method and path, so no operation calls
 * the same upstream resource twice; public reads go through the shared cache without the caller's token.
 */
export class RequestUpstream {
  /** What this request asked upstream, in order, with when. */
  readonly log: CallLog;
  private readonly reads: DataLoader<string, unknown>;
  private readonly parsers = new Map<string, Parser<unknown>>();

  constructor(
    private readonly client: UpstreamClient,
    private readonly cache: PublicCache,
    private readonly auth: { token: string | null; csrf: string | null },
    log: CallLog = new CallLog(),
  ) {
    this.log = log;
    this.reads = new DataLoader<string, unknown>(
      async (keys) =>
        Promise.all(
          keys.map(async (key) => {
            const [method, path] = splitKey(key);
            try {
              const raw = await this.send({ method, path, token: this.auth.token, csrf: this.auth.csrf });
              return this.parsers.get(key)!(raw);
            } catch (err) {
              return err instanceof Error ? err : new Error(String(err));
            }
          }),
        ),
      { batch: false },
    );
  }

  /**
   * The same request acting as another session (the one a login or registration has just started): its own
   * loader, the shared client, cache and call log.
   */
  withToken(token: string | null): RequestUpstream {
    return new RequestUpstream(this.client, this.cache, { token, csrf: this.auth.csrf }, this.log);
  }

  /** The same session with fresh loaders and its own call log: the next answer of a long-lived subscription. */
  renewed(): RequestUpstream {
    return new RequestUpstream(this.client, this.cache, this.auth);
  }

  get token(): string | null {
    return this.auth.token;
  }

  /** A personal read with the caller's token (GET, or a POST that only reads such as /api/wallet). */
  read<T>(path: string, parse: Parser<T>, method: 'GET' | 'POST' = 'GET'): Promise<T> {
    const key = `${method} ${path}`;
    if (!this.parsers.has(key)) this.parsers.set(key, parse);
    return this.reads.load(key) as Promise<T>;
  }

  /** A public read, shared across requests for ttlMs; sent without any token. */
  readPublic<T>(path: string, parse: Parser<T>, ttlMs: number): Promise<T> {
    return this.cache.get(`GET ${path}`, ttlMs, async () => parse(await this.send({ method: 'GET', path })));
  }

  /** A change (never deduplicated or cached); forgets this request's earlier reads so later fields see its effect. */
  async write(call: Omit<UpstreamCall, 'token' | 'csrf'>): Promise<unknown> {
    const result = await this.send({ ...call, token: this.auth.token, csrf: this.auth.csrf });
    this.reads.clearAll();
    return result;
  }

  /** What this request asked upstream, in order (for extensions.upstreamCalls and tests). */
  get calls(): string[] {
    return this.log.calls;
  }

  private send(call: UpstreamCall): Promise<unknown> {
    const ended = this.log.started(`${call.method} ${call.path}`);
    const answer = this.client.call(call);
    answer.then(ended, ended);
    return answer;
  }
}

function splitKey(key: string): ['GET' | 'POST', string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space) as 'GET' | 'POST', key.slice(space + 1)];
}
