/**
 * The nullability policy of schema.graphql, as a client notices it: with any one REST call failing, a whole screen's
 * query still returns; only the fields that depend on that call are null, each with an error naming its path and
 * UPSTREAM_UNAVAILABLE. Faults are injected into the real sandbox (POST /sandbox/faults). The screen is sent whole,
 * and by its persisted id as the site sends it (a GET with doc_id and variables).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startStack, type Stack } from './harness.js';

let stack: Stack;
let token: string;
/** What the screen's address carries: a game code, a provider, a news slug, a tournament id. */
let variables: Record<string, unknown>;
let tournamentPath: string;

beforeAll(async () => {
  // No public cache, so each case's fault is what the gateway meets. The screen is persisted, as the site's are.
  stack = await startStack({ gateway: { publicCacheTtlMs: 0, persistedOperationsFile: persistedFile } });
  ({ token } = await signUp(stack, 'Partial Failures'));
  const found = await stack.gql(`{
    games(first: 1) { edges { node { code product } } }
    news(first: 1) { edges { node { slug } } }
    tournaments(first: 1) { edges { node { id tournamentId } } }
  }`);
  const game = found.data.games.edges[0].node;
  const tournament = found.data.tournaments.edges[0].node;
  variables = {
    code: game.code,
    product: game.product,
    slug: found.data.news.edges[0].node.slug,
    tournament: tournament.id,
  };
  tournamentPath = `/api/tournaments/${tournament.tournamentId}`;
});
afterAll(async () => {
  await stack.close();
  fs.rmSync(path.dirname(persistedFile), { recursive: true, force: true });
});
afterEach(async () => {
  await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
  stack.gateway.cache.clear();
});

async function fail(method: string, path: string) {
  const res = await fetch(`${stack.sandbox.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method, path, status: 500 }),
  });
  expect(res.status).toBe(201);
}

/** Everything the home screen and the header need, in one query, as the web client sends it. */
const SCREEN = `query Screen($code: String!, $product: String!, $slug: String!, $tournament: ID!) {
  viewer {
    id
    account { name }
    wallet { combined { formatted } }
    loyalty { balance }
    notifications(first: 5) { unreadCount }
    favourites(first: 5) { totalCount }
    recentGames(first: 5) { totalCount }
    activeCoupon { code }
    wagering { active }
    transactions(first: 5) { totalCount }
    verification { status missing }
  }
  games(first: 5, filter: { collection: MOST_POPULAR }) { totalCount edges { node { id name isFavourite } } }
  gameProviders { product }
  gameCategories { slug }
  gameSubGroups { id }
  game(code: $code) { id }
  gameProvider(product: $product) { id }
  gameFilters { themes }
  tournament(id: $tournament) { id }
  newsArticle(slug: $slug) { id }
  tournaments(first: 3) { totalCount }
  promotions { id }
  newPromotions { id }
  promotionBanners(section: HOME) { id }
  latestWins { id }
  news(first: 3) { totalCount }
  site { timeZone }
}`;

/** The screen in a persisted operations file (relay-compiler's format: the SHA-256 of the text, hex, as its id). */
const SCREEN_ID = createHash('sha256').update(SCREEN).digest('hex');
const persistedFile = path.join(
  fs.mkdtempSync(path.join(os.tmpdir(), 'partial-failures-')),
  'operations.json',
);
fs.writeFileSync(persistedFile, JSON.stringify({ [SCREEN_ID]: SCREEN }));

/** The screen as the site asks for it: a GET with its persisted id and variables in the address. */
async function screenById(vars: Record<string, unknown>, bearer: string) {
  const address = new URL(`${stack.gateway.url}/graphql`);
  address.searchParams.set('doc_id', SCREEN_ID);
  address.searchParams.set('variables', JSON.stringify(vars));
  const res = await fetch(address, {
    headers: {
      accept: 'application/graphql-response+json, application/json',
      'x-graphql-yoga-csrf': '1',
      authorization: `Bearer ${bearer}`,
    },
  });
  return { status: res.status, ...((await res.json()) as { data: any; errors?: any[] }) };
}

const ROOT_FIELDS = [
  'viewer',
  'games',
  'gameProviders',
  'gameCategories',
  'gameSubGroups',
  'game',
  'gameProvider',
  'gameFilters',
  'tournament',
  'newsArticle',
  'tournaments',
  'promotions',
  'newPromotions',
  'promotionBanners',
  'latestWins',
  'news',
  'site',
];
const VIEWER_PARTS = [
  'account',
  'wallet',
  'loyalty',
  'notifications',
  'favourites',
  'recentGames',
  'wagering',
  'transactions',
  'verification',
];

interface Case {
  /** The REST call that fails. */
  call: [method: string, path: string];
  /** The fields that depend on it (a root field, or viewer.<part>), null with their own error. */
  nulls: string[];
}

const CASES: Case[] = [
  {
    call: ['GET', '/api/allgames'],
    nulls: ['games', 'gameCategories', 'gameSubGroups', 'game', 'viewer.favourites', 'viewer.recentGames'],
  },
  { call: ['GET', '/api/games'], nulls: ['games'] },
  { call: ['GET', '/api/gameProviders'], nulls: ['gameProviders', 'gameProvider'] },
  { call: ['GET', '/api/news/*'], nulls: ['newsArticle'] },
  { call: ['GET', '/api/gameFilters'], nulls: ['gameFilters'] },
  { call: ['GET', '/api/tournaments'], nulls: ['tournaments'] },
  { call: ['GET', '/api/tournaments/{id}'], nulls: ['tournament'] },
  { call: ['GET', '/api/promotionsAuthenticated'], nulls: ['promotions'] },
  { call: ['GET', '/api/newpromotions'], nulls: ['newPromotions'] },
  { call: ['GET', '/api/promotionBanners'], nulls: ['promotionBanners'] },
  { call: ['GET', '/api/latestWins'], nulls: ['latestWins'] },
  { call: ['GET', '/api/news'], nulls: ['news'] },
  { call: ['GET', '/api/settings'], nulls: ['site'] },
  { call: ['POST', '/api/wallet'], nulls: ['viewer.wallet'] },
  { call: ['GET', '/api/loyaltyChests'], nulls: ['viewer.loyalty'] },
  { call: ['GET', '/api/userNotifications/*'], nulls: ['viewer.notifications'] },
  { call: ['GET', '/api/favourites/short'], nulls: ['viewer.favourites'] },
  { call: ['GET', '/api/recentGames'], nulls: ['viewer.recentGames'] },
  { call: ['GET', '/api/getActiveCoupon'], nulls: ['viewer.activeCoupon'] },
  { call: ['GET', '/api/wagering'], nulls: ['viewer.wagering'] },
  { call: ['GET', '/api/transactions'], nulls: ['viewer.transactions'] },
  { call: ['GET', '/api/verification'], nulls: ['viewer.verification'] },
];

const at = (data: any, path: string) => path.split('.').reduce((value, key) => value?.[key], data);

/** The screen returned whole but for the fields that depend on the failed call, each null with its own error. */
function expectOnlyNulled(res: { status: number; data: any; errors?: any[] }, nulls: string[]) {
  expect(res.status).toBe(200);
  expect(res.data).not.toBeNull();
  for (const path of nulls) {
    expect(at(res.data, path), path).toBeNull();
    const error = res.errors?.find((e: any) => e.path.join('.') === path);
    expect(error, `an error at ${path}`).toBeDefined();
    expect(error.extensions.code).toBe('UPSTREAM_UNAVAILABLE');
    // The casino's own 500 text is not passed on.
    expect(error.message).not.toMatch(/Injected/);
  }
  for (const field of ROOT_FIELDS.filter((f) => !nulls.includes(f)))
    expect(res.data[field], `${field} still resolves`).not.toBeNull();
  for (const part of VIEWER_PARTS.filter((p) => !nulls.includes(`viewer.${p}`)))
    expect(res.data.viewer[part], `viewer.${part} still resolves`).not.toBeNull();
}

describe('one REST call failing, the rest of the screen resolving', () => {
  it('returns the whole screen with no error when nothing fails', async () => {
    const res = await stack.gql(SCREEN, variables, { token });
    expect(res.errors).toBeUndefined();
    for (const field of ROOT_FIELDS) expect(res.data[field], field).not.toBeNull();
    for (const part of VIEWER_PARTS) expect(res.data.viewer[part], part).not.toBeNull();
    // By its persisted id, as the site sends it: the same screen.
    const byId = await screenById(variables, token);
    expect(byId.errors).toBeUndefined();
    expect(byId.data).toEqual(res.data);
  });

  for (const { call, nulls } of CASES) {
    it(`${call.join(' ')} failing nulls only ${nulls.join(', ')}`, async () => {
      await fail(call[0], call[1] === '/api/tournaments/{id}' ? tournamentPath : call[1]);
      expectOnlyNulled(await stack.gql(SCREEN, variables, { token }), nulls);
      // The same by its persisted id, as the site sends it.
      expectOnlyNulled(await screenById(variables, token), nulls);
    });
  }

  it('a failing favourites list nulls isFavourite on each game, not the catalogue', async () => {
    await fail('GET', '/api/favourites/short');
    const res = await stack.gql(SCREEN, variables, { token });
    const games = res.data.games.edges;
    expect(games.length).toBeGreaterThan(0);
    for (const edge of games) expect(edge.node.isFavourite).toBeNull();
    expect(res.errors!.some((e: any) => e.path.join('.') === 'games.edges.0.node.isFavourite')).toBe(true);
  });

  it('a failing account read nulls the account, not the viewer: a working token stays signed in', async () => {
    await fail('GET', '/api/account');
    const res = await stack.gql(SCREEN, variables, { token });
    expect(res.data.viewer).not.toBeNull();
    expect(res.data.viewer.id).toMatch(/\S/);
    expect(res.data.viewer.account).toBeNull();
    const error = res.errors!.find((e: any) => e.path.join('.') === 'viewer.account');
    expect(error.extensions.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(res.errors!.some((e: any) => e.path.join('.') === 'viewer')).toBe(false);
    for (const part of VIEWER_PARTS.filter((p) => p !== 'account'))
      expect(res.data.viewer[part], `viewer.${part} still resolves`).not.toBeNull();
    for (const field of ROOT_FIELDS) expect(res.data[field], field).not.toBeNull();
  });

  it('a failing account read does not keep a refused token signed in', async () => {
    const other = await signUp(stack, 'Signed Out Elsewhere');
    await stack.gql('mutation { signOut { success } }', {}, { token: other.token });
    await fail('GET', '/api/account');
    const res = await stack.gql(SCREEN, variables, { token: other.token });
    expect(res.data.viewer).toBeNull();
    const error = res.errors!.find((e: any) => e.path.join('.') === 'viewer');
    expect(error.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'signed_out' });
  });

  it("an ended session's UNAUTHENTICATED says why the casino ended it (extensions.reason)", async () => {
    const other = await signUp(stack, 'Signed In Elsewhere');
    const ended = await fetch(`${stack.sandbox.url}/sandbox/endSession`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${other.token}` },
      body: JSON.stringify({ reason: 'signed_in_elsewhere' }),
    });
    expect(ended.status).toBe(200);
    const res = await stack.gql(
      '{ viewer { id wallet { combined { amount } } } }',
      {},
      { token: other.token },
    );
    expect(res.data.viewer).toBeNull();
    const error = res.errors!.find((e: any) => e.path.join('.') === 'viewer');
    expect(error.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'signed_in_elsewhere' });
    // A token the casino never issued has no reason to give.
    const unknown = await stack.gql('{ viewer { id } }', {}, { token: 'never-issued-token' });
    expect(unknown.errors![0].extensions.code).toBe('UNAUTHENTICATED');
    expect(unknown.errors![0].extensions.reason).toBeUndefined();
  });

  it("a deposit's status is null only when the casino says there is no such payment, UPSTREAM_UNAVAILABLE when it cannot say", async () => {
    const STATUS = `query($id: String!) { viewer { id depositStatus(provider: "callpay", paymentId: $id) { status } } }`;
    const missing = await stack.gql(STATUS, { id: 'pay_nosuchpayment' }, { token });
    expect(missing.errors).toBeUndefined();
    expect(missing.data.viewer.depositStatus).toBeNull();

    await fail('GET', '/api/wallet/depositStatus/*');
    const unknown = await stack.gql(STATUS, { id: 'pay_nosuchpayment' }, { token });
    expect(unknown.data.viewer.id).toMatch(/\S/);
    expect(unknown.data.viewer.depositStatus).toBeNull();
    const error = unknown.errors!.find((e: any) => e.path.join('.') === 'viewer.depositStatus');
    expect(error.extensions.code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('a refused token is UNAUTHENTICATED at viewer; a guest gets null with no error', async () => {
    const refused = await stack.gql(SCREEN, variables, { token: 'not-a-real-token' });
    expect(refused.data.viewer).toBeNull();
    expect(refused.errors!.find((e: any) => e.path.join('.') === 'viewer').extensions.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(refused.data.site).not.toBeNull();
    const guest = await stack.gql('{ viewer { id } site { timeZone } }');
    expect(guest.errors).toBeUndefined();
    expect(guest.data).toEqual({ viewer: null, site: { timeZone: 'Africa/Johannesburg' } });
  });

  it('a signed-in login still hands over its token when the new account cannot be read', async () => {
    const { email, password } = await signUp(stack, 'Login Survivor');
    await fail('GET', '/api/account');
    const res = await stack.gql(
      `mutation($input: LoginInput!) { login(input: $input) { token viewer { id } } }`,
      { input: { email, password } },
    );
    expect(res.data.login.token).toMatch(/\S{20,}/);
    expect(res.data.login.viewer).toBeNull();
    expect(res.errors![0].path).toEqual(['login', 'viewer']);
  });
});
