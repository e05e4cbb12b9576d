import type { RequestClient } from './client.js';
import type { OperationShape } from './coordinates.js';
import type { UsageEntry } from './export-format.js';

/**
 * Distinct client × operation entries kept per hour; past it, a new one's requests count under the overflow entry
 * (client 'other', no operation name, OVERFLOW_HASH), which still gathers their coordinates, so a schema check
 * sees every coordinate used.
 */
export const MAX_ENTRIES_PER_HOUR = 5000;
/** Hours of usage kept: a week (Redis keys expire a day after that). */
export const KEEP_HOURS = 7 * 24;
/** The overflow entry's operationHash: no document hashes to it. */
export const OVERFLOW_HASH = '0'.repeat(64);

const HOUR_MS = 3_600_000;
export const hourStart = (ms: number): number => ms - (ms % HOUR_MS);
export const hourKey = (ms: number): string => new Date(hourStart(ms)).toISOString();

export const entryKey = (
  e: Pick<UsageEntry, 'client' | 'clientVersion' | 'operationName' | 'operationHash'>,
) => JSON.stringify([e.client, e.clientVersion, e.operationName, e.operationHash]);

/** One request as the tally reads it: who, its outcome and cost. */
export interface UsageRecord {
  readonly client: RequestClient;
  readonly failed: boolean;
  readonly cost: number;
}

interface Tally {
  client: string;
  clientVersion: string | null;
  operationName: string | null;
  operationHash: string;
  requests: number;
  errors: number;
  cost: number;
  /** Coordinates every request of this entry used (one operation's shape), counted as its requests. */
  always: readonly string[];
  /** Coordinates counted request by request: variables' values, and everything in the overflow entry. */
  counts: Map<string, number>;
}

const bump = (counts: Map<string, number>, key: string, by: number) =>
  counts.set(key, (counts.get(key) ?? 0) + by);

/**
 * Usage since the last drain, in memory, per hour and entry: a request costs a few Map lookups and additions (its
 * shape's coordinates are counted once per entry, not once per request).
 */
export class UsageTally {
  private readonly hours = new Map<string, Map<string, Tally>>();
  private lastHour = -1;
  private lastKey = '';

  /**
   * Counts one request of the operation `name` (null: the shape's own, if any): `shape` is its executed operation's
   * (null when it never ran, refused first: then only its text's `hash` is known), `named` the coordinates its
   * variables' values named (coordinates.ts).
   */
  record(
    record: UsageRecord,
    name: string | null,
    shape: OperationShape | null,
    hash: string,
    named: ReadonlySet<string> | null,
    nowMs: number,
  ): void {
    const start = hourStart(nowMs);
    if (start !== this.lastHour) {
      this.lastHour = start;
      this.lastKey = new Date(start).toISOString();
    }
    let hour = this.hours.get(this.lastKey);
    if (!hour) this.hours.set(this.lastKey, (hour = new Map()));
    const { client } = record;
    const operationName = name ?? shape?.name ?? null;
    const key = `${client.name}\n${client.version ?? ''}\n${operationName ?? ''}\n${hash}`;
    let tally = hour.get(key);
    if (!tally) {
      if (hour.size >= MAX_ENTRIES_PER_HOUR) return this.overflow(hour, record, shape, named);
      tally = {
        client: client.name,
        clientVersion: client.version,
        operationName,
        operationHash: hash,
        requests: 0,
        errors: 0,
        cost: 0,
        always: shape?.coordinates ?? [],
        counts: new Map(),
      };
      hour.set(key, tally);
    }
    // A text refused before it ran may come first: its coordinates are known from its first execution on.
    if (tally.always.length === 0 && shape) tally.always = shape.coordinates;
    add(tally, record, named);
  }

  /** Whether anything was recorded since the last drain. */
  get empty(): boolean {
    return this.hours.size === 0;
  }

  /** What was recorded since the last drain, as export entries; the tally starts afresh. */
  drain(): UsageEntry[] {
    const entries: UsageEntry[] = [];
    for (const [hour, tallies] of this.hours) {
      for (const t of tallies.values()) {
        const coordinates: Record<string, number> = {};
        for (const c of t.always) coordinates[c] = t.requests;
        for (const [c, n] of t.counts) coordinates[c] = (coordinates[c] ?? 0) + n;
        entries.push({
          hour,
          client: t.client,
          clientVersion: t.clientVersion,
          operationName: t.operationName,
          operationHash: t.operationHash,
          requests: t.requests,
          errors: t.errors,
          cost: t.cost,
          coordinates,
        });
      }
    }
    this.hours.clear();
    return entries;
  }

  private overflow(
    hour: Map<string, Tally>,
    record: UsageRecord,
    shape: OperationShape | null,
    named: ReadonlySet<string> | null,
  ): void {
    let tally = hour.get(OVERFLOW_KEY);
    if (!tally) {
      tally = { ...OVERFLOW, requests: 0, errors: 0, cost: 0, always: [], counts: new Map() };
      hour.set(OVERFLOW_KEY, tally);
    }
    add(tally, record, named);
    for (const c of shape?.coordinates ?? []) bump(tally.counts, c, 1);
  }
}

const OVERFLOW = { client: 'other', clientVersion: null, operationName: null, operationHash: OVERFLOW_HASH };
const OVERFLOW_KEY = 'overflow';
/** The overflow entry's key among export entries (entryKey). */
export const OVERFLOW_ENTRY = entryKey(OVERFLOW);

function add(tally: Tally, record: UsageRecord, named: ReadonlySet<string> | null): void {
  tally.requests += 1;
  if (record.failed) tally.errors += 1;
  tally.cost += record.cost;
  if (named) for (const c of named) bump(tally.counts, c, 1);
}

/**
 * Export entries added up per hour and entry, bounded as the tally is (past MAX_ENTRIES_PER_HOUR an hour's new
 * entries add to its overflow entry) and to the last KEEP_HOURS hours: the file store's totals, and what the CLI
 * reads from Redis.
 */
export class UsageTable {
  private readonly hours = new Map<string, Map<string, UsageEntry>>();

  add(entry: UsageEntry): void {
    let hour = this.hours.get(entry.hour);
    if (!hour) this.hours.set(entry.hour, (hour = new Map()));
    let key = entryKey(entry);
    let total = hour.get(key);
    if (!total) {
      // The overflow entry is not one of the bounded ones.
      const full = hour.size - (hour.has(OVERFLOW_ENTRY) ? 1 : 0) >= MAX_ENTRIES_PER_HOUR;
      if (full) key = OVERFLOW_ENTRY;
      total = hour.get(key);
      if (!total) {
        total = { ...entry, ...(full ? OVERFLOW : {}), requests: 0, errors: 0, cost: 0, coordinates: {} };
        hour.set(key, total);
      }
    }
    total.requests += entry.requests;
    total.errors += entry.errors;
    total.cost += entry.cost;
    for (const [c, n] of Object.entries(entry.coordinates)) {
      total.coordinates[c] = (total.coordinates[c] ?? 0) + n;
    }
  }

  /** Drops the hours before the last `hours` (the current one counted) of `nowMs`. */
  prune(nowMs: number, hours: number = KEEP_HOURS): void {
    const oldest = hourStart(nowMs) - (hours - 1) * HOUR_MS;
    for (const hour of this.hours.keys()) if (Date.parse(hour) < oldest) this.hours.delete(hour);
  }

  get empty(): boolean {
    return this.hours.size === 0;
  }

  clear(): void {
    this.hours.clear();
  }

  /** The entries, oldest hour first. */
  entries(): UsageEntry[] {
    return [...this.hours.keys()].sort().flatMap((hour) => [...this.hours.get(hour)!.values()]);
  }
}
