/**
 * One per-request scope (context.ts): the upstream with its reads, "now" and the player live in `ctx.scope`, which
 * `renew` (each event of a subscription) and `switchSession` (a sign-in or sign-out inside a mutation) replace
 * whole, so nothing learned for one execution leaks into the next. Run against the real sandbox.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { configFromEnv, type GatewayConfig } from '../src/config.js';
import { createContext, type GatewayContext } from '../src/context.js';
import { UpstreamClient } from '../src/upstream/client.js';
import { PublicCache } from '../src/upstream/public-cache.js';
import { loadFavouriteIds, loadProviders } from '../src/upstream/games.js';
import { RequestUpstream } from '../src/upstream/request-upstream.js';
import { SessionReads } from '../src/upstream/session-reads.js';
import { signUp, startStack, type Stack } from './harness.js';

let stack: Stack;
let token: string;
let client: UpstreamClient;
let config: GatewayConfig;
beforeAll(async () => {
  stack = await startStack();
  ({ token } = await signUp(stack, 'Scoped Player'));
  config = { ...configFromEnv({}), casinoApiUrl: stack.sandbox.url };
  client = new UpstreamClient(config);
});
afterAll(async () => {
  await client.close();
  await stack.close();
});

let ticks = 0;
function contextFor(sessionToken: string | null): GatewayContext {
  const cache = new PublicCache();
  return createContext({
    config,
    cache,
    clock: () => new Date(Date.UTC(2026, 10, 23, 12, 0, ticks++)),
    realtime: stack.gateway.realtime,
    prefetches: {},
    upstream: new RequestUpstream(
      { client, cache, sessions: new SessionReads(), publicTtlMs: 0 },
      { token: sessionToken, csrf: null },
    ),
  });
}

it('keeps one "now", one player and one read of each resource within an execution', async () => {
  const ctx = contextFor(token);
  const now = ctx.now();
  const [a, b] = await Promise.all([ctx.viewer(), ctx.viewer()]);
  expect(a).toBe(b);
  expect(ctx.now()).toBe(now);
  expect(ctx.scope.upstream.calls).toEqual(['GET /api/account']);
});

it('renew() replaces the scope whole: fresh reads, a new "now", the player read again', async () => {
  const ctx = contextFor(token);
  const first = ctx.scope;
  const now = ctx.now();
  const me = await ctx.viewer();
  ctx.renew();
  expect(ctx.scope).not.toBe(first);
  expect(ctx.scope.upstream.token).toBe(token);
  expect(ctx.scope.upstream.calls).toEqual([]);
  expect(ctx.now()).not.toEqual(now);
  const again = await ctx.viewer();
  expect(again).not.toBe(me);
  expect(again?.id).toBe(me?.id);
  expect(ctx.scope.upstream.calls).toEqual(['GET /api/account']);
});

it('switchSession() acts as the new session for the rest of the execution, at the same "now"', async () => {
  const ctx = contextFor(token);
  const now = ctx.now();
  expect(await ctx.viewer()).not.toBeNull();
  ctx.switchSession(null);
  expect(await ctx.viewer()).toBeNull();
  expect(ctx.now()).toBe(now);
  const other = await signUp(stack, 'Other Player');
  ctx.switchSession(other.token);
  const switched = await ctx.viewer();
  expect(switched?.name).toBe('Other Player');
});

it('reads a resource once per request, and a refused read fails whoever uses it, however late', async () => {
  const { upstream } = contextFor(token).scope;
  const [first, second] = await Promise.all([loadProviders(upstream), loadProviders(upstream)]);
  expect(first.providers.length).toBeGreaterThan(0);
  expect(await loadProviders(upstream)).toBe(second);
  expect(upstream.calls.filter((call) => call === 'GET /api/gameProviders')).toHaveLength(1);

  const refused = contextFor('not-a-session-token').scope.upstream;
  await expect(loadFavouriteIds(refused)).rejects.toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
  await expect(loadFavouriteIds(refused)).rejects.toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
});
