/**
 * Production mode (NODE_ENV=production): the schema is not published (no introspection, no GraphiQL, no "Did you
 * mean ...?"), and an error never shows the gateway's insides (stack traces, file paths) or echoes what was sent.
 * INTROSPECTION=1 and GRAPHIQL=1 turn those two back on; development keeps both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { liveClient, sandboxPost, startStack, subscribe, type Stack } from './harness.js';

let stack: Stack;
beforeAll(async () => {
  // What configFromEnv gives for NODE_ENV=production (tested below), in a gateway in production mode.
  stack = await startStack({ production: true, gateway: { graphiql: false, introspection: false } });
});
afterAll(() => stack.close());

const post = async (body: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.status, text: await res.text() };
};

const INTROSPECTION_QUERIES = [
  '{ __schema { queryType { name } } }',
  '{ __type(name: "Query") { fields { name } } }',
  // Circular introspection: types' fields' types' fields ..., the classic way to make a server do a lot of work.
  `{ __schema { types { fields { type { fields { type { fields { type { fields { type { name } } } } } } } } } } }`,
  `query { a: __typename ...Sneaky } fragment Sneaky on Query { __schema { directives { name } } }`,
];

const refusedIntrospection = (errors: any[]) =>
  errors.some((e) => /introspection has been disabled/.test(e.message));

describe('introspection', () => {
  it('is refused over HTTP, as a GET and as server-sent events', async () => {
    for (const query of INTROSPECTION_QUERIES) {
      const res = await post(JSON.stringify({ query }));
      expect(res.status).toBe(200);
      const body = JSON.parse(res.text);
      expect(body.data, query).toBeUndefined();
      expect(refusedIntrospection(body.errors), query).toBe(true);
      expect(body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');

      const get = await fetch(`${stack.gateway.url}/graphql?${new URLSearchParams({ query })}`, {
        headers: { 'x-graphql-yoga-csrf': '1' },
      });
      const got = (await get.json()) as any;
      expect(got.data).toBeUndefined();
      expect(refusedIntrospection(got.errors)).toBe(true);

      const sse = await post(JSON.stringify({ query }), { accept: 'text/event-stream' });
      const event = JSON.parse(/^data: (.+)$/m.exec(sse.text)![1]!);
      expect(refusedIntrospection(event.errors)).toBe(true);
    }
  });

  it('is refused over graphql-ws', async () => {
    const client = liveClient(stack);
    try {
      for (const query of INTROSPECTION_QUERIES) {
        const { errors } = await subscribe(client, query).ended;
        expect(refusedIntrospection(errors), query).toBe(true);
      }
    } finally {
      await client.dispose();
    }
  });

  it('leaves __typename to clients (unions need it)', async () => {
    const res = await stack.gql('{ __typename tournaments(first: 1) { edges { node { __typename } } } }');
    expect(res.errors).toBeUndefined();
    expect(res.data.__typename).toBe('Query');
  });

  it('is served with INTROSPECTION=1 (still without suggestions)', async () => {
    const open = await startStack({ production: true, gateway: { graphiql: false, introspection: true } });
    try {
      const res = await open.gql('{ __schema { queryType { name } } }');
      expect(res.data.__schema.queryType.name).toBe('Query');
      const typo = await open.gql('{ gamez }');
      expect(typo.errors![0].message).not.toMatch(/Did you mean/);
    } finally {
      await open.close();
    }
  });
});

describe('field suggestions', () => {
  it('are hidden for fields, arguments and enum values', async () => {
    for (const query of [
      '{ gamez { totalCount } }',
      '{ games(firstt: 1) { totalCount } }',
      '{ games(sort: ALPHA_AS) { totalCount } }',
      '{ tournaments(first: 1) { edges { node { nam } } } }',
    ]) {
      const res = await stack.gql(query);
      expect(res.errors!.length, query).toBeGreaterThan(0);
      for (const error of res.errors!) expect(error.message, query).not.toMatch(/Did you mean/);
    }
  });

  it('are hidden in variable errors too, over HTTP and graphql-ws', async () => {
    const query =
      'query G($sort: GameSort, $f: GameFilter) { games(sort: $sort, filter: $f) { totalCount } }';
    const variables = [{ sort: 'ALPHA_AS' }, { f: { feature: ['Megaways'] } }];
    const client = liveClient(stack);
    try {
      for (const vars of variables) {
        const res = await stack.gql(query, vars);
        expect(res.errors![0].extensions.code).toBe('BAD_USER_INPUT');
        // Coercion errors name the place and the rule, and never suggest (input-errors.ts).
        expect(res.errors![0].message).not.toMatch(/Did you mean|Suggestion hidden/);
        const op = subscribe(client, query, vars);
        const result = await op.next();
        expect(result.errors[0].message).toBe(res.errors![0].message);
      }
    } finally {
      await client.dispose();
    }
  });
});

describe('GraphiQL', () => {
  it('is not served', async () => {
    for (const path of ['/graphql', '/graphiql', '/']) {
      const res = await fetch(`${stack.gateway.url}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(await res.text(), path).not.toMatch(/graphiql/i);
    }
  });
});

describe('errors', () => {
  const INSIDES = /\bat \S+ \(|\.ts:\d+|\.js:\d+|\/src\/|node_modules|originalError|stacktrace|"stack"/;

  it('do not echo a malformed body (a password in it included), and keep their 400', async () => {
    const secret = 'correct-horse-battery-staple';
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      const res = await post(`{"query": "mutation { login(input: {password: \\"${secret}\\"`, { accept });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toEqual({
        errors: [{ message: 'POST body sent invalid JSON.', extensions: { code: 'BAD_REQUEST' } }],
      });
      expect(res.text).not.toContain(secret);
    }
  });

  it('show no stack trace or path, whatever goes wrong', async () => {
    await sandboxPost(stack, '/sandbox/faults', { method: 'GET', path: '/api/tournaments*', status: 418 });
    await sandboxPost(stack, '/sandbox/faults', { method: 'GET', path: '/api/allgames', status: 500 });
    try {
      const responses = await Promise.all([
        post('{"query": "{ tournaments(first: 1) { totalCount } games(first: 1) { totalCount } }"}'),
        post('{"query": "{ node(id: \\"X19wcm90b19fOjE\\") { id } }"}'),
        post('{"query": "query($f: Int) { games(first: $f) { totalCount } }", "variables": {"f": 1.5}}'),
        post('{"query": "{ games(first: 1000) { totalCount } }"}'),
        post('{"query": "{ games { "}'),
        post('[{"query": "{ __typename }"}]'),
        post('{"query": 5}'),
        post('not json at all'),
      ]);
      for (const response of responses) {
        expect(response.status).not.toBe(500);
        expect(response.text).not.toMatch(INSIDES);
      }
    } finally {
      await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
    }
  });
});

describe('the settings', () => {
  const env = (vars: Record<string, string>) =>
    configFromEnv({ CASINO_API_URL: 'http://localhost:4010', ...vars });

  it('turn GraphiQL and introspection off in production, on in development', () => {
    expect(env({ NODE_ENV: 'production' })).toMatchObject({ graphiql: false, introspection: false });
    expect(env({ NODE_ENV: 'development' })).toMatchObject({ graphiql: true, introspection: true });
    expect(env({})).toMatchObject({ graphiql: true, introspection: true });
  });

  it('let INTROSPECTION and GRAPHIQL turn them on (GraphiQL needs introspection, so it brings it along)', () => {
    expect(env({ NODE_ENV: 'production', INTROSPECTION: '1' })).toMatchObject({
      graphiql: false,
      introspection: true,
    });
    expect(env({ NODE_ENV: 'production', GRAPHIQL: '1' })).toMatchObject({
      graphiql: true,
      introspection: true,
    });
    expect(env({ NODE_ENV: 'production', GRAPHIQL: '1', INTROSPECTION: '0' })).toMatchObject({
      graphiql: true,
      introspection: false,
    });
    expect(env({ INTROSPECTION: '0' })).toMatchObject({ graphiql: true, introspection: false });
  });

  it('name a bad INTROSPECTION value', () => {
    expect(() => env({ INTROSPECTION: 'yes' })).toThrow(/INTROSPECTION: must be 0 or 1/);
  });
});
