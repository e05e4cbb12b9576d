/**
 * Global IDs are read strictly: a type the gateway knows and the one spelling toGlobalId writes. An odd ID finds
 * nothing (node returns null) or is refused with BAD_USER_INPUT where an ID of one type is required; it never finds
 * an object under an ID that is not its own, and a name of a built-in object property never reaches a lookup table
 * (no INTERNAL_SERVER_ERROR, no stack trace or file path, in development either).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../src/relay.js';
import { startStack, type Stack } from './harness.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const NODE = 'query Node($id: ID!) { node(id: $id) { __typename id } }';
const NODES = 'query Nodes($ids: [ID!]!) { nodes(ids: $ids) { id } }';
const TOURNAMENT = 'query Tournament($id: ID!) { tournament(id: $id) { id } }';

/** No trace of the gateway's insides in a response: stack frames, file paths, "undefined is not a function". */
function expectNoInternals(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/INTERNAL_SERVER_ERROR|Unexpected error|stack|\.ts:\d+|\/src\/|Abstract type/);
}

describe('names of built-in object properties', () => {
  const names = [
    '__proto__',
    'hasOwnProperty',
    'constructor',
    'toString',
    'valueOf',
    'isPrototypeOf',
    '__defineGetter__',
  ];

  it('as the type: node returns null, without an error', async () => {
    for (const name of names) {
      const res = await stack.gql(NODE, { id: toGlobalId(name, 1) });
      expect(res.errors, name).toBeUndefined();
      expect(res.data.node, name).toBeNull();
      expectNoInternals(res);
    }
    const all = await stack.gql(NODES, { ids: names.map((n) => toGlobalId(n, 1)) });
    expect(all.errors).toBeUndefined();
    expect(all.data.nodes).toEqual(names.map(() => null));
  });

  it('as the id: null for node, BAD_USER_INPUT where a tournament is required', async () => {
    for (const name of names) {
      const node = await stack.gql(NODE, { id: toGlobalId('Tournament', name) });
      expect(node.errors).toBeUndefined();
      expect(node.data.node).toBeNull();
      const tournament = await stack.gql(TOURNAMENT, { id: toGlobalId('Tournament', name) });
      expect(tournament.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(tournament.errors?.[0]?.message).toBe('id is not a Tournament ID.');
      expectNoInternals(tournament);
    }
  });

  it('as a category, or a fragment name, is just an unknown category or a fragment', async () => {
    for (const name of ['__proto__', 'constructor', 'hasOwnProperty']) {
      const res = await stack.gql(`query G($c: String) { games(filter: { category: $c }) { totalCount } }`, {
        c: name,
      });
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]?.message).toBe(
        `There is no game category "${name}": Query.gameCategories lists them.`,
      );
    }
    const spread = await stack.gql(
      'query { ...__proto__ } fragment __proto__ on Query { tournaments(first: 1) { totalCount } }',
    );
    expect(spread.errors).toBeUndefined();
    expect(spread.data.tournaments.totalCount).toBeGreaterThan(0);
  });
});

describe('canonical ids', () => {
  it('finds tournament 1 only under its own ID', async () => {
    const own = toGlobalId('Tournament', 1);
    const found = await stack.gql(NODE, { id: own });
    expect(found.data.node).toEqual({ __typename: 'Tournament', id: own });

    for (const spelling of ['0x1', '01', ' 1', '1 ', '+1', '1e0', '1.0', '0b1', '1e3']) {
      const id = toGlobalId('Tournament', spelling);
      const node = await stack.gql(NODE, { id });
      expect(node.data.node, spelling).toBeNull();
      const tournament = await stack.gql(TOURNAMENT, { id });
      expect(tournament.data.tournament, spelling).toBeNull();
      expect(tournament.errors?.[0]?.extensions?.code, spelling).toBe('BAD_USER_INPUT');
    }
  });

  it('finds a game only under its own ID', async () => {
    const first = await stack.gql('{ games(first: 1) { edges { node { id gameId } } } }');
    const { id, gameId } = first.data.games.edges[0].node;
    expect((await stack.gql(NODE, { id })).data.node).toEqual({ __typename: 'Game', id });
    for (const spelling of [`0${gameId}`, `${gameId}.0`, ` ${gameId}`, `${gameId}e0`]) {
      const res = await stack.gql(NODE, { id: toGlobalId('Game', spelling) });
      expect(res.errors, spelling).toBeUndefined();
      expect(res.data.node, spelling).toBeNull();
    }
  });

  it('finds nothing under another base64 spelling of an ID, or bytes that are not UTF-8', async () => {
    const own = toGlobalId('Tournament', 12); // "Tournament:12": 13 bytes, so the last character has spare bits
    expect(Buffer.from(own, 'base64url').toString()).toBe('Tournament:12');
    const last = own.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = own.slice(0, -1) + alphabet[alphabet.indexOf(last) + 1];
    expect(Buffer.from(sibling, 'base64url').toString()).toBe('Tournament:12');
    const notUtf8 = Buffer.concat([Buffer.from('Tournament:1'), Buffer.from([0xff])]).toString('base64url');
    for (const id of [sibling, `${own}==`, `${own}.`, notUtf8]) {
      const res = await stack.gql(NODE, { id });
      expect(res.data.node, id).toBeNull();
      const tournament = await stack.gql(TOURNAMENT, { id });
      expect(tournament.errors?.[0]?.extensions?.code, id).toBe('BAD_USER_INPUT');
    }
  });

  it('finds nothing for a type the schema has but node cannot load, or a lower-case one', async () => {
    for (const type of ['Query', 'String', 'tournament', 'TOURNAMENT', 'Tournament ']) {
      const res = await stack.gql(NODE, { id: toGlobalId(type, 1) });
      expect(res.errors, type).toBeUndefined();
      expect(res.data.node, type).toBeNull();
    }
  });
});
