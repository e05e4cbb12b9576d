/**
 * Persisted operations (persisted-operations.ts): the site sends each operation's id in Relay's format (`doc_id`)
 * over HTTP and graphql-ws, and the gateway runs the document its persisted file holds for it. With
 * PERSISTED_OPERATIONS_ONLY nothing else runs; otherwise partner tools' documents still do. The file here is
 * written the way relay-compiler writes it (id: the SHA-256 of the text, hex).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { toGlobalId } from '../src/relay.js';
import { createGateway } from '../src/server.js';
import { liveClient, sandboxPost, startStack, until, type Stack } from './harness.js';
import { serverArgs } from '../../scripts/prebuilt-servers.js';

const GAMES = `query PersistedGames($first: Int!) {
  games(first: $first, sort: ALPHA_ASC) { totalCount edges { node { id name } } }
}`;
const PROVIDERS = `query PersistedProviders($first: Int!) {
  games(first: $first, sort: ALPHA_DESC) { edges { node { id name } } }
  gameProviders { shortname }
}`;
const WATCH = `subscription PersistedWatch($id: ID!) {
  tournamentUpdated(id: $id) { id name usersCount }
}`;
/** Not in the file at first: the site rebuilt while the gateway runs. */
const LATER = `query PersistedLater { gameProviders { shortname } }`;

const idOf = (text: string) => createHash('sha256').update(text).digest('hex');
const UNKNOWN = idOf('query Unknown { __typename }');
const TOURNAMENT = toGlobalId('Tournament', 1);

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'persisted-'));
const file = path.join(folder, 'persisted-operations.json');
const writeFile = (texts: string[]) =>
  fs.writeFileSync(file, JSON.stringify(Object.fromEntries(texts.map((t) => [idOf(t), t])), null, 2));
writeFile([GAMES, PROVIDERS, WATCH]);
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** POST /graphql with any body, accepting the GraphQL response media type as the site does. */
async function post(stack: Stack, body: unknown) {
  const res = await fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, ...((await res.json()) as any) };
}

const byId = (stack: Stack, text: string, variables: Record<string, unknown> = {}) =>
  post(stack, { doc_id: idOf(text), variables });

/** One operation over graphql-ws as the site sends it: its id, with the empty query graphql-ws requires. */
function overSocket(stack: Stack, payload: Record<string, unknown>) {
  const client = liveClient(stack);
  return new Promise<{ results: any[]; errors?: any }>((resolve) => {
    const results: any[] = [];
    client.subscribe(payload as any, {
      next: (r) => results.push(r),
      error: (errors) => resolve({ results, errors }),
      complete: () => resolve({ results }),
    });
  }).finally(() => client.dispose());
}

const codeOf = (errors: any) => (Array.isArray(errors) ? errors[0]?.extensions?.code : undefined);

describe('persisted operations, documents allowed too', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ gateway: { persistedOperationsFile: file } });
  });
  afterAll(() => stack.close());

  it('runs an operation sent by its doc_id as if its document had been sent', async () => {
    const persisted = await byId(stack, GAMES, { first: 3 });
    expect(persisted.status).toBe(200);
    expect(persisted.errors).toBeUndefined();
    expect(persisted.data.games.edges).toHaveLength(3);
    const whole = await stack.gql(GAMES, { first: 3 });
    expect(persisted.data).toEqual(whole.data);
  });

  it("runs a query sent by id as a GET, the site's way, and refuses an unknown id there the same way", async () => {
    const get = (params: Record<string, string>, headers: Record<string, string> = { 'x-csrf-token': 't' }) =>
      fetch(`${stack.gateway.url}/graphql?${new URLSearchParams(params)}`, {
        headers: { accept: 'application/graphql-response+json, application/json', ...headers },
      });
    const res = await get({ doc_id: idOf(GAMES), variables: JSON.stringify({ first: 3 }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual((await stack.gql(GAMES, { first: 3 })).data);

    const unknown = await get({ doc_id: UNKNOWN });
    expect(unknown.status).toBe(400);
    expect(codeOf(((await unknown.json()) as any).errors)).toBe('PERSISTED_QUERY_NOT_FOUND');
    // A GET without a CSRF header runs nothing, id or not.
    const bare = await get({ doc_id: idOf(GAMES), variables: JSON.stringify({ first: 3 }) }, {});
    expect(bare.status).toBe(403);
    expect(((await bare.json()) as any).data).toBeUndefined();
  });

  it('responds to an unknown id with PERSISTED_QUERY_NOT_FOUND, a request error, not a 500', async () => {
    const response = await post(stack, { doc_id: UNKNOWN, variables: {} });
    expect(response.status).toBe(400);
    expect(response.data).toBeUndefined();
    expect(response.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/unknown operation id/i),
        extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' },
      }),
    ]);
    // Inherited property names are not ids either.
    for (const doc_id of ['__proto__', 'constructor', 'toString']) {
      expect(codeOf((await post(stack, { doc_id })).errors)).toBe('PERSISTED_QUERY_NOT_FOUND');
    }
  });

  it("still runs a partner's document, and says what is missing when neither a query nor an id is sent", async () => {
    const partner = await stack.gql('{ gameProviders { shortname } }');
    expect(partner.errors).toBeUndefined();
    expect(partner.data.gameProviders.length).toBeGreaterThan(0);

    for (const body of [{ variables: {} }, { doc_id: 42 }, { query: '' }]) {
      const response = await post(stack, body);
      expect(response.status).toBe(400);
      expect(response.errors[0]).toMatchObject({
        message: 'Must provide a query or a doc_id.',
        extensions: { code: 'BAD_REQUEST' },
      });
    }
  });

  it("keys a guest's kept result by the document an id names: no two ids share one, an id and its document do", async () => {
    // The key holds the clock's second: a pair that straddles a second is two results, so then try once more.
    let first: any, again: any, other: any, whole: any;
    for (
      let tries = 0;
      tries < 2 && !(again?.extensions?.responseCache?.hit && whole?.extensions?.responseCache?.hit);
      tries++
    ) {
      first = await byId(stack, GAMES, { first: 2 });
      again = await byId(stack, GAMES, { first: 2 });
      other = await byId(stack, PROVIDERS, { first: 2 });
      whole = await stack.gql(GAMES, { first: 2 });
    }
    expect(again.extensions.responseCache.hit).toBe(true);
    expect(again.data).toEqual(first.data);
    expect(again.extensions.upstreamCalls).toEqual([]);
    // Same variables, another document: its own result, not the games list kept for the first id.
    expect(other.errors).toBeUndefined();
    expect(other.data.gameProviders.length).toBeGreaterThan(0);
    expect(other.data.games.edges).not.toEqual(first.data.games.edges);
    expect(whole.extensions.responseCache.hit).toBe(true);
    expect(whole.data).toEqual(first.data);
  });

  it('runs operations sent by id over graphql-ws: a query, and a guest watching a tournament', async () => {
    const query = await overSocket(stack, { query: '', doc_id: idOf(GAMES), variables: { first: 2 } });
    expect(query.errors).toBeUndefined();
    expect(query.results).toHaveLength(1);
    expect(query.results[0].data.games.edges).toHaveLength(2);

    const client = liveClient(stack);
    const results: any[] = [];
    const stop = client.subscribe({ query: '', doc_id: idOf(WATCH), variables: { id: TOURNAMENT } } as any, {
      next: (r) => results.push(r),
      error: () => {},
      complete: () => {},
    });
    await until(
      () => stack.sandbox.pusher.subscriberCount('tournament.1') === 1,
      'the upstream subscription',
    );
    await sandboxPost(stack, '/sandbox/publish', {
      channel: 'tournament.1',
      event: 'tournamentUpdated',
      data: { refresh: true },
    });
    await until(() => results.length > 0, 'a pushed tournament');
    expect(results[0].errors).toBeUndefined();
    expect(results[0].data.tournamentUpdated).toMatchObject({ id: TOURNAMENT, name: expect.any(String) });
    stop();
    await client.dispose();
  });

  it('refuses an unknown id over graphql-ws with PERSISTED_QUERY_NOT_FOUND and still runs a document', async () => {
    const unknown = await overSocket(stack, { query: '', doc_id: UNKNOWN });
    expect(codeOf(unknown.errors)).toBe('PERSISTED_QUERY_NOT_FOUND');
    const document = await overSocket(stack, { query: GAMES, variables: { first: 1 } });
    expect(document.errors).toBeUndefined();
    expect(document.results[0].data.games.edges).toHaveLength(1);
  });

  it('serves an operation added by a rebuild of the site without a restart', async () => {
    // `npm run relay` empties the file first: meanwhile the operations loaded before still run.
    fs.writeFileSync(file, '{}');
    expect(codeOf((await post(stack, { doc_id: UNKNOWN })).errors)).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect((await byId(stack, GAMES, { first: 1 })).data.games.edges).toHaveLength(1);

    writeFile([GAMES, PROVIDERS, WATCH, LATER]);
    const later = await byId(stack, LATER);
    expect(later.errors).toBeUndefined();
    expect(later.data.gameProviders.length).toBeGreaterThan(0);
  });
});

describe('PERSISTED_OPERATIONS_ONLY', () => {
  let stack: Stack;
  beforeAll(async () => {
    writeFile([GAMES, PROVIDERS, WATCH]);
    stack = await startStack({ gateway: { persistedOperationsFile: file, persistedOperationsOnly: true } });
  });
  afterAll(() => stack.close());

  it("runs the site's operations by id over HTTP and graphql-ws", async () => {
    const http = await byId(stack, GAMES, { first: 2 });
    expect(http.errors).toBeUndefined();
    expect(http.data.games.edges).toHaveLength(2);
    const socket = await overSocket(stack, { query: '', doc_id: idOf(GAMES), variables: { first: 2 } });
    expect(socket.errors).toBeUndefined();
    expect(socket.results[0].data).toEqual(http.data);
  });

  it('refuses any document over HTTP, even one the file holds, with PERSISTED_QUERY_ONLY', async () => {
    for (const query of ['{ gameProviders { shortname } }', GAMES]) {
      const response = await post(stack, { query, variables: { first: 2 } });
      expect(response.status).toBe(400);
      expect(response.data).toBeUndefined();
      expect(response.errors).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/only the site's persisted operations/),
          extensions: { code: 'PERSISTED_QUERY_ONLY' },
        }),
      ]);
    }
    // As a GET too (a partner's or a crawler's).
    const get = await fetch(
      `${stack.gateway.url}/graphql?${new URLSearchParams({ query: '{ gameProviders { shortname } }' })}`,
      { headers: { accept: 'application/graphql-response+json', 'x-graphql-yoga-csrf': '1' } },
    );
    expect(codeOf(((await get.json()) as any).errors)).toBe('PERSISTED_QUERY_ONLY');
  });

  it('refuses an unknown id and a request with neither, over HTTP', async () => {
    const unknown = await post(stack, { doc_id: UNKNOWN });
    expect(unknown.status).toBe(400);
    expect(codeOf(unknown.errors)).toBe('PERSISTED_QUERY_NOT_FOUND');
    const neither = await post(stack, { variables: {} });
    expect(neither.status).toBe(400);
    expect(codeOf(neither.errors)).toBe('PERSISTED_QUERY_ID_REQUIRED');
  });

  it('refuses a document, an unknown id and neither over graphql-ws, and the socket stays open', async () => {
    const client = liveClient(stack);
    const run = (payload: Record<string, unknown>) =>
      new Promise<any>((resolve) => {
        client.subscribe(payload as any, {
          next: () => {},
          error: (errors) => resolve(errors),
          complete: () => resolve(undefined),
        });
      });
    expect(codeOf(await run({ query: WATCH, variables: { id: TOURNAMENT } }))).toBe('PERSISTED_QUERY_ONLY');
    expect(codeOf(await run({ query: '', doc_id: UNKNOWN }))).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(codeOf(await run({ query: '' }))).toBe('PERSISTED_QUERY_ID_REQUIRED');
    expect(stack.gateway.sockets()).toBe(1);
    expect(await run({ query: '', doc_id: idOf(GAMES), variables: { first: 1 } })).toBeUndefined();
    await client.dispose();
  });
});

describe('the persisted operations file at start', () => {
  const start = (config: Record<string, unknown>) =>
    createGateway({ config: { port: 0, host: '127.0.0.1', ...config } });

  it('stops the start, naming the setting, when the file named is missing or not a persisted operations file', async () => {
    const missing = path.join(folder, 'missing.json');
    await expect(start({ persistedOperationsFile: missing })).rejects.toThrow(
      `PERSISTED_OPERATIONS_FILE: ${missing} does not exist.`,
    );
    const cases: Array<[string, RegExp]> = [
      ['{"abc": ', /is not JSON/],
      ['["query { __typename }"]', /must map each operation's id to its document text/],
      ['{"abc": 1}', /has an entry "abc" that/],
      ['{"not an id!": "query { __typename }"}', /is not an operation id/],
      ['{"abc": "query {"}', /has an operation abc that is not a GraphQL document/],
    ];
    for (const [text, message] of cases) {
      const bad = path.join(folder, 'bad.json');
      fs.writeFileSync(bad, text);
      await expect(start({ persistedOperationsFile: bad })).rejects.toThrow(message);
    }
  });

  it('stops the start in persisted-only mode when there is no operation to run', async () => {
    const empty = path.join(folder, 'empty.json');
    fs.writeFileSync(empty, '{}');
    await expect(start({ persistedOperationsFile: empty, persistedOperationsOnly: true })).rejects.toThrow(
      `PERSISTED_OPERATIONS_ONLY needs the site's persisted operations, and there are none in ${empty}`,
    );
  });

  it('makes `npm run gateway` exit 2 with one line naming the setting, no stack trace', async () => {
    const missing = path.join(folder, 'missing.json');
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      execFile(
        process.execPath,
        serverArgs('gateway/src/main.ts', 'src/main.ts'),
        {
          cwd: path.join(import.meta.dirname, '..'),
          env: { ...process.env, GATEWAY_PORT: '0', PERSISTED_OPERATIONS_FILE: missing },
          timeout: 30_000,
        },
        (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, output: stdout + stderr }),
      );
    });
    expect(code).toBe(2);
    expect(output.trim()).toBe(`PERSISTED_OPERATIONS_FILE: ${missing} does not exist.`);
  });

  it('reads PERSISTED_OPERATIONS_FILE and PERSISTED_OPERATIONS_ONLY from the environment', () => {
    expect(configFromEnv({})).toMatchObject({
      persistedOperationsFile: null,
      persistedOperationsOnly: false,
    });
    expect(configFromEnv({ PERSISTED_OPERATIONS_FILE: file, PERSISTED_OPERATIONS_ONLY: '1' })).toMatchObject({
      persistedOperationsFile: file,
      persistedOperationsOnly: true,
    });
    expect(() => configFromEnv({ PERSISTED_OPERATIONS_ONLY: 'yes' })).toThrow(
      /PERSISTED_OPERATIONS_ONLY: must be 0 or 1/,
    );
    expect(() => configFromEnv({ PERSISTED_OPERATIONS_FILE: ' ' })).toThrow(
      /PERSISTED_OPERATIONS_FILE: must name/,
    );
  });
});
