import type { Redis } from 'ioredis';
import { DEMO_PARTNER, DEMO_PARTNER_KEY } from './demo.js';
import { keyHash } from './keys.js';
import type { Partner } from './partner.js';
import {
  DEFAULT_PARTNER_STORE,
  FilePartnerStore,
  PartnerStoreError,
  RedisPartnerStore,
  type PartnerRecord,
  type PartnerStore,
} from './store.js';

/** Why a key is refused: no partner has it, its partner was revoked, or it was rotated away from and its grace ended. */
export type KeyRefusal = 'unknown_key' | 'revoked' | 'expired';

/** What a request's key says: its partner, or why it is refused (`partners_not_loaded`: the store is not read yet). */
export type Identified = { partner: Partner } | { refused: KeyRefusal | 'partners_not_loaded' };

/** One key hash as the gateway looks it up. */
interface KeyEntry {
  partner: Partner;
  revoked: boolean;
  /** When a rotated-away key stops working (ms since the epoch); null for a partner's current key. */
  expiresAt: number | null;
}

/** How often each replica asks whether the store changed: a change is seen within a second. */
const POLL_MS = 500;
/** Longest key looked at: a real one is 46 characters; anything much longer is no key and is not hashed. */
const MAX_KEY_LENGTH = 200;

export interface DirectoryOptions {
  store: PartnerStore;
  /** Production knows no demo partner (demo.ts). */
  production: boolean;
  /** Milliseconds since the epoch (the gateway's clock, so tests can move past a rotation's grace). */
  now: () => number;
  logger: Pick<Console, 'warn' | 'info'>;
  pollMs?: number;
}

const toPartner = (record: PartnerRecord): Partner => ({
  name: record.name,
  origins: record.origins,
  ratePerMinute: record.ratePerMinute,
  costPerMinute: record.costPerMinute,
  operations: new Map(Object.entries(record.operations)),
});

/**
 * Every partner in memory, by the hash of each of its keys: a request's key is found with one SHA-256 and one map
 * lookup, without waiting on anything. The store is polled in the background (an unref'd timer) and the maps are
 * replaced whole when it has changed, so a partner created, revoked, rotated or published by `npm run partner` on any
 * machine is seen by every replica within a second.
 */
export class PartnerDirectory {
  private byHash = new Map<string, KeyEntry>();
  private byName = new Map<string, Partner>();
  private allOrigins: ReadonlySet<string> = new Set();
  private version: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  private warned = false;
  private readonly demoHash = keyHash(DEMO_PARTNER_KEY);

  constructor(private readonly options: DirectoryOptions) {}

  /** Whether the store has been read once: until then no key can be judged (Redis not reachable at start). */
  get loaded(): boolean {
    return this.version !== null;
  }

  /**
   * Reads the store now, then polls it; resolves once read (or, with Redis away, once it has failed once). A file
   * that is not a partner store stops the start (PartnerStoreError): the operator must fix it.
   */
  async start(): Promise<void> {
    await this.poll(true);
    this.timer = setInterval(() => void this.poll(), this.options.pollMs ?? POLL_MS);
    this.timer.unref();
  }

  close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.options.store.close();
  }

  /** The partner a key names, or why it is refused. */
  identify(key: string): Identified {
    if (!this.loaded) return { refused: 'partners_not_loaded' };
    const entry = key.length <= MAX_KEY_LENGTH ? this.byHash.get(keyHash(key)) : undefined;
    if (!entry) return { refused: 'unknown_key' };
    if (entry.revoked) return { refused: 'revoked' };
    if (entry.expiresAt !== null && entry.expiresAt <= this.options.now()) return { refused: 'expired' };
    return { partner: entry.partner };
  }

  /** A partner by name (the current record: after a publish, its new operations). */
  partner(name: string): Partner | null {
    return this.byName.get(name) ?? null;
  }

  /** The browser origins any live partner lists: a preflight carries no key, so CORS answers for them all. */
  origins(): ReadonlySet<string> {
    return this.allOrigins;
  }

  private async poll(first = false): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const version = await this.options.store.version();
      if (version === this.version) return;
      const { records, problems } = await this.options.store.readAll();
      for (const problem of problems)
        this.options.logger.warn(`Partner store (${this.options.store.where}): ${problem}.`);
      this.index(records);
      this.version = version;
      if (this.warned) this.options.logger.info('Partner store read again.');
      this.warned = false;
    } catch (err) {
      if (first && err instanceof PartnerStoreError) throw err;
      // The partners read last stay in force; told once per outage, not every half second.
      if (!this.warned) {
        this.options.logger.warn(
          `Partner store (${this.options.store.where}) cannot be read (${(err as Error).message}); the partners read last stay in force.`,
        );
      }
      this.warned = true;
    } finally {
      this.polling = false;
    }
  }

  private index(records: PartnerRecord[]): void {
    const byHash = new Map<string, KeyEntry>();
    const byName = new Map<string, Partner>();
    const origins = new Set<string>();
    if (!this.options.production) {
      byHash.set(this.demoHash, { partner: DEMO_PARTNER, revoked: false, expiresAt: null });
      byName.set(DEMO_PARTNER.name, DEMO_PARTNER);
    }
    for (const record of records) {
      const partner = toPartner(record);
      const revoked = record.revokedAt !== null;
      byName.set(partner.name, partner);
      if (!revoked) for (const origin of partner.origins) origins.add(origin);
      for (const key of record.keys) {
        const expiresAt = key.expiresAt === null ? null : Date.parse(key.expiresAt);
        byHash.set(key.hash, { partner, revoked, expiresAt });
      }
    }
    // Whatever a store holds, production never knows the demo key.
    if (this.options.production) byHash.delete(this.demoHash);
    this.byHash = byHash;
    this.byName = byName;
    this.allOrigins = origins;
  }
}

/** The store the settings name: Redis when the gateway has it, else the file (PARTNER_STORE or the default). */
export function partnerStoreOf(redis: Redis | null, file: string | null): PartnerStore {
  return redis ? new RedisPartnerStore(redis) : new FilePartnerStore(file ?? DEFAULT_PARTNER_STORE);
}
