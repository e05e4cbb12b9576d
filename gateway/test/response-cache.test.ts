/**
 * Public reads cost nothing: a guest's repeated query is answered whole from the answer cache (response-cache.ts),
 * without parsing, executing or calling upstream; a player's never is, and a failed answer is never kept.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, startStack, type Stack } from './harness.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const PAGE = `query Page($first: Int!) { games(first: $first) { totalCount edges { node { id name isFavourite } } }
  viewer { id } }`;

const sandbox = async (path: string, init: { method: string; body?: unknown }) => {
  const res = await fetch(`${stack.sandbox.url}${path}`, {
    method: init.method,
    ...(init.body !== undefined
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }
      : {}),
  });
  expect(res.ok).toBe(true);
};

type Answer = Awaited<ReturnType<Stack['gql']>>;

/** A guest's query asked twice in a row: both answers. */
async function askedTwice(query: string, variables: Record<string, unknown> = {}) {
  // The key holds the clock's second: a pair that straddles a second is two answers, so then try one more pair.
  let pair: [Answer, Answer] | undefined;
  for (let tries = 0; tries < 2 && pair?.[1].extensions?.responseCache?.hit !== true; tries++) {
    const first = await stack.gql(query, variables);
    expect(first.errors).toBeUndefined();
    pair = [first, await stack.gql(query, variables)];
  }
  return pair!;
}

it("serves a guest's repeated query from the answer cache, with no upstream call", async () => {
  const [first, again] = await askedTwice(PAGE, { first: 3 });
  expect(again.data).toEqual(first.data);
  expect(again.extensions.responseCache).toMatchObject({ hit: true });
  expect(again.extensions.upstreamCalls).toEqual([]);
  // Other variables are another answer.
  const other = await stack.gql(PAGE, { first: 4 });
  expect(other.extensions.responseCache?.hit).not.toBe(true);
  expect(other.data.games.edges).toHaveLength(4);
});

it('forgets every kept answer when the public reads are cleared (the casino changed something: show it now)', async () => {
  const query = '{ site { alternateRoutes appVersion } }';
  const [, kept] = await askedTwice(query);
  expect(kept.extensions.responseCache?.hit).toBe(true);
  stack.gateway.cache.clear();
  const fresh = await stack.gql(query);
  expect(fresh.extensions.responseCache?.hit).not.toBe(true);
  expect(fresh.extensions.upstreamCalls).toEqual(['GET /api/settings']);
});

it("never serves or keeps a player's answer: their favourites and viewer are their own", async () => {
  const guest = await stack.gql(PAGE, { first: 2 });
  const { token } = await signUp(stack, 'Cache Player');
  const gameId = guest.data.games.edges[0].node.id;
  await stack.gql(
    'mutation($id: ID!) { toggleFavourite(input: { gameId: $id }) { isFavourite } }',
    { id: gameId },
    { token },
  );

  for (let i = 0; i < 2; i++) {
    const mine = await stack.gql(PAGE, { first: 2 }, { token });
    expect(mine.extensions.responseCache?.hit).not.toBe(true);
    expect(mine.data.viewer).not.toBeNull();
    expect(mine.data.games.edges[0].node).toMatchObject({ id: gameId, isFavourite: true });
  }
  // The guest's answer, asked again after the player's, is still a guest's.
  const guestAgain = await stack.gql(PAGE, { first: 2 });
  expect(guestAgain.data.viewer).toBeNull();
  expect(guestAgain.data.games.edges[0].node.isFavourite).toBe(false);
});

it('keeps no answer that has errors: once the casino is back, the next guest gets data', async () => {
  const query = '{ tournaments(first: 3) { totalCount } }';
  stack.gateway.cache.clear();
  await sandbox('/sandbox/faults', {
    method: 'POST',
    body: { method: 'GET', path: '/api/tournaments', status: 500 },
  });
  try {
    const failed = await stack.gql(query);
    expect(failed.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
  } finally {
    await sandbox('/sandbox/faults', { method: 'DELETE' });
  }
  const back = await stack.gql(query);
  expect(back.errors).toBeUndefined();
  expect(back.data.tournaments.totalCount).toBeGreaterThan(0);
});

it("never answers a guest's mutation from the cache: a second reset mail request reaches the casino", async () => {
  const email = `answer-cache-${Date.now()}@example.test`;
  const forgot = () =>
    stack.gql('mutation($e: String!) { forgotPassword(input: { email: $e }) { message } }', { e: email });
  const [first, second] = [await forgot(), await forgot()];
  for (const answer of [first, second]) {
    expect(answer.errors).toBeUndefined();
    expect(answer.extensions.upstreamCalls).toEqual(['POST /api/forgotPassword']);
  }
});
