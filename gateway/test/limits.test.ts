/**
 * The cost limit prices what a document selects, not how it is written: a Relay screen built from nested fragments
 * costs what the same fields inline cost, and a document that selects too much is still refused.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStack, type Stack } from './harness.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const ENTRY_FIELDS = 'id name points position isViewer';
const TOURNAMENT_FIELDS = `id tournamentId name stage label nextStageAt usersCount buyIn { formatted }
  leaderboard(first: 10) { totalCount edges { node { ${ENTRY_FIELDS} } } }`;

it('accepts a screen written as nested fragments, as Relay writes it', async () => {
  const asFragments = await stack.gql(`
    query TournamentsPage { ...List }
    fragment List on Query { tournaments(first: 20) { edges { node { ...Card } } } }
    fragment Card on Tournament { id tournamentId name stage label nextStageAt usersCount
      buyIn { formatted } ...Board }
    fragment Board on Tournament { leaderboard(first: 10) { totalCount edges { node { ...Row } } } }
    fragment Row on TournamentEntry { ${ENTRY_FIELDS} }`);
  expect(asFragments.errors).toBeUndefined();
  const inline = await stack.gql(`{ tournaments(first: 20) { edges { node { ${TOURNAMENT_FIELDS} } } } }`);
  expect(inline.errors).toBeUndefined();
  expect(asFragments.data).toEqual(inline.data);
  expect(asFragments.data.tournaments.edges.length).toBeGreaterThan(0);
});

it('still refuses a document that selects too much, with a code and no data', async () => {
  const aliases = Array.from(
    { length: 30 },
    (_, i) => `t${i}: tournaments(first: 20) { edges { node { ${TOURNAMENT_FIELDS} } } }`,
  ).join('\n');
  const res = await stack.gql(`{ ${aliases} }`);
  expect(res.data).toBeUndefined();
  expect(res.errors?.[0]?.message).toMatch(/Query Cost limit of 50000 exceeded/);
  expect(res.errors?.[0]?.extensions?.code).toBeTruthy();
});
