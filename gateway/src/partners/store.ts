import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/**
 * Where partners live: in Redis when the gateway has one (REDIS_URL), so every replica and the `npm run partner`
 * command share them; otherwise in a JSON file (PARTNER_STORE), shared by the processes of one machine. The gateway
 * reads them all into memory (directory.ts) and notices a change by a version (the file's modification, a counter
 * in Redis) it polls. Only hashes of keys are kept (keys.ts).
 */

/** Where partners are kept without Redis unless PARTNER_STORE names another file: beside the sandbox's data. */
export const DEFAULT_PARTNER_STORE = fileURLToPath(new URL('../../../.data/partners.json', import.meta.url));

/** A broken store the operator must fix: the gateway does not start (exit code 2), the command stops. */
export class PartnerStoreError extends Error {}

/** A partner's name: lower-case letters, digits and -, 1-40 long, starting with a letter or digit (partner.ts). */
export const PARTNER_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** One of a partner's keys, by hash: its current one (no expiry), or one it rotated away from, until expiresAt. */
const StoredKey = z.object({ hash: z.string().regex(SHA256_HEX), expiresAt: z.iso.datetime().nullable() });

/** One partner as the store keeps it (times as ISO strings, so the file reads well). */
export const PartnerRecord = z.object({
  name: z.string().regex(PARTNER_NAME),
  keys: z.array(StoredKey),
  origins: z.array(z.string()),
  ratePerMinute: z.number().int().positive(),
  costPerMinute: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  /** Its registered operations: SHA-256 (hex) of each document's text -> the text. */
  operations: z.record(z.string().regex(SHA256_HEX), z.string()),
});
export type PartnerRecord = z.infer<typeof PartnerRecord>;

/** What a store holds: every partner it could read, and a line for each entry it could not. */
export interface StoredPartners {
  records: PartnerRecord[];
  problems: string[];
}

export interface PartnerStore {
  /** Where it is, for messages: the file's path, or "Redis". */
  readonly where: string;
  /** Changes whenever a partner is written (by any process): what a replica polls. */
  version(): Promise<string>;
  readAll(): Promise<StoredPartners>;
  /** One partner read, changed by `change` (given null when there is none) and written back. */
  update(name: string, change: (record: PartnerRecord | null) => PartnerRecord): Promise<PartnerRecord>;
  close(): Promise<void>;
}

/** Each entry checked on its own: one bad entry (a hand edit) leaves the others usable. */
function recordsOf(entries: [string, unknown][]): StoredPartners {
  const records: PartnerRecord[] = [];
  const problems: string[] = [];
  for (const [name, value] of entries) {
    const parsed = PartnerRecord.safeParse(value);
    if (parsed.success && parsed.data.name === name) records.push(parsed.data);
    else problems.push(`partner ${JSON.stringify(name)} is not a valid record and is left out`);
  }
  return { records, problems };
}

/** The file's shape: `{"partners": {"<name>": <record>, ...}}`. */
const PartnerFile = z.object({ partners: z.record(z.string(), z.unknown()) });

/**
 * Partners in a JSON file. Each write replaces the file whole (a temporary file renamed over it), so a reader
 * never sees half a file; the folder is made on the first write.
 */
export class FilePartnerStore implements PartnerStore {
  constructor(readonly where: string) {}

  async version(): Promise<string> {
    try {
      const stat = await fs.promises.stat(this.where);
      // A rename makes a new inode: two writes within one mtime tick still differ.
      return `${stat.mtimeMs}:${stat.ino}:${stat.size}`;
    } catch {
      return 'none';
    }
  }

  readAll(): Promise<StoredPartners> {
    return Promise.resolve(recordsOf(Object.entries(this.read())));
  }

  /** The file's entries by name; none when there is no file yet. */
  read(): Record<string, unknown> {
    let text: string;
    try {
      text = fs.readFileSync(this.where, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new PartnerStoreError(`PARTNER_STORE: ${this.where} cannot be read (${(err as Error).message}).`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PartnerStoreError(`PARTNER_STORE: ${this.where} is not JSON.`);
    }
    const parsed = PartnerFile.safeParse(json);
    if (!parsed.success) {
      throw new PartnerStoreError(
        `PARTNER_STORE: ${this.where} is not a partner store ({"partners": {...}}).`,
      );
    }
    return parsed.data.partners;
  }

  update(name: string, change: (record: PartnerRecord | null) => PartnerRecord): Promise<PartnerRecord> {
    const partners = this.read();
    const current = name in partners ? PartnerRecord.safeParse(partners[name]) : null;
    const record = change(current?.success ? current.data : null);
    partners[name] = record;
    fs.mkdirSync(path.dirname(this.where), { recursive: true });
    const temporary = `${this.where}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    // The file holds hashes, not keys, but who may use which operations is the operator's business alone.
    fs.writeFileSync(temporary, `${JSON.stringify({ partners }, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(temporary, this.where);
    return Promise.resolve(record);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** The hash of every partner (field: its name, value: its record's JSON). */
const REDIS_PARTNERS = 'playlive:partners';
/** Counted up by every write: what each replica polls. */
const REDIS_VERSION = 'playlive:partners:version';

/** How long a read waits for Redis to be connected before it fails (and is tried again at the next poll). */
const READY_WAIT_MS = 2000;

/** Resolves once `redis` is ready, or after `ms` (the command that follows then fails as usual). */
function connected(redis: Redis, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}

/** A record's JSON as Redis holds it, or null when it is not a valid record. */
function parsedRecord(text: string): PartnerRecord | null {
  try {
    return PartnerRecord.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Partners in Redis: one hash, a field per partner, and a version counter written in the same transaction. */
export class RedisPartnerStore implements PartnerStore {
  readonly where = 'Redis';

  constructor(
    private readonly redis: Redis,
    /** Whether close() ends the connection (the command's own), or leaves it to its owner (the gateway's). */
    private readonly owned = false,
  ) {}

  async version(): Promise<string> {
    // The gateway's connection fails commands at once until it is connected (no offline queue): its first read, at
    // start, waits for the connection a little instead.
    if (this.redis.status !== 'ready') await connected(this.redis, READY_WAIT_MS);
    return (await this.redis.get(REDIS_VERSION)) ?? '0';
  }

  async readAll(): Promise<StoredPartners> {
    const fields = await this.redis.hgetall(REDIS_PARTNERS);
    return recordsOf(
      Object.entries(fields).map(([name, text]): [string, unknown] => {
        try {
          return [name, JSON.parse(text)];
        } catch {
          return [name, null];
        }
      }),
    );
  }

  /** Read and written under WATCH: two commands changing partners at once never lose either's change. */
  async update(
    name: string,
    change: (record: PartnerRecord | null) => PartnerRecord,
  ): Promise<PartnerRecord> {
    for (let attempt = 0; attempt < 10; attempt++) {
      await this.redis.watch(REDIS_PARTNERS);
      const text = await this.redis.hget(REDIS_PARTNERS, name);
      const record = change(text === null ? null : parsedRecord(text));
      const done = await this.redis
        .multi()
        .hset(REDIS_PARTNERS, name, JSON.stringify(record))
        .incr(REDIS_VERSION)
        .exec();
      // null: the hash changed after WATCH (another command wrote), so it is read again.
      if (done !== null) return record;
    }
    throw new Error('the partners in Redis keep changing under this command; try again');
  }

  async close(): Promise<void> {
    if (this.owned) await this.redis.quit().catch(() => undefined);
  }
}
