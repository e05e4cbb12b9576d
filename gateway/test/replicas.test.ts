import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../sandbox/src/app.js';
import { until } from './harness.js';
import { startRedisServer, type RedisServer } from './redis-server.js';
import { startReplica, type Replica } from './replica-process.js';

/** A guest's POST /graphql, as the site sends it (through nginx, any replica may get it). */
async function guest(replica: Replica, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${replica.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, ...((await res.json()) as any) };
}

const CATALOGUE = `query Catalogue($first: Int!) {
  games(first: $first, filter: { category: "table-games" }, sort: ALPHA_ASC) { totalCount edges { node { id name } } }
}`;

describe('two gateway replicas over one Redis', () => {
  let redis: RedisServer;
  let sandbox: Sandbox;
  let a: Replica;
  let b: Replica;

  beforeAll(async () => {
    redis = await startRedisServer();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'replicas-test-'));
    sandbox = await createSandbox({ config: { port: 0, host: '127.0.0.1', dataDir, control: true } });
    const env = {
      CASINO_API_URL: sandbox.url,
      REDIS_URL: redis.url,
      EXPOSE_UPSTREAM_CALLS: '1',
      NODE_ENV: 'production',
    };
    [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sandbox?.close();
    await redis?.stop();
  });

  it("serves a guest's catalogue on one replica from what the other read, with no upstream call", async () => {
    const first = await guest(a, CATALOGUE, { first: 5 });
    expect(first.errors).toBeUndefined();
    expect(first.extensions.upstreamCalls).toContain('GET /api/allgames');

    // Another page of the same catalogue: not the same result, but the same public reads.
    const other = await guest(b, CATALOGUE, { first: 7 });
    expect(other.errors).toBeUndefined();
    expect(other.extensions.upstreamCalls).toEqual([]);
    expect(other.data.games.totalCount).toBe(first.data.games.totalCount);
    expect(other.data.games.edges.slice(0, 5)).toEqual(first.data.games.edges);
  });

  it("serves one replica's whole guest result from the other", async () => {
    // A result is keyed to the second (its countdowns are exact to it): try until both fall in the same one.
    for (let attempt = 0; ; attempt++) {
      const started = Date.now();
      const variables = { first: 10 + attempt };
      const onA = await guest(a, CATALOGUE, variables);
      const onB = await guest(b, CATALOGUE, variables);
      if (Math.floor(started / 1000) !== Math.floor(Date.now() / 1000) && attempt < 5) continue;
      expect(onA.extensions.responseCache?.hit).toBeFalsy();
      expect(onB.extensions.responseCache?.hit).toBe(true);
      expect(onB.data).toEqual(onA.data);
      break;
    }
  });

  it("clears every replica's public cache when an operator clears one (SIGHUP)", async () => {
    await guest(b, CATALOGUE, { first: 20 });
    a.signal('SIGHUP');
    await until(() => a.log().includes('Public cache cleared'), 'the clear on A');
    // B hears of it through Redis: its next catalogue is read from the casino afresh.
    let variant = 30;
    await until(
      async () =>
        (await guest(b, CATALOGUE, { first: variant++ })).extensions.upstreamCalls.includes(
          'GET /api/allgames',
        ),
      "B's catalogue read afresh",
    );
  });

  it("counts a player's attempts on both replicas together (rate limits in Redis)", async () => {
    const email = `replicas-${Date.now()}@example.test`;
    const forgot = (replica: Replica) =>
      guest(replica, 'mutation($e: String!) { forgotPassword(input: { email: $e }) { message } }', {
        e: email,
      });
    // Three reset mails per address in 15 minutes (rate-limits/rules.ts), whichever replica sends them.
    for (const replica of [a, b, a]) {
      const sent = await forgot(replica);
      expect(sent.errors).toBeUndefined();
      // Each one reaches the casino (a mail is sent): a mutation is never served from the guests' response cache.
      expect(sent.extensions.upstreamCalls).toEqual(['POST /api/forgotPassword']);
    }
    for (const replica of [b, a]) {
      const refused = await forgot(replica);
      expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect(refused.errors[0].extensions.retryAfter).toBeGreaterThan(0);
    }
  });

  it('keeps responding from the casino when Redis goes away, logging it once rather than per query', async () => {
    await redis.stop();
    for (let i = 0; i < 5; i++) {
      const response = await guest(b, `{ news(first: ${i + 1}) { edges { node { title } } } }`);
      expect(response.errors).toBeUndefined();
      expect(response.status).toBe(200);
    }
    const catalogue = await guest(a, CATALOGUE, { first: 50 });
    expect(catalogue.errors).toBeUndefined();
    // Once per outage (by the connection, and by the rate limits that cannot count), not once per query.
    const redisLines = b
      .log()
      .split('\n')
      .filter((line) => /redis/i.test(line));
    expect(redisLines.length).toBeGreaterThanOrEqual(1);
    expect(redisLines.length).toBeLessThan(5);
    expect(new Set(redisLines).size).toBe(redisLines.length);
  });
});
