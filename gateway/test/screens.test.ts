/**
 * docs/screens.graphql holds one operation per screen and modal of the site: each must run as a guest or a player in
 * one request, with no error, from the variables its address carries. Keeps the schema honest for the web client.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, print, separateOperations, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startStack, type Stack } from './harness.js';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screens.graphql');
const document = fs.readFileSync(file, 'utf8');
const parsed = parse(document);
const operations = parsed.definitions.filter(
  (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
);
/** Each operation with only the fragments it uses, as a Relay client sends it. */
const texts = Object.fromEntries(
  Object.entries(separateOperations(parsed)).map(([name, doc]) => [name, print(doc)]),
);

let stack: Stack;
let token: string;
/** What the addresses carry, read from the sandbox as a client would find it in a link. */
let variables: Record<string, Record<string, unknown>>;

beforeAll(async () => {
  stack = await startStack();
  ({ token } = await signUp(stack, 'Screen Player'));
  const game = (await stack.gql('{ games(first: 1) { edges { node { gameId code product } } } }')).data.games
    .edges[0].node;
  const article = (await stack.gql('{ news(first: 1) { edges { node { slug category } } } }')).data.news
    .edges[0].node;
  const deposit = (
    await stack.gql(
      'mutation { deposit(input: { gateway: EFT, amount: "100.00", idempotencyKey: "screens-1" }) { paymentId provider } }',
      {},
      { token },
    )
  ).data.deposit;
  variables = {
    CatalogueScreen: { filter: { collection: 'NEW' }, sort: 'NEWEST_FIRST' },
    CategoryScreen: { category: 'live-roulette' },
    SubgroupScreen: { subgroup: 'top' },
    ProviderScreen: { product: game.product },
    GameScreen: { code: game.code },
    PlayGame: { code: game.code, demo: false },
    PlayOnLoad: { gameId: game.gameId, demo: true },
    NewsScreen: { category: article.category },
    NewsArticleScreen: { slug: article.slug },
    DepositReturn: {
      provider: deposit.provider.toLowerCase(),
      paymentId: deposit.paymentId,
      returnQuery: 'status=complete',
    },
  };
});
afterAll(() => stack.close());

describe('docs/screens.graphql', () => {
  it('has an operation for each screen', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
  });

  for (const op of operations) {
    const name = op.name!.value;
    it(`${name} returns a player's screen in one request, with no error`, async () => {
      const res = await fetch(`${stack.gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: texts[name], variables: variables[name] ?? {} }),
      });
      const body = (await res.json()) as any;
      expect(res.status).toBe(200);
      expect(body.errors).toBeUndefined();
      expect(Object.values(body.data).every((v) => v !== null)).toBe(true);
    });
  }

  it('returns the public screens for a guest too', async () => {
    for (const name of [
      'HomeScreen',
      'CatalogueScreen',
      'TournamentsScreen',
      'PromotionsScreen',
      'NewsScreen',
    ]) {
      const res = await fetch(`${stack.gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: texts[name], variables: variables[name] ?? {} }),
      });
      const body = (await res.json()) as any;
      expect(body.errors, name).toBeUndefined();
      expect(body.data.viewer, name).toBeNull();
    }
  });
});
