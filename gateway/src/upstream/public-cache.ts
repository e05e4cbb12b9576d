import { GraphQLError } from 'graphql';

interface Entry {
  value: unknown;
  /** Served as it is until then. */
  freshUntil: number;
  /** Until then, served while one refresh runs in the background (and kept while those refreshes fail). */
  staleUntil: number;
}

/** How a lookup was served: fresh, stale (while a refresh runs), or not at all (loaded). */
export type CacheLookup = 'hit' | 'stale' | 'miss';

/** The backend did not respond (down, timed out, 5xx, circuit open): a reason to keep serving what we have. */
const isUnavailable = (err: unknown) =>
  err instanceof GraphQLError && err.extensions.code === 'UPSTREAM_UNAVAILABLE';

/**
 * Public, non-personal responses (catalogue, providers, filters, banners, promotions, news) shared across requests
 * for a TTL. Only loads made without a token are stored here, so nothing personal can be shared. Concurrent
 * misses share one load; failures are not stored.
 *
 * Stale while revalidate: past its TTL an entry is still served for up to `staleMs` more, while one refresh runs in
 * the background, so a visitor never waits on a refresh and the catalogue keeps responding while the backend is
 * briefly down (each refresh fails, the entry stays). A refresh the backend refuses otherwise (a 404: the thing is
 * gone) drops the entry. Past `staleMs` an entry is loaded as on a miss, and a failure is the caller's.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly dependents: (() => void)[] = [];
  private readonly staleMs: number;
  private readonly now: () => number;
  private readonly onLookup: ((result: CacheLookup) => void) | null;
  /** Bumped by clear(): a load that started before a clear must not store what it read. */
  private generation = 0;

  constructor(
    options: { staleMs?: number; now?: () => number; onLookup?: (result: CacheLookup) => void } = {},
  ) {
    this.staleMs = options.staleMs ?? 0;
    this.now = options.now ?? Date.now;
    // Told how each lookup went, for the cache metrics.
    this.onLookup = options.onLookup ?? null;
  }

  async get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && hit.freshUntil > now) {
      this.onLookup?.('hit');
      return hit.value as T;
    }
    if (hit && hit.staleUntil > now) {
      this.onLookup?.('stale');
      this.load(key, ttlMs, load).catch(() => {}); // the stale entry is served; the refresh shares a running one
      return hit.value as T;
    }
    this.onLookup?.('miss');
    return this.load(key, ttlMs, load);
  }

  /** Forgets every public read (an operator's or a test's "the casino changed it: show it now"). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.inflight.clear();
    for (const clear of this.dependents) clear();
  }

  /** Also forget this whenever the public reads are cleared: what was built from them (the guests' responses). */
  alsoClear(clear: () => void): void {
    this.dependents.push(clear);
  }

  /** One load per key at a time; a success is stored for ttlMs (then staleMs more), a failure as described above. */
  private load<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const pending = this.inflight.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const current = () => generation === this.generation;
    const promise = load().then(
      (value) => {
        if (!current()) return value;
        this.inflight.delete(key);
        const at = this.now();
        if (ttlMs > 0)
          this.entries.set(key, { value, freshUntil: at + ttlMs, staleUntil: at + ttlMs + this.staleMs });
        return value;
      },
      (err: unknown) => {
        if (current()) {
          this.inflight.delete(key);
          if (!isUnavailable(err)) this.entries.delete(key);
        }
        throw err;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }
}
