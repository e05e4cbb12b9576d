/**
 * One process of the subscription bench's clients (audience-pool.ts forks several): it holds its share of the
 * subscribers (audience.ts) and answers the pool's requests over IPC. The clients live outside the bench's own
 * process because each process has its own open-file limit: 19,000 sockets on the gateway's side are 19,000 on the
 * clients' side too, and the machine allows a process 20,000.
 *
 * Times go back as performance.timeOrigin + performance.now() (ms since the epoch, sub-millisecond), which every
 * process on the machine reads from the same clock, so the pool compares them with its own publish times.
 */
import { performance } from 'node:perf_hooks';
import { Audience, type Subscriber } from './audience.js';

export type WorkerRequest = { id: number } & (
  | { op: 'start'; wsUrl: string }
  | {
      op: 'open';
      group: string;
      query: string;
      variables: Record<string, unknown>;
      /** One entry per socket: its session token (null: a guest) and its index among the players (-1: a watcher). */
      tokens: (string | null)[];
      indexes: number[];
      batchSize: number;
    }
  | { op: 'snapshots'; group: string }
  | { op: 'collect'; group: string; expectPrefix: string | null; times: boolean }
  | { op: 'until'; timeoutMs: number }
  | { op: 'end' }
  | { op: 'strict' }
  | { op: 'close'; group: string | null }
);

export interface Collected {
  complete: boolean;
  received: number;
  first: number | null;
  last: number | null;
  /** Each player's arrival, by index (when asked for). */
  at: Record<number, number>;
  unexpected: number;
}

export type WorkerMessage =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string } | { failed: string };

const clock = (t: number) => performance.timeOrigin + t;

let audience: Audience | null = null;
const groups = new Map<string, Subscriber[]>();
let collection: (ReturnType<Audience['collect']> & { members: Subscriber[]; times: boolean }) | null = null;

const send = (message: WorkerMessage) => process.send!(message);

async function handle(req: WorkerRequest): Promise<unknown> {
  switch (req.op) {
    case 'start': {
      audience = new Audience(req.wsUrl);
      audience.failed.catch((err: Error) => send({ failed: err.message }));
      return null;
    }
    case 'open': {
      const a = audience!;
      const opened = await a.openMany(
        req.tokens.length,
        (i) => a.open(req.query, req.variables, req.tokens[i]!, req.indexes[i]!),
        req.batchSize,
      );
      groups.set(req.group, [...(groups.get(req.group) ?? []), ...opened]);
      return opened.length;
    }
    case 'snapshots':
      return (groups.get(req.group) ?? []).filter((s) => !s.snapshot).length;
    case 'collect': {
      const members = groups.get(req.group) ?? [];
      if (req.expectPrefix !== null) for (const s of members) s.expect = `${req.expectPrefix}${s.index} `;
      collection = { ...audience!.collect(members), members, times: req.times };
      return null;
    }
    case 'until': {
      const c = collection!;
      const complete = await c.until(req.timeoutMs);
      const first = c.first();
      const last = c.last();
      const at: Record<number, number> = {};
      if (c.times) for (const s of c.members) if (s.at > 0) at[s.index] = clock(s.at);
      return {
        complete,
        received: c.received(),
        first: first === null ? null : clock(first),
        last: last === null ? null : clock(last),
        at,
        unexpected: audience!.unexpected,
      } satisfies Collected;
    }
    case 'end':
      collection?.end();
      collection = null;
      return null;
    case 'strict':
      audience!.strict = true;
      return null;
    case 'close': {
      if (req.group === null) {
        await audience?.close();
        groups.clear();
      } else {
        await audience!.close(groups.get(req.group) ?? []);
        groups.delete(req.group);
      }
      return null;
    }
  }
}

process.on('message', (req: WorkerRequest) => {
  handle(req).then(
    (result) => send({ id: req.id, ok: true, result }),
    (err: unknown) =>
      send({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
// The pool went away (the bench ended or was killed): nothing is left open.
process.on('disconnect', () => process.exit(0));
