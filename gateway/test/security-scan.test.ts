/**
 * The usual GraphQL security checks, run against the gateway in production mode the way a scanner runs them: each
 * probe is sent as the scanner sends it and judged by the scanner's own rule ("found" when the response shows the
 * weakness). Every check must find nothing. The details of each defence are tested beside it (production.test.ts,
 * request-errors.test.ts, input-limits.test.ts, browser-protections.test.ts); this file is the whole list in one
 * place, as an auditor reads it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { startStack, type Stack } from './harness.js';

let stack: Stack;
beforeAll(async () => {
  const production = configFromEnv({ NODE_ENV: 'production' });
  stack = await startStack({
    production: true,
    gateway: { graphiql: production.graphiql, introspection: production.introspection },
  });
});
afterAll(() => stack.close());

interface ProbeResponse {
  status: number;
  text: string;
  json: any;
}

async function send(init: RequestInit & { query?: string } = {}): Promise<ProbeResponse> {
  const url = new URL(`${stack.gateway.url}/graphql`);
  if (init.query) url.searchParams.set('query', init.query);
  const res = await fetch(url, init);
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: judged by its text.
  }
  return { status: res.status, text, json };
}

const postJson = (body: unknown) =>
  send({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const CHECKS: [string, () => Promise<boolean>][] = [
  [
    'introspection',
    async () =>
      (await postJson({ query: 'query cop { __schema { types { name } } }' })).json?.data?.__schema != null,
  ],
  [
    'circular introspection',
    async () =>
      (
        await postJson({
          query:
            'query cop { __schema { types { fields { type { fields { type { fields { type { fields { type { name } } } } } } } } } } }',
        })
      ).json?.data?.__schema != null,
  ],
  [
    'field suggestions',
    async () => {
      const responses = await Promise.all([
        postJson({ query: 'query cop { __schema { directive } }' }),
        postJson({ query: 'query cop { gamez { totalCount } }' }),
        postJson({ query: 'query cop { games(frist: 1) { totalCount } }' }),
      ]);
      return responses.some((a) => /did you mean/i.test(a.text));
    },
  ],
  [
    'alias overloading (101 aliases)',
    async () => {
      const aliases = Array.from({ length: 101 }, (_, i) => `alias${i}: __typename`).join('\n');
      return (await postJson({ query: `query cop { ${aliases} }` })).json?.data?.alias100 != null;
    },
  ],
  [
    'directive overloading (10 on one field)',
    async () =>
      (await postJson({ query: 'query cop { __typename @aa@aa@aa@aa@aa@aa@aa@aa@aa@aa }' })).json?.errors
        ?.length === 10,
  ],
  [
    'field duplication (500 times)',
    async () =>
      (await postJson({ query: `query cop { ${'__typename \n'.repeat(500)}}` })).json?.data?.__typename !=
      null,
  ],
  [
    'batching (10 operations in one request)',
    async () => {
      const response = await postJson(
        Array.from({ length: 10 }, () => ({ query: 'query cop { __typename }' })),
      );
      return Array.isArray(response.json) && response.json.length >= 10;
    },
  ],
  [
    'GET queries (CSRF)',
    async () => (await send({ query: 'query cop { __typename }' })).json?.data?.__typename != null,
  ],
  [
    'GET mutations (CSRF)',
    async () =>
      (await send({ query: 'mutation cop { __typename }', headers: { 'x-graphql-yoga-csrf': '1' } })).json
        ?.data?.__typename != null,
  ],
  [
    'url-encoded POST (CSRF)',
    async () =>
      (
        await send({
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ query: 'query cop { __typename }' }).toString(),
        })
      ).json?.data?.__typename != null,
  ],
  [
    'multipart POST (CSRF)',
    async () => {
      const form = new FormData();
      form.set('operations', JSON.stringify({ query: 'query cop { __typename }' }));
      form.set('map', '{}');
      return (await send({ method: 'POST', body: form })).json?.data?.__typename != null;
    },
  ],
  ['GraphiQL exposed', async () => /graphiql/i.test((await send({ headers: { accept: 'text/html' } })).text)],
  [
    'tracing or debug mode',
    async () => {
      const response = await postJson({ query: 'query cop { __typename }' });
      return response.json?.extensions?.tracing != null || response.json?.extensions?.debug != null;
    },
  ],
  [
    'stack traces and paths in errors',
    async () => {
      const responses = await Promise.all([
        postJson({ query: 'qwerty cop { abc }' }),
        postJson({
          query: '{ node(id: "X19wcm90b19fOjE") { id } tournament(id: "aGFzT3duUHJvcGVydHk6MQ") { id } }',
        }),
        postJson({ query: 5 }),
        postJson({ query: '{ games(first: $missing) { totalCount } }' }),
      ]);
      return responses.some(
        (a) => a.status >= 500 || /\bat \S+ \(|stacktrace|exception|\/gateway\/|node_modules/i.test(a.text),
      );
    },
  ],
  [
    'echoed request bodies',
    async () => {
      const response = await send({
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query": "{ __typename }", "marker-6f1c": ',
      });
      return response.text.includes('marker-6f1c');
    },
  ],
  [
    'oversize body (1 MB)',
    async () => {
      const response = await postJson({
        query: '{ __typename }',
        variables: { pad: 'x'.repeat(1024 * 1024) },
      });
      return response.status !== 413;
    },
  ],
  [
    'oversize list (2,000 features in a small body)',
    async () => {
      const response = await postJson({
        query: 'query cop($f: GameFilter) { games(filter: $f) { totalCount } }',
        variables: { f: { features: Array.from({ length: 2000 }, (_, i) => `f${i}`) } },
      });
      return (
        response.json?.data?.games != null ||
        response.json?.errors?.[0]?.extensions?.code !== 'BAD_USER_INPUT'
      );
    },
  ],
];

it('finds nothing in production mode', async () => {
  const found: string[] = [];
  for (const [name, check] of CHECKS) if (await check()) found.push(name);
  expect(found).toEqual([]);
});

it('still responses a plain query, so the checks above judge a working gateway', async () => {
  const response = await postJson({ query: 'query cop { __typename games(first: 1) { totalCount } }' });
  expect(response.json.data.__typename).toBe('Query');
  expect(response.json.data.games.totalCount).toBeGreaterThan(0);
});
