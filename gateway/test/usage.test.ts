/**
 * Usage per client, as an operator reads it: each request's client (a graphql-client-name header, a graphql-ws
 * connection's payload, or anonymous) labels the metrics within bounds, and `npm run usage` exports and reports
 * the requests by client, operation hash and schema coordinate, from the gateway's file or from Redis shared by
 * replicas.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageCommand } from '../src/usage/usage-cli.js';
import { DEMO_PARTNER_KEY } from '../src/partners/demo.js';
import { USAGE_FORMAT, UsageExport, type UsageEntry } from '../src/usage/export-format.js';
import { MAX_ENTRIES_PER_HOUR, OVERFLOW_HASH, UsageTally } from '../src/usage/tally.js';
import { liveClient, startStack, subscribe, type Stack } from './harness.js';
import { startRedisServer, type RedisServer } from './redis-server.js';
import { Redis } from 'ioredis';
import { RedisUsageStore } from '../src/usage/store.js';

const GAMES = `query Games($sort: GameSort, $filter: GameFilter) { games(first: 2, sort: $sort, filter: $filter) { totalCount } }`;
const TOURNAMENTS = `query Tournaments { tournaments(first: 1) { edges { node { name } } } }`;
const CHAT = `query Chat { site { liveChatEnabled } }`;
/** A persisted operation, sent by its id as the site sends its queries. */
const PERSISTED = `query Persisted { tournaments(first: 2) { edges { node { name } } } }`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const DASHBOARD = { 'graphql-client-name': 'ops-dashboard', 'graphql-client-version': '2.1.0' };

/** Runs `npm run usage -- ...args` in-process: its exit code and what it printed. */
async function usage(args: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await usageCommand(
    args,
    (line) => out.push(line),
    (e) => err.push(String(e)),
    env,
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function exported(env: NodeJS.ProcessEnv): Promise<UsageEntry[]> {
  const { code, out, err } = await usage(['export', '--hours', '2'], env);
  expect(err).toBe('');
  expect(code).toBe(0);
  const parsed = UsageExport.parse(JSON.parse(out));
  expect(parsed.format).toBe(USAGE_FORMAT);
  return parsed.entries;
}

const entryOf = (entries: UsageEntry[], client: string, operationName: string) =>
  entries.filter((e) => e.client === client && e.operationName === operationName);

describe('client labels', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it('labels the metrics by client, at most 20 names past which they count as other', async () => {
    const sent = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        stack.gql(TOURNAMENTS, {}, { headers: { 'graphql-client-name': `tool ${i}!` } }),
      ),
    );
    expect(sent.map((r) => r.status)).toEqual(Array(30).fill(200));
    const text = await (await fetch(`${stack.gateway.url}/metrics`)).text();
    const clients = new Set(
      [...text.matchAll(/^gateway_operation_duration_seconds_count\{[^}]*client="([^"]*)"/gm)].map(
        (m) => m[1],
      ),
    );
    // Cleaned to letters, digits, . _ -; twenty kept, the rest 'other'.
    expect(clients).toContain('tool0');
    expect(clients).toContain('other');
    expect([...clients].filter((c) => /^tool\d+$/.test(c!))).toHaveLength(20);
  });

  it('lets a page of an allowed origin send its client name and version', async () => {
    const preflight = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,graphql-client-name,graphql-client-version',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const allowed = preflight.headers.get('access-control-allow-headers')?.toLowerCase() ?? '';
    expect(allowed).toContain('graphql-client-name');
    expect(allowed).toContain('graphql-client-version');
  });
});

describe('usage per client, without Redis', () => {
  let stack: Stack;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-test-'));
    env = { USAGE_STORE: path.join(dir, 'usage.json') };
    const persisted = path.join(dir, 'persisted-operations.json');
    fs.writeFileSync(persisted, JSON.stringify({ [sha256(PERSISTED)]: PERSISTED }));
    stack = await startStack({
      gateway: { usageStore: env.USAGE_STORE!, persistedOperationsFile: persisted },
    });
  });
  afterAll(async () => {
    await stack.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exports requests by client, operation hash and coordinates, and reports them by client', async () => {
    const gamesVars = { sort: 'ALPHA_ASC', filter: { category: 'table-games' } };
    expect((await stack.gql(GAMES, gamesVars, { headers: DASHBOARD })).status).toBe(200);
    expect((await stack.gql(GAMES, { sort: 'NEWEST_FIRST' }, { headers: DASHBOARD })).status).toBe(200);
    expect((await stack.gql(CHAT, {}, { headers: DASHBOARD })).status).toBe(200);
    // Anonymous, twice: the second is the guests' response cache's, counted all the same.
    expect((await stack.gql(TOURNAMENTS)).status).toBe(200);
    expect((await stack.gql(TOURNAMENTS)).status).toBe(200);
    // By its id, twice: the second is served from the cache, which never reads its text.
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(`${stack.gateway.url}/graphql?doc_id=${sha256(PERSISTED)}`, {
        headers: { ...DASHBOARD, 'x-graphql-yoga-csrf': '1' },
      });
      expect(res.status).toBe(200);
    }
    // A partner's key names the client, whatever its headers say.
    const keyed = await stack.gql(
      TOURNAMENTS,
      {},
      { headers: { ...DASHBOARD, 'x-api-key': DEMO_PARTNER_KEY } },
    );
    expect(keyed.status).toBe(200);
    // A refused one counts as an error.
    const bad = await stack.gql(`query Bad { games(first: 2) { nope } }`, {}, { headers: DASHBOARD });
    expect(bad.errors).toBeDefined();
    // Over graphql-ws the client is named in connection_init's payload.
    const client = liveClient(stack, null, { params: { 'graphql-client-name': 'ops-cli' } });
    const op = subscribe(client, TOURNAMENTS);
    await op.ended;
    await client.dispose();

    // The gateway writes its usage every few seconds and when it stops; it stops here (afterAll's close is then a
    // no-op), so the file is complete.
    await stack.gateway.close();
    const entries = await exported(env);

    const [games] = entryOf(entries, 'ops-dashboard', 'Games');
    expect(games).toMatchObject({
      clientVersion: '2.1.0',
      operationHash: sha256(GAMES),
      requests: 2,
      errors: 0,
    });
    expect(games!.coordinates).toMatchObject({
      'Query.games': 2,
      'Query.games(first:)': 2,
      'Query.games(sort:)': 2,
      'GameConnection.totalCount': 2,
      // From the variables: each enum value as often as it was sent, and the input field given.
      'GameSort.ALPHA_ASC': 1,
      'GameSort.NEWEST_FIRST': 1,
      'GameFilter.category': 1,
    });
    expect(entryOf(entries, 'ops-dashboard', 'Persisted')).toMatchObject([
      { operationHash: sha256(PERSISTED), requests: 2, coordinates: { 'Query.tournaments(first:)': 2 } },
    ]);
    expect(entryOf(entries, 'ops-dashboard', 'Bad')[0]).toMatchObject({ requests: 1, errors: 1 });
    const anonymous = entryOf(entries, 'anonymous', 'Tournaments');
    expect(anonymous[0]).toMatchObject({
      clientVersion: null,
      operationHash: sha256(TOURNAMENTS),
      requests: 2,
    });
    expect(anonymous[0]!.coordinates['Query.tournaments(first:)']).toBe(2);
    expect(entryOf(entries, 'ops-cli', 'Tournaments')[0]).toMatchObject({ requests: 1 });
    expect(entryOf(entries, 'demo', 'Tournaments')[0]).toMatchObject({ clientVersion: null, requests: 1 });

    const report = await usage(['report', '--hours', '2'], env);
    expect(report.code).toBe(0);
    const dashboard = report.out.slice(report.out.indexOf('\nops-dashboard: '));
    expect(dashboard).toMatch(
      /^\nops-dashboard: 6 requests, 1 error, cost \d+, 4 operations, versions 2\.1\.0/,
    );
    expect(dashboard).toContain(`  Games ${sha256(GAMES).slice(0, 12)}: 2 requests, 0 errors`);
    expect(dashboard).toMatch(
      /still uses deprecated:\n {4}Site\.liveChatEnabled \(1 request\): Use `liveChat\.enabled`/,
    );
    expect(report.out).toMatch(/\nanonymous: 2 requests, 0 errors/);
  });

  it('refuses a bad command line with exit 2 and says why', async () => {
    expect(await usage([], env)).toMatchObject({ code: 2, err: expect.stringContaining('No command given') });
    expect(await usage(['export', '--hours', '0'], env)).toMatchObject({
      code: 2,
      err: expect.stringContaining('--hours must be a whole number from 1 to 168'),
    });
    expect(await usage(['report', '--bogus'], env)).toMatchObject({ code: 2 });
  });
});

describe('usage per client, through Redis', () => {
  let redis: RedisServer;
  const stacks: Stack[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
    for (let i = 0; i < 2; i += 1) stacks.push(await startStack({ gateway: { redisUrl: redis.url } }));
  });
  afterAll(async () => {
    await Promise.all(stacks.map((s) => s.close()));
    await redis.stop();
  });

  it('adds up the usage of two replicas', async () => {
    const [a, b] = stacks;
    for (let i = 0; i < 3; i += 1) await a!.gql(GAMES, { sort: 'ALPHA_DESC' }, { headers: DASHBOARD });
    for (let i = 0; i < 2; i += 1) await b!.gql(GAMES, { sort: 'ALPHA_DESC' }, { headers: DASHBOARD });
    await Promise.all(stacks.map((s) => s.gateway.close()));
    const [games] = entryOf(await exported({ REDIS_URL: redis.url }), 'ops-dashboard', 'Games');
    expect(games).toMatchObject({ requests: 5, errors: 0, clientVersion: '2.1.0' });
    expect(games!.coordinates).toMatchObject({ 'Query.games(sort:)': 5, 'GameSort.ALPHA_DESC': 5 });
  });

  it('keeps the bound of 5,000 entries an hour in Redis too', async () => {
    const client = new Redis(redis.url);
    try {
      const store = new RedisUsageStore(client);
      const hour = new Date(Date.parse('2026-12-01T10:00:00Z')).toISOString();
      const entries = Array.from({ length: MAX_ENTRIES_PER_HOUR + 2 }, (_, i) => ({
        hour,
        client: 'flood',
        clientVersion: null,
        operationName: `Op${i}`,
        operationHash: sha256(String(i)),
        requests: 1,
        errors: 0,
        cost: 2,
        coordinates: { 'Query.games': 1 },
      }));
      await store.add(entries);
      const read = await store.read(1, Date.parse(hour));
      expect(read).toHaveLength(MAX_ENTRIES_PER_HOUR + 1);
      expect(read.find((e) => e.operationHash === OVERFLOW_HASH)).toMatchObject({
        client: 'other',
        requests: 2,
        cost: 4,
        coordinates: { 'Query.games': 2 },
      });
    } finally {
      client.disconnect();
    }
  });
});

describe('the usage kept in memory', () => {
  it('holds at most 5,000 entries an hour: the rest count under one overflow entry that keeps their coordinates', () => {
    const tally = new UsageTally();
    const now = Date.parse('2026-12-01T10:20:00Z');
    const client = { name: 'flood', version: null };
    const shape = { hash: sha256('x'), name: null, coordinates: ['Query.games'], variables: [] };
    for (let i = 0; i <= MAX_ENTRIES_PER_HOUR + 2; i += 1) {
      const hash = sha256(String(i));
      tally.record({ client, failed: false, cost: 1 }, `Op${i}`, { ...shape, hash }, hash, null, now);
    }
    const entries = tally.drain();
    expect(entries).toHaveLength(MAX_ENTRIES_PER_HOUR + 1);
    expect(entries.find((e) => e.operationHash === OVERFLOW_HASH)).toMatchObject({
      hour: '2026-12-01T10:00:00.000Z',
      client: 'other',
      operationName: null,
      requests: 3,
      cost: 3,
      coordinates: { 'Query.games': 3 },
    });
    expect(tally.drain()).toEqual([]);
  });
});
