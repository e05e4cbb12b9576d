import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import { USAGE_FORMAT, UsageExport, type UsageEntry } from './export-format.js';
import { entryKey, hourKey, KEEP_HOURS, MAX_ENTRIES_PER_HOUR, OVERFLOW_ENTRY, UsageTable } from './tally.js';

/** Where usage is kept without Redis (USAGE_STORE unset): the repository's data folder, beside the other stores. */
export const DEFAULT_USAGE_STORE = fileURLToPath(new URL('../../../.data/usage.json', import.meta.url));

/** Where the gateway's usage is added to and read back from: Redis (REDIS_URL) or a snapshot file. */
export interface UsageStore {
  add(entries: readonly UsageEntry[]): Promise<void>;
  /** The entries of the last `hours` hours (the current one counted). */
  read(hours: number, nowMs?: number): Promise<UsageEntry[]>;
}

export const exportOf = (entries: UsageEntry[], now = new Date()): UsageExport => ({
  format: USAGE_FORMAT,
  exportedAt: now.toISOString(),
  entries,
});

/**
 * Without Redis: one process's totals in memory, written whole to the file after each add (a temporary file renamed
 * over it, so a reader never sees half of one). Made, it reads the file back: a restart keeps the week's usage.
 * The totals are the store: a file that cannot be written is said once (`warn`) and written again at the next add.
 */
export class FileUsageStore implements UsageStore {
  private readonly table = new UsageTable();
  private failing = false;

  constructor(
    private readonly file: string,
    private readonly warn: (message: string) => void,
  ) {
    try {
      for (const entry of readUsageFile(file)?.entries ?? []) this.table.add(entry);
    } catch (err) {
      // Usage is a report, not state anything depends on: a file that cannot be read is started afresh.
      warn(`USAGE_STORE ${file} could not be read (${(err as Error).message}); usage starts afresh.`);
    }
  }

  add(entries: readonly UsageEntry[]): Promise<void> {
    for (const entry of entries) this.table.add(entry);
    this.table.prune(Date.now());
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(temporary, `${JSON.stringify(exportOf(this.table.entries()))}\n`);
      fs.renameSync(temporary, this.file);
      this.failing = false;
    } catch (err) {
      if (!this.failing) {
        this.warn(
          `USAGE_STORE ${this.file} could not be written (${(err as NodeJS.ErrnoException).code ?? err}).`,
        );
      }
      this.failing = true;
    }
    return Promise.resolve();
  }

  read(hours: number, nowMs = Date.now()): Promise<UsageEntry[]> {
    return Promise.resolve(withinHours(this.table.entries(), hours, nowMs));
  }
}

/** A usage file (an export, or the file store's snapshot); null when there is none yet. A bad one throws. */
export function readUsageFile(file: string): UsageExport | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const parsed = UsageExport.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${file} is not a usage export (${USAGE_FORMAT}): ${parsed.error.message}`);
  return parsed.data;
}

export function withinHours(entries: UsageEntry[], hours: number, nowMs: number): UsageEntry[] {
  const oldest = Date.parse(hourKey(nowMs)) - (hours - 1) * 3_600_000;
  return entries.filter((e) => Date.parse(e.hour) >= oldest);
}

/** Redis keeps a day past KEEP_HOURS, so a reader at the end of the week still finds its first hour. */
const REDIS_TTL_SECONDS = (KEEP_HOURS + 24) * 3600;
/** Fields added per script call: a flush of many entries goes in several calls, none holding Redis long. */
const FIELDS_PER_CALL = 3000;

/**
 * Adds to one hour's hash (KEYS[1]) the fields given as ARGV triples (entry, what, by) from ARGV[4] on, keeping the
 * hour's entries in a set (KEYS[2]) of at most ARGV[1]: past it, a new entry's fields add to the overflow entry
 * (ARGV[3]). Both keys expire ARGV[2] seconds after the last add. Atomic, so replicas flushing together keep the bound.
 */
const ADD_SCRIPT = `
local cap = tonumber(ARGV[1])
local decided = {}
for i = 4, #ARGV, 3 do
  local entry = ARGV[i]
  local target = decided[entry]
  if not target then
    target = entry
    if redis.call('SISMEMBER', KEYS[2], entry) == 0 then
      if redis.call('SCARD', KEYS[2]) < cap then
        redis.call('SADD', KEYS[2], entry)
      else
        target = ARGV[3]
        redis.call('SADD', KEYS[2], target)
      end
    end
    decided[entry] = target
  end
  redis.call('HINCRBY', KEYS[1], target .. '\\n' .. ARGV[i + 1], ARGV[i + 2])
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return 0
`;

/** One hour's keys; the hash tag keeps both in one cluster slot, as the script needs. */
const hourKeys = (hour: string) => [`usage:{${hour}}`, `usage:{${hour}}:entries`] as const;

/**
 * With REDIS_URL: every replica adds its usage to per-hour hashes (field `<entry>\n<what>`, where what is
 * requests, errors, cost or `c:<coordinate>`), which expire a day after the week kept; a read adds them up.
 */
export class RedisUsageStore implements UsageStore {
  constructor(private readonly redis: Redis) {}

  async add(entries: readonly UsageEntry[]): Promise<void> {
    const byHour = new Map<string, string[]>();
    for (const e of entries) {
      let args = byHour.get(e.hour);
      if (!args) byHour.set(e.hour, (args = []));
      const key = entryKey(e);
      args.push(
        key,
        'requests',
        String(e.requests),
        key,
        'errors',
        String(e.errors),
        key,
        'cost',
        String(e.cost),
      );
      for (const [c, n] of Object.entries(e.coordinates)) args.push(key, `c:${c}`, String(n));
    }
    for (const [hour, args] of byHour) {
      const [hash, set] = hourKeys(hour);
      for (let i = 0; i < args.length; i += FIELDS_PER_CALL * 3) {
        await this.redis.eval(
          ADD_SCRIPT,
          2,
          hash,
          set,
          String(MAX_ENTRIES_PER_HOUR),
          String(REDIS_TTL_SECONDS),
          OVERFLOW_ENTRY,
          ...args.slice(i, i + FIELDS_PER_CALL * 3),
        );
      }
    }
  }

  async read(hours: number, nowMs = Date.now()): Promise<UsageEntry[]> {
    const start = Date.parse(hourKey(nowMs));
    const table = new UsageTable();
    for (let h = hours - 1; h >= 0; h -= 1) {
      const hour = new Date(start - h * 3_600_000).toISOString();
      const fields = await this.redis.hgetall(hourKeys(hour)[0]);
      for (const entry of entriesOfHash(hour, fields)) table.add(entry);
    }
    return table.entries();
  }
}

function entriesOfHash(hour: string, fields: Record<string, string>): UsageEntry[] {
  const entries = new Map<string, UsageEntry>();
  for (const [field, value] of Object.entries(fields)) {
    const cut = field.indexOf('\n');
    if (cut < 0) continue;
    const key = field.slice(0, cut);
    const what = field.slice(cut + 1);
    let entry = entries.get(key);
    if (!entry) {
      const [client, clientVersion, operationName, operationHash] = JSON.parse(key) as [
        string,
        string | null,
        string | null,
        string,
      ];
      entry = {
        hour,
        client,
        clientVersion,
        operationName,
        operationHash,
        requests: 0,
        errors: 0,
        cost: 0,
        coordinates: {},
      };
      entries.set(key, entry);
    }
    const n = Number(value);
    if (what === 'requests') entry.requests = n;
    else if (what === 'errors') entry.errors = n;
    else if (what === 'cost') entry.cost = n;
    else if (what.startsWith('c:')) entry.coordinates[what.slice(2)] = n;
  }
  return [...entries.values()];
}
