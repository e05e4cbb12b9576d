/**
 * A partner's budgets (src/rate-limits/partner-budgets.ts): its requests a minute and the cost of its operations a
 * minute, visible on every keyed response as the IETF RateLimit-Policy and RateLimit headers, refused past either
 * with 429, Retry-After and RATE_LIMITED over HTTP and over graphql-ws. The clock is the suite's, so a window ends
 * when the test moves it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerCommand } from '../src/partners/partner-cli.js';
import { liveClient, startStack, subscribe, type Stack } from './harness.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-budgets-'));
const store = path.join(folder, 'partners.json');
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** `npm run partner -- create NAME ...` against this suite's store: the new key. */
async function created(name: string, ...options: string[]): Promise<string> {
  const out: string[] = [];
  const code = await partnerCommand(
    ['create', name, ...options],
    { PARTNER_STORE: store, INIT_CWD: folder },
    { out: (l) => out.push(l), err: () => {} },
  );
  expect(code).toBe(0);
  return out.at(-1)!;
}

// Each { games(first: 5) { edges { node { id } } } } costs 1 (the connection) + 5 (its edges) + 5 (their nodes).
const GAMES = '{ games(first: 5) { edges { node { id } } } }';
const GAMES_COST = 11;

let now = Date.parse('2026-12-07T10:00:05Z');
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    gateway: { partnerStore: store, rateLimits: true },
    clock: () => new Date(now),
    production: false,
  });
});
afterAll(() => stack?.close());

async function post(key: string, query = GAMES) {
  const res = await fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

/** A partner's new key, once the gateway has read it from the store (within a second). */
async function partnerKey(name: string, ...options: string[]): Promise<string> {
  const key = await created(name, ...options);
  const deadline = Date.now() + 5000;
  while ((await post(key, '{ __typename }')).status === 401) {
    if (Date.now() > deadline) throw new Error(`the gateway never read partner ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return key;
}

describe("a partner's budgets", () => {
  it('are on every keyed response: the policies, and what is left of each until the minute ends', async () => {
    const key = await partnerKey('budget-headers', '--rate', '100', '--cost', '1000');
    const first = await post(key);
    expect(first.status).toBe(200);
    expect(first.body.extensions.cost).toBe(GAMES_COST);
    expect(first.headers.get('ratelimit-policy')).toBe('"requests";q=100;w=60, "cost";q=1000;w=60');
    // The key was read with one request (partnerKey: `__typename` costs 0), then this one; the clock stands 5 s
    // into its minute.
    expect(first.headers.get('ratelimit')).toBe(`"requests";r=98;t=55, "cost";r=${1000 - GAMES_COST};t=55`);
    // Not on a request without a key: the site's and the guests' budgets are not a partner's.
    const guest = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: GAMES }),
    });
    expect(guest.headers.get('ratelimit')).toBeNull();
  });

  it('refuses requests past the rate with 429 and Retry-After, over HTTP and graphql-ws, until the minute ends', async () => {
    const key = await partnerKey('budget-rate', '--rate', '3');
    expect((await post(key, '{ __typename }')).status).toBe(200);
    expect((await post(key, '{ __typename }')).status).toBe(200);
    const refused = await post(key, '{ __typename }');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('55');
    expect(refused.headers.get('ratelimit')).toMatch(/^"requests";r=0;t=55, "cost";r=\d+;t=55$/);
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 55 });

    // Over graphql-ws, refused before it is parsed: an error message for the operation, the socket kept.
    const client = liveClient(stack, null, { params: { 'x-api-key': key } });
    const { errors } = await subscribe(client, '{ __typename }').ended;
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 55 });
    await client.dispose();

    now += 60_000;
    expect((await post(key, '{ __typename }')).status).toBe(200);
    now -= 60_000;
  });

  it('refuses an operation costing more than is left of the cost budget, charging nothing for it', async () => {
    const key = await partnerKey('budget-cost', '--cost', '30');
    // The read of the key (partnerKey: `__typename` costs 0), then two of GAMES_COST.
    expect((await post(key)).status).toBe(200);
    expect((await post(key)).status).toBe(200);
    const refused = await post(key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('55');
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 55 });
    expect(refused.body.errors[0].message).toContain(`costs ${GAMES_COST}`);
    // Refused operations are not charged: what is left still runs a cheaper one.
    expect(refused.headers.get('ratelimit')).toMatch(new RegExp(`"cost";r=${30 - 2 * GAMES_COST};t=55$`));
    const cheap = await post(key, '{ games(first: 1) { edges { node { id } } } }');
    expect(cheap.status).toBe(200);
    expect(cheap.headers.get('ratelimit')).toMatch(new RegExp(`"cost";r=${30 - 2 * GAMES_COST - 3};t=55$`));

    const client = liveClient(stack, null, { params: { 'x-api-key': key } });
    const overSocket = await subscribe(client, GAMES).next(() => true, 5000);
    expect(overSocket.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 55 });
    await client.dispose();
  });
});
