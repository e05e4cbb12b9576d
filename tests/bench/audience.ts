import { performance } from 'node:perf_hooks';
import { LiteSocket } from './ws-lite.js';

/** Sockets opened at once, so the machine is not flooded with thousands of simultaneous handshakes. */
export const BATCH_SIZE = 250;

/**
 * One subscriber: a graphql-transport-ws socket with one operation, spoken directly over a minimal WebSocket client
 * (ws-lite.ts: 10,000 official clients, or even `ws` sockets, cost the bench's one process more than the gateway;
 * the protocol is four message types). A message is recognised by its opening bytes, so the bench spends little
 * time per message and measures the gateway.
 */
export interface Subscriber {
  ws: LiteSocket;
  /** For a player: the marker its next event's subject carries. */
  expect: string | null;
  /** The collection this subscriber last arrived in, so each counts once per collection. */
  lastCollection: number;
  /** performance.now() of its arrival in the current collection. */
  at: number;
  /** Closed by the bench: its socket ending is expected. */
  closed: boolean;
  /** A player's snapshot has come: its private channel is live at the gateway. */
  snapshot: boolean;
  /** Index among the players (for their publishes), -1 for a watcher. */
  index: number;
}

interface Collection {
  id: number;
  members: ReadonlySet<Subscriber>;
  remaining: number;
  first: number | null;
  last: number | null;
  done: () => void;
}

const NEXT_PREFIX = Buffer.from('{"id":"1","type":"next","payload":');

/** The bench's subscribers and the collection in progress; any subscriber ending early fails the bench. */
export class Audience {
  readonly members = new Set<Subscriber>();
  private collection: Collection | null = null;
  private nextId = 1;
  /** Messages outside a collection, or a second one within it; counted only once `strict` (while measuring). */
  unexpected = 0;
  strict = false;
  private shut = false;
  private failure: Error | null = null;
  private onFailure: (err: Error) => void = () => {};
  /** Rejects when a subscriber errors, completes or loses its socket before the bench is over. */
  readonly failed = new Promise<never>((_, reject) => (this.onFailure = reject));

  constructor(private readonly wsUrl: string) {
    this.failed.catch(() => {});
  }

  /** Opens one socket and subscribes; resolves once the gateway acknowledged the connection. */
  open(query: string, variables: Record<string, unknown>, token: string | null, index = -1) {
    if (this.shut) return Promise.reject(new Error('the subscribers were closed'));
    const ws = new LiteSocket(this.wsUrl, 'graphql-transport-ws');
    const subscriber: Subscriber = {
      ws,
      expect: null,
      lastCollection: 0,
      at: 0,
      closed: false,
      snapshot: false,
      index,
    };
    this.members.add(subscriber);
    return new Promise<Subscriber>((resolve, reject) => {
      let acknowledged = false;
      ws.on('open', () => {
        const payload = token ? { authorization: `Bearer ${token}` } : {};
        ws.send(JSON.stringify({ type: 'connection_init', payload }));
      });
      ws.on('message', (data: Buffer) => {
        // Looked at as bytes: 10,000 messages a round decoded into strings would cost the bench's one process more.
        if (
          data.length > NEXT_PREFIX.length &&
          data.compare(NEXT_PREFIX, 0, NEXT_PREFIX.length, 0, NEXT_PREFIX.length) === 0
        ) {
          return this.next(subscriber, data);
        }
        const text = String(data);
        const message = JSON.parse(text) as { type: string; payload?: unknown };
        if (message.type === 'connection_ack' && !acknowledged) {
          acknowledged = true;
          ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables } }));
          resolve(subscriber);
        } else if (message.type === 'ping') ws.send('{"type":"pong"}');
        else if (message.type === 'error') this.fail(subscriber, `a subscription failed: ${text}`);
        else if (message.type === 'complete')
          this.fail(subscriber, 'a subscription was completed by the gateway');
        else if (message.type === 'next') this.next(subscriber, data);
      });
      ws.on('error', (err: Error) => {
        if (!acknowledged) reject(err);
        this.fail(subscriber, `a subscriber's socket failed: ${err.message}`);
      });
      ws.on('close', (code: number, reason: string) => {
        const why = `close code ${code}${reason ? `: ${reason}` : ''}`;
        if (!acknowledged) reject(new Error(`a subscriber's socket closed before it connected (${why})`));
        this.fail(subscriber, `a subscriber's socket closed (${why})`);
      });
    });
  }

  /** Opens `count` subscribers, `batchSize` sockets at a time. */
  async openMany(
    count: number,
    open: (i: number) => Promise<Subscriber>,
    batchSize = BATCH_SIZE,
  ): Promise<Subscriber[]> {
    const opened: Subscriber[] = [];
    while (opened.length < count) {
      const batch = Math.min(batchSize, count - opened.length);
      const from = opened.length;
      opened.push(...(await this.race(Promise.all(Array.from({ length: batch }, (_, i) => open(from + i))))));
    }
    return opened;
  }

  /** Starts waiting for one message from each of `members`; `end()` before the next collection starts. */
  collect(members: readonly Subscriber[]) {
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const c: Collection = {
      id: this.nextId++,
      members: new Set(members),
      remaining: members.length,
      first: null,
      last: null,
      done,
    };
    this.collection = c;
    return {
      /** Whether every member has received one message, waiting up to timeoutMs for it. */
      until: async (timeoutMs: number): Promise<boolean> => {
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<void>(
          (resolve) => (timer = setTimeout(resolve, Math.max(0, timeoutMs))),
        );
        try {
          await this.race(Promise.race([finished, timedOut]));
        } finally {
          clearTimeout(timer);
        }
        return c.remaining === 0;
      },
      received: () => members.length - c.remaining,
      first: () => c.first,
      last: () => c.last,
      end: () => {
        if (this.collection === c) this.collection = null;
      },
    };
  }

  /** Closes the given subscribers (all when none are given); ending them this way is not a failure. */
  async close(subscribers?: readonly Subscriber[]): Promise<void> {
    if (!subscribers) this.shut = true;
    const closing = subscribers ?? [...this.members];
    await Promise.all(
      closing.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.closed = true;
            this.members.delete(s);
            if (s.ws.readyState === LiteSocket.CLOSED) return resolve();
            s.ws.once('close', () => resolve());
            s.ws.close(1000);
            setTimeout(() => (s.ws.terminate(), resolve()), 2000).unref();
          }),
      ),
    );
  }

  /** `promise`, unless a subscriber fails first. */
  race<T>(promise: Promise<T>): Promise<T> {
    if (this.failure) {
      promise.catch(() => {});
      return Promise.reject(this.failure);
    }
    return Promise.race([promise, this.failed]);
  }

  private next(subscriber: Subscriber, data: Buffer): void {
    if (data.includes('"errors"')) {
      return this.fail(subscriber, `a subscriber received errors: ${String(data).slice(0, 500)}`);
    }
    if (subscriber.index >= 0 && !subscriber.snapshot && data.includes('"name":"snapshot"')) {
      subscriber.snapshot = true;
      return;
    }
    // A player's message counts when it is the event it waits for (this round's notification).
    if (subscriber.expect !== null && !data.includes(subscriber.expect)) {
      if (this.strict) this.unexpected += 1;
      return;
    }
    this.arrived(subscriber);
  }

  private arrived(subscriber: Subscriber): void {
    const now = performance.now();
    const c = this.collection;
    if (!c || !c.members.has(subscriber) || subscriber.lastCollection === c.id) {
      if (this.strict) this.unexpected += 1;
      return;
    }
    subscriber.lastCollection = c.id;
    subscriber.at = now;
    c.first ??= now;
    c.last = now;
    c.remaining -= 1;
    if (c.remaining === 0) c.done();
  }

  private fail(subscriber: Subscriber, why: string): void {
    if (subscriber.closed || this.failure || this.shut) return;
    this.failure = new Error(why);
    this.onFailure(this.failure);
  }
}
