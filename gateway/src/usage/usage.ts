import fs from 'node:fs';
import { buildSchema, parse, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Redis } from 'ioredis';
import { schemaPath } from '../schema.js';
import { ClientLabels, type RequestClient } from './client.js';
import { operationHash } from '../partners/trusted-operations.js';
import { operationShape, variableCoordinates } from './coordinates.js';
import type { UsageEntry } from './export-format.js';
import { FileUsageStore, RedisUsageStore, type UsageStore } from './store.js';
import { UsageTally, UsageTable } from './tally.js';

/** How often each replica adds what it counted to the store (and on shutdown). */
export const USAGE_FLUSH_MS = 5_000;
/** Texts of cached responses kept parsed (a response served from the cache never reaches the parser). */
const MAX_CACHED_TEXTS = 500;

/** One GraphQL operation as an observer saw it end (http/http-observer.ts, realtime/socket-observer.ts). */
export interface OperationSeen {
  client: RequestClient;
  operationName: string | null;
  /** The document it executed, or null when it was refused first or served from the guests' response cache. */
  document: DocumentNode | null;
  schema: GraphQLSchema | null;
  /** The document's text as sent (or as its persisted id named it); null when none was read. */
  text: string | null;
  /** The SHA-256 the request named its persisted document by, for a cached response whose text was never read. */
  sentHash?: string | null;
  variables: unknown;
  failed: boolean;
  cost: number;
  /** Served from the guests' response cache: its text ran before, and is parsed here to learn its coordinates. */
  cached?: boolean;
}

export interface UsageOptions {
  redis: Redis | null;
  /** USAGE_STORE: the snapshot file without Redis. */
  file: string;
  logger: { warn(obj: object, msg: string): void };
  /** The partner whose key a request carries (partners/), when the partners' part is wired; none: no partners. */
  partnerName?: (request: Request) => string | null;
}

/** The cost a result reports (operations/cost-limit.ts puts it in extensions.cost), as a whole number; 0 without. */
export function reportedCost(extensions: Record<string, unknown> | undefined): number {
  const cost = extensions?.cost;
  return typeof cost === 'number' && Number.isFinite(cost) && cost > 0 ? Math.round(cost) : 0;
}

/**
 * Usage per client, per operation and per schema coordinate, per hour: counted in memory as operations end, added to
 * the store (Redis with REDIS_URL, else the USAGE_STORE file) every USAGE_FLUSH_MS and on shutdown. What
 * `npm run usage` exports and reports, and what `schema:check --usage` reads.
 */
export class GatewayUsage {
  readonly clients = new ClientLabels();
  private readonly tally = new UsageTally();
  /** Entries a failed flush (Redis away) keeps for the next one, bounded as the tally is. */
  private readonly unsent = new UsageTable();
  private readonly store: UsageStore;
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private readonly texts = new Map<string, DocumentNode>();
  /** Documents executed, by hash: a cached response sent by its hash alone is counted with its coordinates. */
  private readonly byHash = new Map<string, DocumentNode>();
  private schema: GraphQLSchema | null = null;

  constructor(private readonly options: UsageOptions) {
    this.store = options.redis
      ? new RedisUsageStore(options.redis)
      : new FileUsageStore(options.file, (message) => options.logger.warn({}, message));
    this.timer = setInterval(() => void this.flush(), USAGE_FLUSH_MS);
    this.timer.unref();
  }

  /** The client of an HTTP request: its partner, else its headers. */
  clientOfRequest(request: Request): RequestClient {
    const partner = this.options.partnerName?.(request);
    return partner ? this.clients.partner(partner) : this.clients.ofHeaders(request.headers);
  }

  /** Counts one operation: a few Map lookups, its document's coordinates worked out on its first request only. */
  record(seen: OperationSeen): void {
    if (seen.schema) this.schema ??= seen.schema;
    const document =
      seen.document ??
      (seen.cached ? (this.parsedText(seen.text) ?? this.byHash.get(seen.sentHash ?? '')) : null);
    if (document) {
      // A cached response may come before this replica executed anything (another's is in Redis): the SDL's types
      // are all coordinates need.
      const schema = seen.schema ?? (this.schema ??= buildSchema(fs.readFileSync(schemaPath, 'utf8')));
      const shape = operationShape(schema, document, seen.operationName, seen.text);
      if (seen.document && !this.byHash.has(shape.hash)) remember(this.byHash, shape.hash, document);
      const named = shape.variables.length > 0 ? variableCoordinates(shape, seen.variables) : null;
      this.tally.record(seen, nameOf(seen.operationName), shape, shape.hash, named, Date.now());
    } else if (seen.text !== null || seen.sentHash) {
      const hash = seen.text !== null ? operationHash(seen.text) : seen.sentHash!;
      this.tally.record(seen, nameOf(seen.operationName), null, hash, null, Date.now());
    }
  }

  /** Adds what was counted to the store; one flush at a time. A failure is logged and kept for the next one. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.tally.empty && this.unsent.empty) return;
      const entries: UsageEntry[] = [...this.unsent.entries(), ...this.tally.drain()];
      const retrying = !this.unsent.empty;
      try {
        this.unsent.clear();
        await this.store.add(entries);
      } catch (err) {
        // Once per outage (Redis away), not every few seconds.
        if (!retrying) {
          this.options.logger.warn(
            { error: (err as Error).message },
            'usage not stored; kept for the next flush',
          );
        }
        for (const entry of entries) this.unsent.add(entry);
        this.unsent.prune(Date.now());
      }
    });
    return this.flushing;
  }

  /** The last flush, and no more. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private parsedText(text: string | null): DocumentNode | null {
    if (text === null) return null;
    let document = this.texts.get(text);
    if (!document) {
      try {
        document = parse(text, { noLocation: true });
      } catch {
        return null;
      }
      remember(this.texts, text, document);
    }
    return document;
  }
}

/** Keeps a parsed document, forgetting all once MAX_CACHED_TEXTS are kept (the site has a few dozen). */
function remember<K>(map: Map<K, DocumentNode>, key: K, document: DocumentNode): void {
  if (map.size >= MAX_CACHED_TEXTS) map.clear();
  map.set(key, document);
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
/** An operation name as a client sent it, if it is one (a refused request's may be anything, of any length). */
const nameOf = (name: string | null) => (name !== null && GRAPHQL_NAME.test(name) ? name : null);
