/**
 * Public, non-personal answers (catalogue, providers, filters, banners, promotions, news) shared across requests
 * for a TTL. Only loads made without a token are stored here, so nothing personal can be shared. Concurrent
 * misses share one load; failures are not stored.
 */
export class PublicCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly dependents: (() => void)[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  async get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value as T;
    const pending = this.inflight.get(key);
    if (pending) return pending as Promise<T>;
    const promise = load().then(
      (value) => {
        if (ttlMs > 0) this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
        this.inflight.delete(key);
        return value;
      },
      (err: unknown) => {
        this.inflight.delete(key);
        throw err;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }

  /** Forgets every public read (an operator's or a test's "the casino changed it: show it now"). */
  clear(): void {
    this.entries.clear();
    for (const clear of this.dependents) clear();
  }

  /** Also forget this whenever the public reads are cleared: what was built from them (the guests' answers). */
  alsoClear(clear: () => void): void {
    this.dependents.push(clear);
  }
}
