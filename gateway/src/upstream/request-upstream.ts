import DataLoader from 'dataloader';
import type { PublicCache } from './public-cache.js';
import type { UpstreamCall, UpstreamClient } from './client.js';

/** Parses (validates and normalises) an upstream answer once, at the edge. */
export type Parser<T> = (raw: unknown) => T;

/**
 * One request's view of the backend. Reads go through a DataLoader keyed by method and path, so no operation calls
 * the same upstream resource twice; public reads go through the shared cache without the caller's token.
 */
export class RequestUpstream {
  /** What this request asked upstream, in order (for extensions.upstreamCalls and tests). */
  readonly calls: string[];
  private readonly reads: DataLoader<string, unknown>;
  private readonly parsers = new Map<string, Parser<unknown>>();

  constructor(
    private readonly client: UpstreamClient,
    private readonly cache: PublicCache,
    private readonly auth: { token: string | null; csrf: string | null },
    calls: string[] = [],
  ) {
    this.calls = calls;
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
    return new RequestUpstream(this.client, this.cache, { token, csrf: this.auth.csrf }, this.calls);
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

  private send(call: UpstreamCall): Promise<unknown> {
    this.calls.push(`${call.method} ${call.path}`);
    return this.client.call(call);
  }
}

function splitKey(key: string): ['GET' | 'POST', string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space) as 'GET' | 'POST', key.slice(space + 1)];
}
