/**
 * No waterfall: a query's upstream calls that do not need each other's responses start together. With every REST call
 * delayed by the sandbox (POST /sandbox/faults), a whole screen resolves in under two delays only if no call waits
 * for another's response, that is if every call starts before the first one can have responded (less than one delay
 * after it). The assertions read the start times the gateway logs (extensions.upstreamCallTimes), not wall time,
 * so a slow machine cannot make them pass or fail. A refused token still gets no data from any field.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, print, separateOperations } from 'graphql';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp, startStack, type Stack } from './harness.js';

const DELAY_MS = 100;

const screens = separateOperations(
  parse(
    fs.readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screens.graphql'),
      'utf8',
    ),
  ),
);
/** The site's home screen with its layout (header, menus, modals): one query, as the web client sends it. */
const HOME = print(screens.HomeScreen!);

/** Every part of the viewer at once, with the games on screen. */
const EVERY_PART = `{
  viewer {
    id
    onboardingSeen
    account { name }
    wallet { combined { formatted } }
    loyalty { balance }
    notifications(first: 5) { unreadCount }
    favourites(first: 5) { totalCount edges { node { name isFavourite provider { name } } } }
    recentGames(first: 5) { totalCount }
    activeCoupon { code wagering { active } }
    wagering { active }
    transactions(first: 5) { totalCount }
  }
  latestWins { game { name } }
}`;

let stack: Stack;
let token: string;

interface CallTime {
  call: string;
  startMs: number;
  endMs: number | null;
}

beforeAll(async () => {
  // No public cache: the catalogue, providers and the rest are real calls too, so they must start together as well.
  stack = await startStack({ gateway: { publicCacheTtlMs: 0 } });
  ({ token } = await signUp(stack, 'Waterfall Player'));
});
afterAll(() => stack.close());
beforeEach(async () => {
  const res = await fetch(`${stack.sandbox.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: '*', path: '/api/*', delayMs: DELAY_MS }),
  });
  expect(res.status).toBe(201);
});
afterEach(async () => {
  await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
});

/** The result's upstream calls, with how long after the first each started. */
function timeline(res: { extensions?: any }) {
  const calls = res.extensions.upstreamCallTimes as CallTime[];
  expect(calls.length).toBeGreaterThan(0);
  const first = Math.min(...calls.map((c) => c.startMs));
  return calls.map((c) => ({ call: c.call, after: c.startMs - first }));
}

/** Fails naming each call that waited for another's response. */
function expectStartedTogether(res: { extensions?: any }) {
  const late = timeline(res).filter((c) => c.after >= DELAY_MS);
  expect(late, 'calls that started only after an earlier call had responded').toEqual([]);
}

describe('a signed-in screen', () => {
  it("starts all the home screen's calls together, the account's with the wallet's, loyalty's and the rest", async () => {
    const res = await stack.gql(HOME, {}, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data.viewer.wallet).not.toBeNull();
    const calls = timeline(res).map((c) => c.call);
    for (const call of [
      'GET /api/account',
      'POST /api/wallet',
      'GET /api/loyaltyChests',
      'GET /api/userNotifications/false',
      'GET /api/favourites/short',
      'GET /api/allgames',
      'GET /api/gameProviders',
    ])
      expect(calls).toContain(call);
    expectStartedTogether(res);
    // Each resource once, however many fields read it.
    expect(new Set(calls).size).toBe(calls.length);
  });

  it.each(['WalletModal', 'TransactionsModal', 'LoyaltyModal', 'CouponModal'])(
    "starts the %s account screen's calls together, each once",
    async (name) => {
      const res = await stack.gql(print(screens[name]!), {}, { token });
      expect(res.errors).toBeUndefined();
      expect(res.data.viewer).not.toBeNull();
      expectStartedTogether(res);
      const calls = timeline(res).map((c) => c.call);
      expect(new Set(calls).size).toBe(calls.length);
    },
  );

  it('starts every part of the viewer with the account, each read once', async () => {
    const res = await stack.gql(EVERY_PART, {}, { token });
    expect(res.errors).toBeUndefined();
    const calls = timeline(res).map((c) => c.call);
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /api/account',
        'POST /api/wallet',
        'GET /api/loyaltyChests',
        'GET /api/userNotifications/false',
        'GET /api/favourites/short',
        'GET /api/recentGames',
        'GET /api/getActiveCoupon',
        'GET /api/wagering',
        'GET /api/transactions?page=1&per_page=100',
      ]),
    );
    expectStartedTogether(res);
    expect(new Set(calls).size).toBe(calls.length);
  });

  it("reads a mutation payload's viewer after the write, its parts together with the account and once", async () => {
    const game = (await stack.gql('{ games(first: 1) { edges { node { id } } } }')).data.games.edges[0].node;
    const res = await stack.gql(
      `mutation($id: ID!) {
        toggleFavourite(input: { gameId: $id }) {
          isFavourite
          viewer { account { name } wallet { combined { cents } } loyalty { balance } favourites(first: 5) { totalCount } }
        }
      }`,
      { id: game.id },
      { token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.toggleFavourite.viewer.favourites.totalCount).toBeGreaterThan(0);
    const calls = res.extensions.upstreamCallTimes as CallTime[];
    const write = calls.find((c) => c.call.startsWith('PUT /api/favourites/'))!;
    const reads = calls.filter((c) =>
      [
        'GET /api/account',
        'POST /api/wallet',
        'GET /api/loyaltyChests',
        'GET /api/favourites/short',
      ].includes(c.call),
    );
    expect(reads.map((c) => c.call).sort()).toEqual([
      'GET /api/account',
      'GET /api/favourites/short',
      'GET /api/loyaltyChests',
      'POST /api/wallet',
    ]);
    // What the payload shows was read after the write returned, so it is what the write changed...
    for (const read of reads) expect(read.startMs).toBeGreaterThanOrEqual(write.endMs!);
    // ...and all of it at once.
    const first = Math.min(...reads.map((c) => c.startMs));
    for (const read of reads) expect(read.startMs - first, read.call).toBeLessThan(DELAY_MS);
  });

  it('checks a deposit against a wallet read with the account, and writes only once both are read', async () => {
    const res = await stack.gql(
      'mutation { deposit(input: { gateway: EFT, amount: "100.00", idempotencyKey: "waterfall-1" }) { paymentId } }',
      {},
      { token },
    );
    expect(res.errors).toBeUndefined();
    const calls = res.extensions.upstreamCallTimes as CallTime[];
    const at = (call: string) => calls.find((c) => c.call === call)!;
    const [account, wallet, deposit] = [
      at('GET /api/account'),
      at('POST /api/wallet'),
      at('POST /api/deposit'),
    ];
    expect(Math.abs(wallet.startMs - account.startMs)).toBeLessThan(DELAY_MS);
    expect(deposit.startMs).toBeGreaterThanOrEqual(Math.max(account.endMs!, wallet.endMs!));
  });
});

describe('a refused token', () => {
  /** No field returns anything personal: the viewer is null and refused, and no game says whether it is a favourite. */
  function expectNoPersonalData(res: { data: any; errors?: any[] }) {
    expect(res.data.viewer).toBeNull();
    const atViewer = res.errors?.find((e) => e.path?.join('.') === 'viewer');
    expect(atViewer?.extensions.code).toBe('UNAUTHENTICATED');
    for (const list of ['mostPopular', 'featured', 'liveCasino'])
      for (const edge of res.data[list].edges) expect(edge.node.isFavourite, list).toBeNull();
  }

  it('gets no data from any field once the player has signed out at the casino', async () => {
    const { token: revoked } = await signUp(stack, 'Signed Out Elsewhere');
    const out = await fetch(`${stack.sandbox.url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${revoked}`, accept: 'application/json' },
    });
    expect(out.status).toBeLessThan(300);
    const res = await stack.gql(HOME, {}, { token: revoked });
    expectNoPersonalData(res);
    expectStartedTogether(res);
  });

  it('gets no data once signed out at the casino, even where the gateway already knew whose the token was', async () => {
    const { token: known } = await signUp(stack, 'Known Then Revoked');
    const wallet = '{ viewer { wallet { id combined { formatted } } } }';
    // Known: the gateway has read this token's account; a wallet alone is then its only call.
    expect((await stack.gql('{ viewer { id } }', {}, { token: known })).data.viewer.id).toBeTruthy();
    const again = await stack.gql(wallet, {}, { token: known });
    expect(again.data.viewer.wallet.combined.formatted).toBe('R0.00');
    expect(again.extensions.upstreamCalls).toEqual(['POST /api/wallet']);

    const out = await fetch(`${stack.sandbox.url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${known}`, accept: 'application/json' },
    });
    expect(out.status).toBeLessThan(300);
    for (const query of [
      wallet,
      '{ viewer { loyalty { balance } notifications(first: 1) { unreadCount } } }',
    ]) {
      const res = await stack.gql(query, {}, { token: known });
      expect(res.data.viewer).toBeNull();
      expect(res.errors!.find((e: any) => e.path?.join('.') === 'viewer').extensions.code).toBe(
        'UNAUTHENTICATED',
      );
    }
    expectNoPersonalData(await stack.gql(HOME, {}, { token: known }));
  });

  it('gets no data from any field for a made-up token', async () => {
    expectNoPersonalData(await stack.gql(HOME, {}, { token: 'made-up-token-0123456789' }));
    const parts = await stack.gql(EVERY_PART, {}, { token: 'made-up-token-0123456789' });
    expect(parts.data.viewer).toBeNull();
    expect(parts.errors!.find((e: any) => e.path.join('.') === 'viewer').extensions.code).toBe(
      'UNAUTHENTICATED',
    );
  });
});

describe("one session's queries at the same time", () => {
  const WALLET = '{ viewer { id wallet { combined { formatted } } } }';
  const calls = (res: { extensions?: any }) => res.extensions.upstreamCalls as string[];

  it('read each resource once between them, as a browser sending its screen and header queries at once', async () => {
    const { token: mine } = await signUp(stack, 'Two Queries');
    const [a, b] = await Promise.all([
      stack.gql(WALLET, {}, { token: mine }),
      stack.gql('{ viewer { id account { name } } }', {}, { token: mine }),
    ]);
    expect(a.data.viewer.id).toBe(b.data.viewer.id);
    expect(b.data.viewer.account.name).toBe('Two Queries');
    // One of the two sent the account read; the other shared it.
    expect([...calls(a), ...calls(b)].filter((c) => c === 'GET /api/account')).toHaveLength(1);
  });

  it("never share a read with another session's query", async () => {
    const { token: other } = await signUp(stack, 'Someone Else');
    const [mine, theirs] = await Promise.all([
      stack.gql(WALLET, {}, { token }),
      stack.gql(WALLET, {}, { token: other }),
    ]);
    expect(mine.data.viewer.id).not.toBe(theirs.data.viewer.id);
    expect(calls(mine)).toContain('GET /api/account');
    expect(calls(theirs)).toContain('GET /api/account');
  });

  it('read afresh after a change made with the token, even while an earlier read is still out', async () => {
    const { token: mine } = await signUp(stack, 'Changes Mid-Read');
    // Only the wallet is slow: the first query's wallet read is still out when the change is done.
    await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
    const slow = await fetch(`${stack.sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'POST', path: '/api/wallet', delayMs: 4 * DELAY_MS }),
    });
    expect(slow.status).toBe(201);
    const before = stack.gql(WALLET, {}, { token: mine });
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS / 2));
    const change = await stack.gql(
      'mutation { completeOnboarding(input: {}) { viewer { onboardingSeen wallet { combined { formatted } } } } }',
      {},
      { token: mine },
    );
    expect(change.errors).toBeUndefined();
    expect(change.data.completeOnboarding.viewer.onboardingSeen).toBe(true);
    // Its payload's wallet is its own read, sent after the write, not the earlier one still in flight.
    const order = calls(change);
    const write = order.indexOf('POST /api/onboarding');
    expect(write).toBeGreaterThanOrEqual(0);
    expect(order.slice(write + 1)).toContain('POST /api/wallet');
    expect((await before).errors).toBeUndefined();
  });
});
