import type { ExecutionResult } from 'graphql';

/** The shared groups at a glance (realtime stats, tests and the bench). */
export interface FanoutStats {
  /** Groups of subscribers sharing one execution per event. */
  groups: number;
  /** Subscribers in those groups. */
  members: number;
  /** Results the groups' executions produced since the start (one per event per group). */
  executions: number;
  /** Results handed to members since the start (executions × their members). */
  deliveries: number;
}

export interface SharedFanoutOptions {
  /** A member this far behind (results queued, not yet taken by its socket) is cut off, as an unshared one is. */
  maxQueued: number;
}

type Started = AsyncIterable<ExecutionResult> | ExecutionResult;

interface Group {
  key: string;
  members: Set<Member>;
  /** null once the source runs; otherwise the result that refused the subscription (NOT_FOUND, ...). */
  ready: Promise<ExecutionResult | null>;
  source: AsyncIterator<ExecutionResult> | null;
  /** No member is left (or the source ended): the group is out of the map and its source returned. */
  ended: boolean;
}

/**
 * Subscriptions that share one execution per event. Subscribers of the same public subscription (same document,
 * operation and variables: the key) join one group; its first member starts the one event stream (the subscription
 * executed once, as a guest), and each result it yields, the same object, is handed to every member. Each member
 * keeps its own queue (its socket takes results at its own pace) and is cut off past `maxQueued`; the group's
 * stream is returned (so its upstream channel is unwatched) when its last member leaves.
 *
 * What it earns (`npm run bench -- --only subscriptions`, 10,000 watchers of one tournament, 30 rounds): the first
 * watcher has each update after 37 ms and the last after 270 ms (medians), against 2,100 ms and 2,750 ms with one
 * execution per subscriber. See docs/benchmarks.md.
 */
export class SharedFanout {
  private readonly groups = new Map<string, Group>();
  private executions = 0;
  private deliveries = 0;

  constructor(private readonly options: SharedFanoutOptions) {}

  /**
   * Joins the group of `key`, starting its stream with `start` when there is none. Returns the member's own
   * stream, or the result that refused the subscription (every member waiting on that start gets it).
   */
  async join(key: string, start: () => Started | Promise<Started>): Promise<Member | ExecutionResult> {
    let group = this.groups.get(key);
    if (!group) group = this.create(key, start);
    // A member is in the group before its stream is ready: nothing the group yields from then on is missed.
    const member = new Member(group, this.options.maxQueued, (m) => this.leave(m));
    group.members.add(member);
    let refused: ExecutionResult | null;
    try {
      refused = await group.ready;
    } catch (err) {
      this.leave(member);
      throw err;
    }
    if (refused) {
      this.leave(member);
      return refused;
    }
    return member;
  }

  stats(): FanoutStats {
    let members = 0;
    for (const g of this.groups.values()) members += g.members.size;
    return { groups: this.groups.size, members, executions: this.executions, deliveries: this.deliveries };
  }

  /** Ends every group (the gateway is closing): members complete, streams are returned. */
  close(): void {
    for (const g of [...this.groups.values()]) this.end(g, null);
  }

  private create(key: string, start: () => Started | Promise<Started>): Group {
    const group: Group = { key, members: new Set(), ready: null!, source: null, ended: false };
    this.groups.set(key, group);
    group.ready = (async () => {
      let started: Started;
      try {
        started = await start();
      } catch (err) {
        this.drop(group);
        throw err;
      }
      if (!isAsyncIterable(started)) {
        this.drop(group);
        return started;
      }
      group.source = started[Symbol.asyncIterator]();
      // Every member left while it started: end it now.
      if (group.ended) void group.source.return?.();
      else void this.pump(group, group.source);
      return null;
    })();
    return group;
  }

  /** Hands each result of the group's stream to every member, until it ends or the group does. */
  private async pump(group: Group, source: AsyncIterator<ExecutionResult>): Promise<void> {
    try {
      for (;;) {
        const step = await source.next();
        if (step.done || group.ended) break;
        this.executions += 1;
        this.deliveries += group.members.size;
        // A member cut off while this runs is deleted from the set, which iteration allows.
        for (const member of group.members) member.push(step.value);
      }
      this.end(group, null);
    } catch (err) {
      this.end(group, err);
    }
  }

  private leave(member: Member): void {
    const group = member.group;
    if (!group.members.delete(member) || group.members.size > 0 || group.ended) return;
    this.drop(group);
    // The last member left: the stream ends, and with it the upstream channel's watch (if it has started).
    void group.source?.return?.();
  }

  /** The stream ended (or failed, or the gateway closes): every member ends after what it has queued. */
  private end(group: Group, error: unknown): void {
    this.drop(group);
    void group.source?.return?.();
    for (const member of [...group.members]) {
      if (error === null) member.complete();
      else member.fail(error);
    }
    group.members.clear();
  }

  private drop(group: Group): void {
    group.ended = true;
    if (this.groups.get(group.key) === group) this.groups.delete(group.key);
  }
}

interface Waiting {
  resolve(step: IteratorResult<ExecutionResult>): void;
  reject(err: unknown): void;
}

/**
 * Writes one result straight to a subscriber's socket; returns false when the subscriber is too far behind (its
 * socket holds too much unsent data), which cuts it off.
 */
export type Sink = (result: ExecutionResult) => boolean;

/**
 * One subscriber of a group: its own queue of the group's results, taken by its socket one at a time; or, with a
 * sink (graphql-ws), each result written at once, so a group's event costs each member one socket write and
 * nothing else. Its stream then only ends (completes or fails) when the member does.
 */
export class Member implements AsyncIterableIterator<ExecutionResult> {
  private readonly queue: ExecutionResult[] = [];
  private sink: Sink | null = null;
  private waiting: Waiting | null = null;
  private done = false;
  private failure: { error: unknown } | null = null;
  private readonly onClose: (() => void)[] = [];

  constructor(
    readonly group: Group,
    private readonly maxQueued: number,
    private readonly leave: (member: Member) => void,
  ) {}

  [Symbol.asyncIterator]() {
    return this;
  }

  /** Runs `stop` when this member's stream ends, however it ends. */
  closed(stop: () => void): void {
    if (this.done) stop();
    else this.onClose.push(stop);
  }

  /** Writes this member's results through `sink` from now on (those queued first). */
  deliverTo(sink: Sink): void {
    this.sink = sink;
    for (const result of this.queue.splice(0)) this.push(result);
  }

  /** A result for this member; past maxQueued untaken ones (or a sink refusing it), the member is cut off instead. */
  push(result: ExecutionResult): void {
    if (this.done) return;
    if (this.sink) {
      if (!this.sink(result)) this.fail(new Error('This subscriber is too far behind; subscribe again.'));
      return;
    }
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w.resolve({ done: false, value: result });
    } else if (this.queue.length >= this.maxQueued) {
      this.queue.length = 0;
      this.fail(new Error('This subscriber is too far behind; subscribe again.'));
    } else this.queue.push(result);
  }

  /** Sends `last` (if given) after what is queued, then ends this member alone (its session ended, ...). */
  finish(last?: ExecutionResult): void {
    if (this.done) return;
    if (last) this.push(last);
    this.complete();
  }

  complete(): void {
    if (this.done) return;
    this.close();
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w.resolve({ done: true, value: undefined });
    }
  }

  fail(error: unknown): void {
    if (this.done) return;
    this.close();
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w.reject(error);
    } else this.failure = { error };
  }

  next(): Promise<IteratorResult<ExecutionResult>> {
    if (this.queue.length > 0) return Promise.resolve({ done: false, value: this.queue.shift()! });
    if (this.failure) {
      const { error } = this.failure;
      this.failure = null;
      return Promise.reject(error);
    }
    if (this.done) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  /** The subscriber left (unsubscribed, or its socket closed). */
  return(): Promise<IteratorResult<ExecutionResult>> {
    this.queue.length = 0;
    this.complete();
    return Promise.resolve({ done: true, value: undefined });
  }

  throw(err: unknown): Promise<IteratorResult<ExecutionResult>> {
    this.queue.length = 0;
    this.complete();
    return Promise.reject(err);
  }

  private close(): void {
    this.done = true;
    this.leave(this);
    for (const stop of this.onClose.splice(0)) stop();
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<ExecutionResult> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
