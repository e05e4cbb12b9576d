/**
 * Partners across processes: `npm run partner` (its partnerCommand, run here) changes the store, and every gateway
 * process reading it sees the change within a second, without a restart: two replicas sharing one Redis, and two
 * sharing one PARTNER_STORE file; in each pair one is a gateway process of its own, the other runs in this process
 * (which also runs the command). Each gateway runs only persisted operations (production), so a
 * published operation running, and then a revoked key refused, shows which partners each one knows.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../src/server.js';
import { partnerCommand } from '../src/partners/partner-cli.js';
import { until } from './harness.js';
import { capturingLogger, noteSecret } from './log-capture.js';
import { startRedisServer, type RedisServer } from './redis-server.js';
import { startReplica, type Replica } from './replica-process.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-replicas-'));
const store = path.join(folder, 'partners.json');
const sitePersisted = path.join(folder, 'persisted-operations.json');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const SITE_QUERY = 'query SiteOnly { __typename }';
fs.writeFileSync(sitePersisted, JSON.stringify({ [sha256(SITE_QUERY)]: SITE_QUERY }));
const OPERATION = 'query ReplicaTypename { __typename }';
fs.writeFileSync(path.join(folder, 'operations.graphql'), `${OPERATION}\n`);

/**
 * What every gateway here runs with: production, persisted operations only, no backend reached (`__typename`), and
 * rate limits on (a partner's budgets are counted where the replicas share them).
 */
const ENV = {
  NODE_ENV: 'production',
  PERSISTED_OPERATIONS_ONLY: '1',
  PERSISTED_OPERATIONS_FILE: sitePersisted,
  CASINO_API_URL: 'http://127.0.0.1:9',
  RATE_LIMITS: '1',
};

/** The partner command against a store (its environment: REDIS_URL or PARTNER_STORE); fails unless it exits 0. */
async function partner(env: Record<string, string>, ...argv: string[]): Promise<string[]> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await partnerCommand(
    argv,
    { ...env, INIT_CWD: folder },
    { out: (l) => out.push(l), err: (l) => err.push(l) },
  );
  if (code !== 0) throw new Error(`partner ${argv.join(' ')} exited ${code}: ${err.join('\n')}`);
  return out;
}

/** A keyed POST to a gateway. */
const keyed = (url: string, key: string, body: unknown) =>
  fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });

/** What a keyed request gets from a gateway: 'ran', or its error's reason or code. */
async function outcome(url: string, key: string, body: unknown): Promise<string> {
  const json = (await (await keyed(url, key, body)).json()) as any;
  const error = json.errors?.[0]?.extensions;
  return error ? String(error.reason ?? error.code) : json.data?.__typename === 'Query' ? 'ran' : 'nothing';
}

/** Waits until every gateway gives `expected` (each change must reach all of them within a second). */
async function everywhere(urls: string[], key: string, body: unknown, expected: string) {
  await Promise.all(
    urls.map((url) =>
      until(async () => (await outcome(url, key, body)) === expected, `${expected} on ${url}`, 1500),
    ),
  );
}

/** create → each gateway knows the key; publish → each runs the operation by hash; revoke → each refuses the key. */
async function publishRunRevoke(env: Record<string, string>, urls: string[], name: string) {
  const key = (await partner(env, 'create', name)).at(-1)!;
  noteSecret(key);
  const byText = { query: OPERATION };
  const byHash = { extensions: { persistedQuery: { version: 1, sha256Hash: sha256(OPERATION) } } };
  await everywhere(urls, key, byText, 'PERSISTED_QUERY_NOT_REGISTERED');
  await partner(env, 'publish', name, 'operations.graphql');
  await everywhere(urls, key, byHash, 'ran');
  expect(await outcome(urls[0]!, key, byText)).toBe('ran');
  await partner(env, 'revoke', name);
  await everywhere(urls, key, byHash, 'revoked');
}

/** A gateway in this process, as ENV sets the processes up, over Redis or the file. */
const inProcess = (shared: { redisUrl: string } | { partnerStore: string }) =>
  createGateway({
    config: {
      port: 0,
      host: '127.0.0.1',
      casinoApiUrl: ENV.CASINO_API_URL,
      pusherUrl: ENV.CASINO_API_URL,
      rateLimits: true,
      persistedOperationsFile: sitePersisted,
      persistedOperationsOnly: true,
      ...shared,
    },
    production: true,
    logger: capturingLogger(),
  });

let redis: RedisServer;
let replicas: Replica[] = [];
let locals: Gateway[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  [replicas, locals] = await Promise.all([
    Promise.all([
      startReplica({ ...ENV, REDIS_URL: redis.url }),
      startReplica({ ...ENV, PARTNER_STORE: store }),
    ]),
    Promise.all([inProcess({ redisUrl: redis.url }), inProcess({ partnerStore: store })]),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([...replicas.map((r) => r.stop()), ...locals.map((g) => g.close())]);
  await redis?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('a partner changed by `npm run partner`', () => {
  it('reaches both replicas sharing Redis within a second: publish, run, revoke', async () => {
    await publishRunRevoke({ REDIS_URL: redis.url }, [replicas[0]!.url, locals[0]!.url], 'over-redis');
  });

  it("counts a partner's requests once across the replicas sharing Redis", async () => {
    const env = { REDIS_URL: redis.url };
    const key = (await partner(env, 'create', 'shared-budget', '--rate', '1000')).at(-1)!;
    noteSecret(key);
    await partner(env, 'publish', 'shared-budget', 'operations.graphql');
    const urls = [replicas[0]!.url, locals[0]!.url];
    await everywhere(urls, key, { query: OPERATION }, 'ran');
    const left = async (url: string) => {
      const header = (await keyed(url, key, { query: OPERATION })).headers.get('ratelimit') ?? '';
      return Number(/"requests";r=(\d+)/.exec(header)?.[1]);
    };
    // Three requests, one replica then the other: each sees the others' counts. A minute's end between them starts
    // a new count, so that case is tried again.
    let counts: number[] = [];
    for (let tries = 0; tries < 3; tries++) {
      counts = [await left(urls[0]!), await left(urls[1]!), await left(urls[0]!)];
      if (counts[0]! > counts[2]!) break;
    }
    expect(counts).toEqual([counts[0], counts[0]! - 1, counts[0]! - 2]);
  });

  it('reaches both processes sharing a PARTNER_STORE file within a second: publish, run, revoke', async () => {
    await publishRunRevoke({ PARTNER_STORE: store }, [replicas[1]!.url, locals[1]!.url], 'over-file');
    // Written whole each time (a temporary file renamed over it): nothing else is left beside it.
    expect(fs.readdirSync(folder).filter((f) => f.startsWith('partners.json'))).toEqual(['partners.json']);
  });
});
