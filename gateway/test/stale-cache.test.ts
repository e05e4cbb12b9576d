/**
 * Stale while revalidate: past its TTL a public read is served as it was while one refresh runs, so a guest's
 * catalogue, providers, banners, tournament list and site settings keep responding while the casino backend is
 * briefly down, and show what changed once it is back. Past the maximum stale age the outage shows.
 */
import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamUnavailable } from '../src/errors.js';
import { PublicCache } from '../src/upstream/public-cache.js';
import { sandboxPost, startStack, until, type Stack } from './harness.js';

const CATALOGUE = `{
  games(first: 3) { totalCount edges { node { name } } }
  gameProviders { product }
  promotionBanners { title }
  tournaments(first: 3) { edges { node { name } } }
  site { loyaltyEnabled }
}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const readyz = async (stack: Stack) => (await fetch(`${stack.gateway.url}/readyz`)).status;
async function setLoyalty(stack: Stack, enabled: boolean) {
  const res = await fetch(`${stack.sandbox.url}/sandbox/settings/site`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loyalty_enabled: enabled }),
  });
  expect(res.status).toBe(200);
}

describe('the public reads while the backend is down', () => {
  const TTL_MS = 300;
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      gateway: { publicCacheTtlMs: TTL_MS, publicCacheStaleMs: 60_000, circuitResetMs: 300 },
    });
  });
  afterAll(() => stack.close());

  it('serves the catalogue from what it last read while the backend restarts, then what changed once it is back', async () => {
    const before = await stack.gql(CATALOGUE);
    expect(before.errors).toBeUndefined();
    expect(before.data.games.edges).toHaveLength(3);
    const loyalty = before.data.site.loyaltyEnabled as boolean;

    const restarted = stack.restartSandbox(3000);
    await until(async () => (await readyz(stack)) === 503, 'the backend to be down');
    await sleep(TTL_MS + 50); // every read is past its TTL now

    for (let i = 0; i < 3; i++) {
      const during = await stack.gql(CATALOGUE);
      expect(during.errors).toBeUndefined();
      expect(during.data).toEqual(before.data);
    }
    await restarted;

    // The casino changes a setting: the next refresh brings it (the first response may still be the stale one).
    await setLoyalty(stack, !loyalty);
    await until(
      async () => (await stack.gql(CATALOGUE)).data.site?.loyaltyEnabled === !loyalty,
      'the refreshed site settings',
    );
    await setLoyalty(stack, loyalty);
  }, 20_000);
});

describe('past the maximum stale age', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ gateway: { publicCacheTtlMs: 100, publicCacheStaleMs: 200 } });
  });
  afterAll(() => stack.close());

  it('returns UPSTREAM_UNAVAILABLE: a catalogue far out of date is not served', async () => {
    const SITE = `{ site { loyaltyEnabled } gameProviders { product } }`;
    expect((await stack.gql(SITE)).errors).toBeUndefined();
    await sandboxPost(stack, '/sandbox/faults', { method: 'GET', path: '/api/settings', status: 500 });
    await sleep(400);
    const res = await stack.gql(SITE);
    expect(res.data.site).toBeNull();
    expect(res.errors![0]).toMatchObject({ path: ['site'], extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
    // Another public read the backend still serves is loaded afresh.
    expect(res.data.gameProviders.length).toBeGreaterThan(0);
  });
});

describe('PublicCache', () => {
  /** A clock the test moves, and a loader whose results the test sets. */
  function setUp(staleMs: number) {
    let now = 0;
    const cache = new PublicCache({ staleMs, now: () => now });
    let calls = 0;
    let reply: () => Promise<string> = async () => `v${calls}`;
    const load = () => {
      calls += 1;
      return reply();
    };
    return {
      cache,
      get: () => cache.get('k', 100, load),
      at: (ms: number) => (now = ms),
      calls: () => calls,
      reply: (next: () => Promise<string>) => (reply = next),
    };
  }

  it('serves a stale entry at once while one refresh runs, and the refreshed value after it', async () => {
    const c = setUp(1000);
    expect(await c.get()).toBe('v1');
    c.at(150);
    let finish!: (v: string) => void;
    c.reply(() => new Promise((resolve) => (finish = resolve)));
    expect(await Promise.all([c.get(), c.get(), c.get()])).toEqual(['v1', 'v1', 'v1']);
    expect(c.calls()).toBe(2); // one refresh for the three
    finish('v2');
    await sleep(0);
    expect(await c.get()).toBe('v2');
    expect(c.calls()).toBe(2);
  });

  it('keeps the stale entry while refreshes find the backend unavailable, until the maximum stale age', async () => {
    const c = setUp(1000);
    await c.get();
    c.reply(() => Promise.reject(upstreamUnavailable()));
    c.at(500);
    expect(await c.get()).toBe('v1');
    c.at(1099);
    expect(await c.get()).toBe('v1');
    c.at(1100);
    await expect(c.get()).rejects.toMatchObject({ extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
  });

  it('drops the entry when a refresh says it is gone (404), rather than serving it', async () => {
    const c = setUp(1000);
    await c.get();
    c.reply(() =>
      Promise.reject(new GraphQLError('No such article.', { extensions: { code: 'NOT_FOUND' } })),
    );
    c.at(150);
    expect(await c.get()).toBe('v1');
    await sleep(0);
    await expect(c.get()).rejects.toMatchObject({ extensions: { code: 'NOT_FOUND' } });
  });

  it('serves nothing past the TTL when the stale age is 0, and stores nothing read before a clear', async () => {
    const c = setUp(0);
    await c.get();
    c.at(100);
    let finish!: (v: string) => void;
    c.reply(() => new Promise((resolve) => (finish = resolve)));
    const slow = c.get();
    c.cache.clear();
    finish('from before the clear');
    expect(await slow).toBe('from before the clear');
    c.reply(async () => 'after');
    expect(await c.get()).toBe('after');
  });
});
