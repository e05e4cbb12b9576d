/**
 * Public reads cost nothing: a guest's repeated query is served whole from the response cache (response-cache.ts),
 * without parsing, executing or calling upstream; a player's never is, and a failed result is never kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/observability/logging.js';
import { signUp, startStack, type Stack } from './harness.js';

let stack: Stack;
const logLines: Record<string, unknown>[] = [];
beforeAll(async () => {
  stack = await startStack({
    logger: createLogger('info', { write: (line: string) => void logLines.push(JSON.parse(line)) }),
  });
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

type Result = Awaited<ReturnType<Stack['gql']>>;

/** A guest's query asked twice in a row: both results. */
async function askedTwice(query: string, variables: Record<string, unknown> = {}) {
  // The key holds the clock's second: a pair that straddles a second is two results, so then try one more pair.
  let pair: [Result, Result] | undefined;
  for (let tries = 0; tries < 2 && pair?.[1].extensions?.responseCache?.hit !== true; tries++) {
    const first = await stack.gql(query, variables);
    expect(first.errors).toBeUndefined();
    pair = [first, await stack.gql(query, variables)];
  }
  return pair!;
}

it("serves a guest's repeated query from the response cache, with no upstream call", async () => {
  const [first, again] = await askedTwice(PAGE, { first: 3 });
  expect(again.data).toEqual(first.data);
  expect(again.extensions.responseCache).toMatchObject({ hit: true });
  expect(again.extensions.upstreamCalls).toEqual([]);
  // Other variables are another result.
  const other = await stack.gql(PAGE, { first: 4 });
  expect(other.extensions.responseCache?.hit).not.toBe(true);
  expect(other.data.games.edges).toHaveLength(4);
});

it('forgets every kept result when the public reads are cleared (the casino changed something: show it now)', async () => {
  const query = '{ site { alternateRoutes appVersion } }';
  const [, kept] = await askedTwice(query);
  expect(kept.extensions.responseCache?.hit).toBe(true);
  stack.gateway.cache.clear();
  const fresh = await stack.gql(query);
  expect(fresh.extensions.responseCache?.hit).not.toBe(true);
  expect(fresh.extensions.upstreamCalls).toEqual(['GET /api/settings']);
});

it("never serves or keeps a player's result: their favourites and viewer are their own", async () => {
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
  // The guest's result, asked again after the player's, is still a guest's.
  const guestAgain = await stack.gql(PAGE, { first: 2 });
  expect(guestAgain.data.viewer).toBeNull();
  expect(guestAgain.data.games.edges[0].node.isFavourite).toBe(false);
});

it('keeps no result that has errors: once the casino is back, the next guest gets data', async () => {
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

it("never serves a guest's mutation from the cache: a second reset mail request reaches the casino", async () => {
  const email = `response-cache-${Date.now()}@example.test`;
  const forgot = () =>
    stack.gql('mutation($e: String!) { forgotPassword(input: { email: $e }) { message } }', { e: email });
  const [first, second] = [await forgot(), await forgot()];
  for (const result of [first, second]) {
    expect(result.errors).toBeUndefined();
    expect(result.extensions.upstreamCalls).toEqual(['POST /api/forgotPassword']);
  }
});

describe("a guest's GET asked again within the second (the site's pages, served by their address alone)", () => {
  const SHORTCUT_PAGE =
    'query ShortcutPage($first: Int!) { games(first: $first) { edges { node { id name } } } }';

  /** A GET of the page; `spaced` spells the variables differently: another address, the same cache key. */
  const get = (variables: Record<string, unknown>, headers: Record<string, string> = {}, spaced = false) => {
    const url = new URL(`${stack.gateway.url}/graphql`);
    url.searchParams.set('query', SHORTCUT_PAGE);
    url.searchParams.set('variables', JSON.stringify(variables, null, spaced ? 1 : 0));
    return fetch(url, { headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1', ...headers } });
  };

  /** The headers that differ between two responses to the same request whatever the gateway does. */
  const comparable = (res: Response) =>
    Object.fromEntries([...res.headers].filter(([name]) => !['date', 'x-request-id'].includes(name)));

  /**
   * Within one second of the cache keys (tried again if the three straddle two): the page asked once, so that its
   * result is kept; then from another address with the same cache key, whose first response comes from the cache
   * through the whole pipeline and whose second by its address alone.
   */
  async function askedThrice(variables: Record<string, unknown>) {
    let responses: { res: Response; text: string }[] = [];
    for (let tries = 0; tries < 3; tries++) {
      responses = [];
      for (const spaced of [false, true, true]) {
        const res = await get(variables, {}, spaced);
        responses.push({ res, text: await res.text() });
      }
      const [, second, third] = responses.map((a) => JSON.parse(a.text));
      if (second.extensions?.responseCache?.hit && third.extensions?.responseCache?.hit) break;
    }
    return responses;
  }

  it('responds exactly as the response cache did: same status, body and headers, no upstream call', async () => {
    const [first, second, third] = await askedThrice({ first: 5 });
    for (const { res } of [first!, second!, third!]) expect(res.status).toBe(200);
    expect(third!.text).toBe(second!.text);
    expect(comparable(third!.res)).toEqual(comparable(second!.res));
    const body = JSON.parse(third!.text);
    expect(body.data.games.edges).toHaveLength(5);
    expect(body.extensions).toMatchObject({ responseCache: { hit: true }, upstreamCalls: [] });
    expect(JSON.parse(first!.text).data).toEqual(body.data);
    // Each got its own request id, and a log line naming the operation as served from the cache.
    const ids = [second!, third!].map(({ res }) => res.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) {
      expect(logLines.find((line) => line.requestId === id)).toMatchObject({
        method: 'GET',
        status: 200,
        operation: 'ShortcutPage',
        type: 'query',
        outcome: 'ok',
        cached: true,
      });
    }
  });

  it('serves each repeat in the media type it asks for', async () => {
    await askedThrice({ first: 6 });
    const res = await get({ first: 6 }, { accept: 'application/graphql-response+json' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/graphql-response+json; charset=utf-8');
    expect(((await res.json()) as any).data.games.edges).toHaveLength(6);
  });

  it('still refuses a repeat without a CSRF header, and never serves a player from it', async () => {
    await askedThrice({ first: 7 });
    const refused = await fetch(
      `${stack.gateway.url}/graphql?${new URLSearchParams({ query: SHORTCUT_PAGE, variables: '{"first":7}' })}`,
      { headers: { accept: 'application/json' } },
    );
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).data).toBeUndefined();

    const { token } = await signUp(stack, 'Shortcut Player');
    const mine = await get({ first: 7 }, { authorization: `Bearer ${token}` });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    const body = (await mine.json()) as any;
    expect(body.extensions.responseCache?.hit).not.toBe(true);
    expect(body.data.games.edges).toHaveLength(7);
  });

  it('forgets its addresses with the results: cleared public reads are read again', async () => {
    await askedThrice({ first: 8 });
    stack.gateway.cache.clear();
    const fresh = (await (await get({ first: 8 })).json()) as any;
    expect(fresh.extensions.responseCache?.hit).not.toBe(true);
    expect(fresh.extensions.upstreamCalls.length).toBeGreaterThan(0);
  });
});
