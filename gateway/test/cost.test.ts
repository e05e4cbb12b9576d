/**
 * An operation's cost counts what it can return (src/operations/cost.ts): each object times the sizes of the lists
 * above it (`first`, the ids given to `nodes`, a connection's default page). Over QUERY_LIMITS.maxCost it is refused
 * before it runs, over every transport; every response says what it cost (extensions.cost). The issue: 100 `nodes`
 * ids each asking for 100 similar games passed the depth-based cost, took 460-660 ms and 1.6 MB each, and twenty at
 * once held /healthz for 20-44 s.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/observability/logging.js';
import { operationCost } from '../src/operations/cost.js';
import { QUERY_LIMITS } from '../src/operations/limits.js';
import { buildGatewaySchema } from '../src/schema.js';
import { liveClient, signUp, startStack, subscribe, until, type Stack } from './harness.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const schema = buildGatewaySchema();
const cost = (query: string, variables?: Record<string, unknown>, operationName?: string) =>
  operationCost(schema, parse(query), operationName, variables);

const hundredIds = (ids: string[]) => ids.map((id) => JSON.stringify(id)).join(', ');
const NODES = (ids: string[]) =>
  `{ nodes(ids: [${hundredIds(ids)}]) { id ... on Game { name similarGames(first: 100) { id name provider { name } } } } }`;
const GAMES_40 = '{ games(first: 40) { edges { node { similarGames(first: 100) { id name } } } } }';

describe('the cost of an operation', () => {
  it('multiplies by the ids given to nodes and by first, nested lists multiplied', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `g${i}`);
    // 100 nodes, each with 100 similar games and each of those its provider.
    expect(cost(NODES(ids))).toBe(100 * (1 + 100 * 2));
    expect(cost(NODES(ids.slice(0, 3)))).toBe(3 * (1 + 100 * 2));
    // One connection, 40 edges, each a node with 100 similar games.
    expect(cost(GAMES_40)).toBe(1 + 40 * (1 + 1 + 100));
    expect(cost(GAMES_40)).toBeGreaterThan(QUERY_LIMITS.maxCost);
    // Scalars cost nothing; a connection without first counts its default page (games: 30).
    expect(cost('{ games { totalCount edges { node { id name } } } }')).toBe(1 + 30 * 2);
  });

  it('counts first from the variables, their defaults and the argument’s default', () => {
    const query = 'query Page($n: Int) { games(first: $n) { edges { node { id } } } }';
    expect(cost(query, { n: 3 })).toBe(1 + 3 * 2);
    expect(cost(query, { n: 100 })).toBe(1 + 100 * 2);
    // Not sent: the argument's default (30); more than relay.ts allows: its maximum (100).
    expect(cost(query, {})).toBe(1 + 30 * 2);
    expect(cost(query, { n: 5000 })).toBe(1 + 100 * 2);
    expect(cost('query Page($n: Int = 7) { games(first: $n) { edges { node { id } } } }')).toBe(1 + 7 * 2);
    const nodes = 'query Nodes($ids: [ID!]!) { nodes(ids: $ids) { id } }';
    expect(cost(nodes, { ids: ['a', 'b', 'c', 'd'] })).toBe(4);
  });

  it('prices fragments as their fields inline, and the dearest branch of an interface', () => {
    const inline =
      '{ games(first: 10) { edges { node { id provider { name } similarGames(first: 5) { id } } } } }';
    const fragments = `{ games(first: 10) { ...Page } }
      fragment Page on GameConnection { edges { node { ...Card ... on Game { similarGames(first: 5) { id } } } } }
      fragment Card on Game { id provider { name } }`;
    expect(cost(fragments)).toBe(cost(inline));
    // nodes: a Game branch and a Tournament branch; the dearer counts, not both.
    const branches = `{ nodes(ids: ["a"]) {
      ... on Game { similarGames(first: 50) { id } }
      ... on Tournament { leaderboard(first: 10) { edges { node { id } } } } } }`;
    expect(cost(branches)).toBe(1 + 50);
  });

  it('lets introspection (GraphiQL’s schema query) cost nothing', () => {
    expect(cost('{ __schema { types { name fields { name type { name ofType { name } } } } } }')).toBe(0);
    expect(cost('{ __type(name: "Game") { fields { name } } site { timeZone } }')).toBe(1);
  });

  it('keeps every site screen and partner operation within the maximum', () => {
    const documents: [string, DocumentNode][] = [];
    // Written by `npm run relay -w web` (npm test runs it before the suites).
    const file = path.join(repo, 'web/src/__generated__/persisted-operations.json');
    expect(fs.existsSync(file), `${file}: run npm run relay -w web first`).toBe(true);
    const site = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    for (const text of Object.values(site)) documents.push(['site', parse(text)]);
    documents.push([
      'docs/screens.graphql',
      parse(fs.readFileSync(path.join(repo, 'docs/screens.graphql'), 'utf8')),
    ]);
    const partners = path.join(repo, 'docs/partner-operations');
    for (const file of fs.readdirSync(partners).filter((f) => f.endsWith('.graphql'))) {
      documents.push([file, parse(fs.readFileSync(path.join(partners, file), 'utf8'))]);
    }
    let heaviest = 0;
    for (const [where, document] of documents) {
      for (const definition of document.definitions) {
        if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
        const found = operationCost(schema, document, definition.name?.value);
        expect(found, `${where} ${definition.name?.value}`).toBeLessThanOrEqual(QUERY_LIMITS.maxCost);
        heaviest = Math.max(heaviest, found);
      }
    }
    // The heaviest is a real screen (docs/screens.graphql's tournaments), not a trivial one.
    expect(heaviest).toBeGreaterThan(500);
    expect(Object.keys(site).length).toBeGreaterThan(20);
  });
});

const GRAPHQL_RESPONSE = 'application/graphql-response+json';
/** A literal nested 2,000 deep (8 KB): it overflowed graphql-js's recursive parser before the nesting limit. */
const DEEP = `{ games(filter: ${'['.repeat(2000)}1${']'.repeat(2000)}) { totalCount } }`;

describe('over the gateway', () => {
  let stack: Stack;
  const lines: Record<string, any>[] = [];
  let gameIds: string[] = [];
  beforeAll(async () => {
    stack = await startStack({
      production: true,
      logger: createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) }),
    });
    const page = await stack.gql('{ games(first: 100) { edges { node { id } } } }');
    gameIds = page.data.games.edges.map((e: any) => e.node.id);
  });
  afterAll(() => stack?.close());

  /** The first event of a server-sent event stream's response to a POST. */
  const firstEvent = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query, variables }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const line = (await res.text()).split('\n').find((l) => l.startsWith('data:') && l.length > 6)!;
    return JSON.parse(line.slice(5)) as any;
  };

  const post = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: GRAPHQL_RESPONSE },
      body: JSON.stringify({ query, variables }),
    });
    return {
      status: res.status,
      requestId: res.headers.get('x-request-id'),
      body: (await res.json()) as any,
    };
  };

  it('refuses the nodes shape before it runs, naming its cost and the maximum (HTTP 400, SSE, graphql-ws)', async () => {
    expect(gameIds).toHaveLength(100);
    const refused = await post(NODES(gameIds));
    expect(refused.status).toBe(400);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors).toHaveLength(1);
    expect(refused.body.errors[0].extensions).toMatchObject({
      code: 'QUERY_LIMIT_EXCEEDED',
      limit: 'maxCost',
      max: QUERY_LIMITS.maxCost,
      cost: 20_100,
    });
    expect(refused.body.errors[0].message).toBe(
      `Query Cost limit of ${QUERY_LIMITS.maxCost} exceeded, found 20100.`,
    );
    const overSse = await firstEvent(NODES(gameIds));
    expect(overSse.errors[0].extensions).toMatchObject({ limit: 'maxCost', cost: 20_100 });
    const games = await post(GAMES_40);
    expect(games.status).toBe(400);
    expect(games.body.errors[0].extensions).toMatchObject({ limit: 'maxCost', cost: 4081 });

    const client = liveClient(stack);
    try {
      const { errors } = await subscribe(client, NODES(gameIds)).next();
      expect(errors[0].extensions).toMatchObject({
        code: 'QUERY_LIMIT_EXCEEDED',
        limit: 'maxCost',
        cost: 20_100,
      });
    } finally {
      await client.dispose();
    }
  });

  it('reports each response’s cost, over HTTP, server-sent events, graphql-ws and from the guests’ cache', async () => {
    const query = 'query Few($n: Int) { games(first: $n) { edges { node { id name } } } }';
    const answered = await post(query, { n: 4 });
    expect(answered.status).toBe(200);
    expect(answered.body.extensions.cost).toBe(1 + 4 * 2);
    expect((await firstEvent(query, { n: 3 })).extensions.cost).toBe(1 + 3 * 2);

    // A guest's repeat within the second is a hit, with the same cost (a pair straddling a second is tried again).
    let hit: any;
    for (let tries = 0; tries < 3 && hit?.extensions?.responseCache?.hit !== true; tries++) {
      await stack.gql(query, { n: 5 });
      hit = await stack.gql(query, { n: 5 });
    }
    expect(hit.extensions.responseCache.hit).toBe(true);
    expect(hit.extensions.cost).toBe(1 + 5 * 2);

    const { token } = await signUp(stack);
    const client = liveClient(stack, token);
    try {
      const op = subscribe(client, query, { n: 2 });
      expect((await op.next()).extensions.cost).toBe(1 + 2 * 2);
      await op.ended;
      // A subscription's events each say what the subscription costs: the event and its viewer.
      const live = subscribe(
        client,
        'subscription { viewerEvents(catchUp: true) { name ... on ViewerSnapshotEvent { viewer { id } } } }',
      );
      expect((await live.next()).extensions.cost).toBe(2);
      live.stop();
    } finally {
      await client.dispose();
    }
  });

  it('answers /healthz while hostile shapes arrive over HTTP and graphql-ws; one log line each, no stack', async () => {
    const from = lines.length;
    const client = liveClient(stack);
    try {
      const hostile = [
        ...Array.from({ length: 10 }, () => post(NODES(gameIds))),
        ...Array.from({ length: 5 }, () => post(DEEP)),
      ];
      const sockets = [
        // Refused at execution, the error is a result; refused at parsing, it ends the operation.
        ...Array.from({ length: 5 }, () => subscribe(client, NODES(gameIds)).next()),
        ...Array.from({ length: 5 }, () => subscribe(client, DEEP).ended),
      ];
      const probe = fetch(`${stack.gateway.url}/healthz`);
      const [http, ws, health] = await Promise.all([Promise.all(hostile), Promise.all(sockets), probe]);
      expect(health.status).toBe(200);
      for (const res of http) {
        expect(res.status).toBe(400);
        expect(res.body.errors[0].extensions.code).toBe('QUERY_LIMIT_EXCEEDED');
      }
      for (const { errors } of ws) expect(errors[0].extensions.code).toBe('QUERY_LIMIT_EXCEEDED');
      // Each refused request has its one line: HTTP by its request id, graphql-ws by its operation line.
      // (The socket of the test before may still log its subscription's end: only refusals are counted.)
      const refusedOnSockets = () =>
        lines.slice(from).filter((l) => l.transport === 'ws' && l.codes?.includes('QUERY_LIMIT_EXCEEDED'));
      await until(() => refusedOnSockets().length >= 10, 'the sockets’ lines');
      const mine = lines.slice(from);
      for (const { requestId } of http) {
        expect(mine.filter((l) => l.requestId === requestId)).toHaveLength(1);
      }
      expect(refusedOnSockets()).toHaveLength(10);
      for (const line of refusedOnSockets()) expect(line.codes).toEqual(['QUERY_LIMIT_EXCEEDED']);
      const text = JSON.stringify(mine);
      expect(text).not.toMatch(/RangeError|Maximum call stack|\bat .+\.js:\d+/);
      expect(mine.filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      await client.dispose();
    }
  });
});
