/**
 * Every refusal of what a client sent carries a code and a message that says what was refused: the query limits
 * (QUERY_LIMIT_EXCEEDED, never "Syntax Error"), variables GraphQL cannot coerce (BAD_USER_INPUT), batches (off).
 * Never a 500. Statuses follow the GraphQL over HTTP spec: 200 to a client accepting application/json (or not
 * saying), 400 to one accepting application/graphql-response+json; over graphql-ws the same errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_LIMITS } from '../src/operations/limits.js';
import { liveClient, startStack, subscribe, type Stack } from './harness.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const GRAPHQL_RESPONSE = 'application/graphql-response+json';

const post = async (body: unknown, accept?: string) => {
  const res = await fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

const LIMITS: [keyof typeof QUERY_LIMITS, string, RegExp][] = [
  // Fields need not exist for the depth to count: the limit is judged with the rest of validation.
  [
    'maxDepth',
    `{ ${'a { '.repeat(12)}b${' }'.repeat(12)} }`,
    /^Query depth limit of 12 exceeded, found 13\.$/,
  ],
  [
    'maxAliases',
    `{ viewer { ${Array.from({ length: 31 }, (_, i) => `a${i}: id`).join(' ')} } }`,
    /^Aliases limit of 30 exceeded, found 31\.$/,
  ],
  ['maxTokens', `{ ${'__typename '.repeat(5001)}}`, /^Token limit of 5000 exceeded\.$/],
  // A literal nested 2,000 deep (8 KB, under the token limit) overflowed graphql-js's recursive parser: a 500, a
  // socket closed with 4500, a stack in the log. Selections and objects nested past the limit are refused alike.
  [
    'maxNesting',
    `{ games(filter: ${'['.repeat(2000)}1${']'.repeat(2000)}) { totalCount } }`,
    /^Brackets may nest at most 64 deep in one document, found 2002\.$/,
  ],
  [
    'maxNesting',
    `{ ${'a { '.repeat(70)}b${' }'.repeat(70)} }`,
    /^Brackets may nest at most 64 deep in one document, found 71\.$/,
  ],
  [
    'maxNesting',
    `{ games(filter: ${'{a: '.repeat(1000)}1${'}'.repeat(1000)}) { totalCount } }`,
    /^Brackets may nest at most 64 deep in one document, found 1002\.$/,
  ],
  [
    'maxDirectives',
    `{ ${'... on Query @include(if: true) @skip(if: false) @include(if: true) { __typename } '.repeat(17)}}`,
    /^Directives limit of 50 exceeded, found 51\.$/,
  ],
  // The probes of the usual GraphQL security scanners: a hundred aliases of __typename ("alias overloading"), ten
  // unknown directives on one field ("directive overloading": refused as one error, not one per directive), the
  // same field 500 times ("field duplication").
  [
    'maxAliases',
    `query cop { ${Array.from({ length: 101 }, (_, i) => `alias${i}: __typename`).join('\n')} }`,
    /^Aliases limit of 30 exceeded, found 101\.$/,
  ],
  [
    'maxDirectivesPerLocation',
    'query cop { __typename @aa@aa@aa@aa@aa@aa@aa@aa@aa@aa }',
    /^At most 4 directives may stand in one place, found 10\.$/,
  ],
  [
    'maxRepeatsPerSelection',
    `query cop { ${'__typename \n'.repeat(500)}}`,
    /^The field "__typename" may be asked for at most 3 times in one selection\.$/,
  ],
  [
    'maxFragments',
    `query many { ...F0 } ${Array.from({ length: 51 }, (_, i) => `fragment F${i} on Query { __typename }`).join('\n')}`,
    /^At most 50 fragments may be defined in one document, found 51\.$/,
  ],
  [
    'maxVariables',
    `query many(${Array.from({ length: 51 }, (_, i) => `$v${i}: Int`).join(' ')}) { __typename }`,
    /^At most 50 variables may be declared by one operation, found 51\.$/,
  ],
  [
    'maxCost',
    `{ ${Array.from({ length: 30 }, (_, i) => `t${i}: tournaments(first: 20) { edges { node { id name leaderboard(first: 10) { edges { node { id name points position } } } } } }`).join('\n')} }`,
    /^Query Cost limit of 3000 exceeded, found \d+\.$/,
  ],
];

describe('the query limits', () => {
  for (const [limit, query, message] of LIMITS) {
    it(`${limit}: QUERY_LIMIT_EXCEEDED with the limit's name and value, 200 or 400, no data`, async () => {
      const json = await post({ query });
      expect(json.status).toBe(200);
      const error = json.body.errors.find((e: any) => e.extensions?.code === 'QUERY_LIMIT_EXCEEDED');
      expect(error.message).toMatch(message);
      expect(error.extensions).toMatchObject({ limit, max: QUERY_LIMITS[limit] });
      expect(json.body.data).toBeUndefined();
      expect(JSON.stringify(json.body)).not.toContain('Syntax Error');

      const strict = await post({ query }, GRAPHQL_RESPONSE);
      expect(strict.status).toBe(400);
      expect(strict.body.errors.some((e: any) => e.extensions?.code === 'QUERY_LIMIT_EXCEEDED')).toBe(true);
    });
  }

  it('responds to a per-place probe with that one error, not one per repeated part', async () => {
    for (const [limit, query] of LIMITS) {
      if (limit !== 'maxDirectivesPerLocation' && limit !== 'maxRepeatsPerSelection') continue;
      const json = await post({ query });
      expect(json.body.errors, limit).toHaveLength(1);
      expect(json.body.data).toBeUndefined();
    }
  });

  it('refuses the same way over graphql-ws', async () => {
    const client = liveClient(stack);
    try {
      for (const [limit, query, message] of LIMITS) {
        const op = subscribe(client, query);
        // The cost is judged with the variables, when the operation is about to run: its refusal is the
        // operation's one result (as input limits' are), the others end it before it starts.
        const { errors } = limit === 'maxCost' ? await op.next() : await op.ended;
        const error = errors.find((e: any) => e.extensions?.code === 'QUERY_LIMIT_EXCEEDED');
        expect(error?.message, limit).toMatch(message);
        expect(error.extensions.limit).toBe(limit);
      }
    } finally {
      await client.dispose();
    }
  });
});

describe('variables GraphQL cannot coerce', () => {
  const FIRST = 'query Games($first: Int) { games(first: $first) { totalCount } }';
  const REQUIRED = 'query Games($first: Int!) { games(first: $first) { totalCount } }';
  const cases: [string, unknown, RegExp][] = [
    [
      'a fraction for an Int',
      { query: FIRST, variables: { first: 1.5 } },
      /^\$first must be a whole number of at most 32 bits \(Int\)\.$/,
    ],
    [
      'a string for an Int',
      { query: FIRST, variables: { first: 'five' } },
      /^\$first must be a whole number of at most 32 bits \(Int\)\.$/,
    ],
    [
      'a missing required one',
      { query: REQUIRED, variables: {} },
      /"\$first" of required type "Int!" was not provided/,
    ],
    [
      'an unknown enum value',
      {
        query: 'query B($s: BannerSection) { promotionBanners(section: $s) { id } }',
        variables: { s: 'CASINO' },
      },
      /^\$s must be one of the values of BannerSection\.$/,
    ],
    [
      'an unknown input field',
      {
        query: 'query G($f: GameFilter) { games(filter: $f) { totalCount } }',
        variables: { f: { colour: 'red' } },
      },
      /^\$f\.colour is not a field of GameFilter\.$/,
    ],
  ];
  for (const [what, body, message] of cases) {
    it(`${what}: BAD_USER_INPUT, 200 under application/json, 400 under ${GRAPHQL_RESPONSE}`, async () => {
      const json = await post(body);
      expect(json.status).toBe(200);
      expect(json.body.data).toBeUndefined();
      expect(json.body.errors[0].message).toMatch(message);
      expect(json.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      const strict = await post(body, GRAPHQL_RESPONSE);
      expect(strict.status).toBe(400);
      expect(strict.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    });
  }

  it('carry the code over graphql-ws too', async () => {
    const client = liveClient(stack);
    try {
      const op = subscribe(client, FIRST, { first: 1.5 });
      const result = await op.next();
      expect(result.errors[0].message).toBe('$first must be a whole number of at most 32 bits (Int).');
      expect(result.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    } finally {
      await client.dispose();
    }
  });
});

it('refuses a batch (a JSON array of operations) with 400 and a code', async () => {
  const res = await post([{ query: '{ __typename }' }, { query: '{ __typename }' }]);
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual([
    { message: 'Batching is not supported.', extensions: { code: 'BAD_REQUEST' } },
  ]);
});
