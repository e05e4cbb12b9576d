import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { BATCH_SIZE } from './audience.js';
import type { Collected, WorkerMessage, WorkerRequest } from './audience-worker.js';
import { repoRoot } from './processes.js';

/** Sockets per client process at most: well under a process's open-file limit, and the fan-out's reading shared out. */
export const SOCKETS_PER_PROCESS = 5_000;

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'audience-worker.ts');

/** Now, on the clock the workers report their times on (ms since the epoch, sub-millisecond). */
export const now = () => performance.timeOrigin + performance.now();

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** One subscriber to open: its session token (null: a guest) and its index among the players (-1: a watcher). */
export interface Spec {
  token: string | null;
  index: number;
}

/** What every worker saw of one collection, merged. */
export interface Merged {
  complete: boolean;
  received: number;
  first: number | null;
  last: number | null;
  at: Map<number, number>;
}

/**
 * The bench's subscribers spread over client processes (audience-worker.ts), each opening its share of every group
 * of subscribers and waiting for its share of each message; the pool merges their answers. A subscriber failing in
 * any process fails `failed`.
 */
export class AudiencePool {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private onFailure: (err: Error) => void = () => {};
  private stopped = false;
  readonly failed = new Promise<never>((_, reject) => (this.onFailure = reject));
  /** Messages outside a collection, or twice in one, over every process (once `strict()`). */
  unexpected = 0;

  private constructor(private readonly workers: ChildProcess[]) {
    this.failed.catch(() => {});
    for (const w of workers) {
      w.on('message', (m: WorkerMessage) => this.receive(m));
      w.once('exit', (code, signal) => {
        if (!this.stopped)
          this.onFailure(new Error(`a client process exited (code ${code}, signal ${signal})`));
      });
    }
  }

  /** `processes` client processes, each connecting its subscribers to `wsUrl`. */
  static async start(wsUrl: string, processes: number): Promise<AudiencePool> {
    const workers = Array.from({ length: processes }, () =>
      fork(WORKER, [], {
        cwd: repoRoot,
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    const pool = new AudiencePool(workers);
    await pool.all({ op: 'start', wsUrl });
    return pool;
  }

  get size(): number {
    return this.workers.length;
  }

  /** Opens `specs` in `group`, shared out over the processes (BATCH_SIZE handshakes in flight in all). */
  async open(group: string, query: string, variables: Record<string, unknown>, specs: Spec[]): Promise<void> {
    const n = this.workers.length;
    const share = (w: number) => specs.filter((_, i) => i % n === w);
    await this.each((w) => {
      const mine = share(w);
      return {
        op: 'open',
        group,
        query,
        variables,
        tokens: mine.map((s) => s.token),
        indexes: mine.map((s) => s.index),
        batchSize: Math.max(1, Math.ceil(BATCH_SIZE / n)),
      };
    });
  }

  /** Players of `group` whose snapshot has not come yet. */
  async waitingForSnapshots(group: string): Promise<number> {
    return ((await this.all({ op: 'snapshots', group })) as number[]).reduce((a, b) => a + b, 0);
  }

  /**
   * Starts waiting for one message to each member of `group` (a player's carrying `${expectPrefix}${index} `);
   * `until` waits for them, `end` stops. `times`: each player's arrival comes back too.
   */
  async collect(group: string, expectPrefix: string | null = null, times = false) {
    await this.all({ op: 'collect', group, expectPrefix, times });
    return {
      until: async (timeoutMs: number): Promise<Merged> => {
        const parts = (await this.all({ op: 'until', timeoutMs: Math.max(0, timeoutMs) })) as Collected[];
        this.unexpected = parts.reduce((sum, p) => sum + p.unexpected, 0);
        const firsts = parts.map((p) => p.first).filter((t): t is number => t !== null);
        const lasts = parts.map((p) => p.last).filter((t): t is number => t !== null);
        const at = new Map<number, number>();
        for (const p of parts) for (const [i, t] of Object.entries(p.at)) at.set(Number(i), t);
        return {
          complete: parts.every((p) => p.complete),
          received: parts.reduce((sum, p) => sum + p.received, 0),
          first: firsts.length ? Math.min(...firsts) : null,
          last: lasts.length ? Math.max(...lasts) : null,
          at,
        };
      },
      end: () => this.all({ op: 'end' }),
    };
  }

  /** From now on, messages outside a collection count as unexpected. */
  strict(): Promise<unknown> {
    return this.all({ op: 'strict' });
  }

  /** Closes the subscribers of `group` (all when null); ending them this way is not a failure. */
  close(group: string | null = null): Promise<unknown> {
    return this.all({ op: 'close', group });
  }

  /** `promise`, unless a subscriber fails first. */
  race<T>(promise: Promise<T>): Promise<T> {
    // Should a subscriber fail first, the promise's own later failure is the same one, already reported.
    promise.catch(() => {});
    return Promise.race([promise, this.failed]);
  }

  /** Closes every subscriber and ends the processes. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    await this.close().catch(() => {});
    this.stopped = true;
    await Promise.all(
      this.workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.exitCode !== null || w.signalCode !== null) return resolve();
            w.once('exit', () => resolve());
            w.disconnect();
            setTimeout(() => w.kill('SIGKILL'), 5_000).unref();
          }),
      ),
    );
  }

  private all(request: Request): Promise<unknown[]> {
    return this.each(() => request);
  }

  private each(request: (worker: number) => Request): Promise<unknown[]> {
    return this.race(
      Promise.all(
        this.workers.map(
          (w, i) =>
            new Promise<unknown>((resolve, reject) => {
              const id = this.nextId++;
              this.pending.set(id, { resolve, reject });
              w.send({ ...request(i), id });
            }),
        ),
      ),
    );
  }

  private receive(m: WorkerMessage): void {
    if ('failed' in m) return this.onFailure(new Error(m.failed));
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (m.ok) p.resolve(m.result);
    else p.reject(new Error(m.error));
  }
}
