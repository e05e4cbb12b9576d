/**
 * The cost limit prices what a document selects, not how it is written: a Relay screen built from nested fragments
 * costs what the same fields inline cost, and a document that selects too much is still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES } from '../src/http/body-limit.js';
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
  expect(res.errors?.[0]?.message).toMatch(/^Query Cost limit of 3000 exceeded, found \d+\.$/);
  expect(res.errors?.[0]?.extensions?.code).toBeTruthy();
});

describe('the request body limit', () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      // A stream has no length: Node sends it chunked.
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
  const padded = (bytes: number) =>
    JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(bytes) } });
  const chunked = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.slice(i, i + 8192));
        controller.close();
      },
    });

  it(`refuses a body over ${MAX_REQUEST_BYTES} bytes with 413 and a code, by its length alone`, async () => {
    const res = await post(padded(MAX_REQUEST_BYTES));
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.errors[0].extensions.code).toBe('REQUEST_ENTITY_TOO_LARGE');
    expect(body.data).toBeUndefined();
  });

  it('counts a chunked body that names no length as it arrives', async () => {
    const res = await post(chunked(padded(MAX_REQUEST_BYTES)));
    expect(res.status).toBe(413);
    expect((await res.json()).errors[0].extensions.code).toBe('REQUEST_ENTITY_TOO_LARGE');
    const small = await post(chunked(padded(100)));
    expect(await small.json()).toMatchObject({ data: { __typename: 'Query' } });
  });

  it('accepts a body just under the limit', async () => {
    const res = await post(padded(MAX_REQUEST_BYTES - 100));
    expect(await res.json()).toMatchObject({ data: { __typename: 'Query' } });
  });
});
