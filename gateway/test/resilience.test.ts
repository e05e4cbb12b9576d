/**
 * What clients notice when the backend misbehaves. Faults are injected into the real sandbox (POST /sandbox/faults);
 * responses the sandbox cannot give (an error field with status 200, bodies that are not JSON) come from a tiny
 * local HTTP server: a fake backend.
 *
 * What propagates: an upstream failure nulls the field that failed and adds an error with its path and
 * extensions.code. Every field that depends on a backend call is nullable (tournament(id:), node, viewer.wallet, and
 * the root lists and connections: tournaments, gameProviders, site, ...), so the failure stops there and the rest of
 * the query still resolves.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLError } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, type GatewayConfig } from '../src/config.js';
import { createGateway } from '../src/server.js';
import { UpstreamClient, type UpstreamCall } from '../src/upstream/client.js';
import { toGlobalId } from '../src/relay.js';
import { identity, startStack, type Stack } from './harness.js';

const tid = (n: number) => toGlobalId('Tournament', n);

interface FaultSpec {
  method: string;
  path: string;
  status?: number;
  delayMs?: number;
  times?: number;
}
async function fault(stack: Stack, spec: FaultSpec) {
  const res = await fetch(`${stack.sandbox.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(spec),
  });
  expect(res.status).toBe(201);
}
async function faultsLeft(stack: Stack): Promise<{ path: string; times: number | null }[]> {
  const res = await fetch(`${stack.sandbox.url}/sandbox/faults`);
  return ((await res.json()) as { faults: { path: string; times: number | null }[] }).faults;
}
const clearFaults = (stack: Stack) => fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });

async function newPlayerToken(stack: Stack): Promise<string> {
  const res = await fetch(`${stack.sandbox.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Resilient Player',
      email: `res${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`,
      password: 'correct-horse-9',
      ...identity('rest'),
    }),
  });
  return ((await res.json()) as { token: string }).token;
}

const TWO = `query($a: ID!, $b: ID!) { a: tournament(id: $a) { name } b: tournament(id: $b) { name } }`;

describe('upstream failures through the gateway', () => {
  let stack: Stack;
  beforeAll(async () => {
    // No public cache: each test meets the upstream as its faults make it, not a response an earlier test shared.
    stack = await startStack({ gateway: { upstreamTimeoutMs: 300, publicCacheTtlMs: 0 } });
  });
  afterEach(() => clearFaults(stack));
  afterAll(() => stack.close());

  it('nulls only the field whose upstream responded 500, with UPSTREAM_UNAVAILABLE; the rest still resolves', async () => {
    await fault(stack, { method: 'GET', path: '/api/tournaments/1', status: 500 });
    const res = await stack.gql(
      `query($a: ID!, $b: ID!) {
      a: tournament(id: $a) { name } b: tournament(id: $b) { name }
      tournaments(first: 100) { totalCount edges { node { tournamentId } } }
    }`,
      { a: tid(1), b: tid(2) },
    );
    expect(res.status).toBe(200);
    expect(res.data.a).toBeNull();
    expect(res.data.b).toEqual({ name: 'High Roller Showdown' });
    expect(res.data.tournaments.totalCount).toBe(10);
    expect(res.data.tournaments.edges).toHaveLength(10);
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0]).toMatchObject({ path: ['a'], extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
    // The backend's own text never reaches the client; the gateway's does.
    expect(res.errors![0].message).not.toContain('Injected');
  });

  it('nulls only a failing root list; everything else in the same query still resolves', async () => {
    await fault(stack, { method: 'GET', path: '/api/tournaments', status: 500 });
    const res = await stack.gql(
      `query($a: ID!) {
        tournaments { edges { node { name } } }
        a: tournament(id: $a) { name }
        gameProviders { product }
        site { timeZone }
      }`,
      { a: tid(1) },
    );
    expect(res.status).toBe(200);
    expect(res.data.tournaments).toBeNull();
    expect(res.data.a).toEqual({ name: 'Weekend Spin Frenzy' });
    expect(res.data.gameProviders).toHaveLength(15);
    expect(res.data.site).toEqual({ timeZone: 'Africa/Johannesburg' });
    expect(res.errors?.map((e: any) => e.extensions.code)).toEqual(['UPSTREAM_UNAVAILABLE']);
    expect(res.errors![0].path).toEqual(['tournaments']);
    expect(res.errors![0].message).not.toContain('Injected');
  });

  it('gives up on a slow upstream within its time bound, while other fields still resolve', async () => {
    await fault(stack, { method: 'GET', path: '/api/tournaments/2', delayMs: 4000 });
    const started = Date.now();
    const res = await stack.gql(TWO, { a: tid(2), b: tid(3) });
    const elapsed = Date.now() - started;
    // The 300 ms bound, far below the 4 s the casino takes (with room for a loaded machine).
    expect(elapsed).toBeLessThan(2000);
    expect(res.data).toEqual({ a: null, b: { name: 'Friday Cash Drop Race' } });
    expect(res.errors![0]).toMatchObject({ path: ['a'], extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
  });

  it('turns an upstream 401 into UNAUTHENTICATED', async () => {
    const bad = await stack.gql(
      `{ tournaments { edges { node { name } } } }`,
      {},
      { token: 'not-a-real-token' },
    );
    expect(bad.errors?.[0]).toMatchObject({ path: ['tournaments'], extensions: { code: 'UNAUTHENTICATED' } });
    expect(bad.data).toEqual({ tournaments: null });

    await fault(stack, { method: 'GET', path: '/api/tournaments/1', status: 401 });
    const res = await stack.gql(TWO, { a: tid(1), b: tid(2) });
    expect(res.data).toEqual({ a: null, b: { name: 'High Roller Showdown' } });
    expect(res.errors![0]).toMatchObject({ path: ['a'], extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('turns an upstream 404 into NOT_FOUND for a change, and into null for a read', async () => {
    const token = await newPlayerToken(stack);
    const join = await stack.gql(
      `mutation($id: ID!) { joinTournament(input: { tournamentId: $id }) { tournament { id } } }`,
      { id: tid(424_242) },
      { token },
    );
    expect(join.errors?.[0]).toMatchObject({
      message: 'Tournament not found.',
      extensions: { code: 'NOT_FOUND' },
    });
    const read = await stack.gql(TWO, { a: tid(424_242), b: tid(1) });
    expect(read.errors).toBeUndefined();
    expect(read.data.a).toBeNull();
  });

  it('retries a failed GET once, and never a POST', async () => {
    await fault(stack, { method: 'GET', path: '/api/tournaments/1', status: 503, times: 5 });
    const read = await stack.gql(TWO, { a: tid(1), b: tid(2) });
    expect(read.errors![0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');
    expect((await faultsLeft(stack))[0]?.times).toBe(3); // the first try and one retry
    await clearFaults(stack);

    const token = await newPlayerToken(stack);
    await fault(stack, { method: 'POST', path: '/api/tournaments/1', status: 503, times: 5 });
    const join = await stack.gql(
      `mutation($id: ID!) { joinTournament(input: { tournamentId: $id }) { tournament { id } } }`,
      { id: tid(1) },
      { token },
    );
    expect(join.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect((await faultsLeft(stack))[0]?.times).toBe(4); // one try only: a join must never happen twice
  });

  it('retries a GET that failed once and responds as if nothing happened', async () => {
    await fault(stack, { method: 'GET', path: '/api/tournaments/1', status: 502, times: 1 });
    const res = await stack.gql(TWO, { a: tid(1), b: tid(2) });
    expect(res.errors).toBeUndefined();
    expect(res.data.a).toEqual({ name: 'Weekend Spin Frenzy' });
  });
});

describe('readiness', () => {
  it('is 503 while the upstream is down and 200 once it responds', async () => {
    // A port nothing listens on: bind one, then close it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const gateway = await createGateway({
      config: {
        port: 0,
        host: '127.0.0.1',
        casinoApiUrl: `http://127.0.0.1:${closedPort}`,
        upstreamTimeoutMs: 500,
      },
    });
    try {
      expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${gateway.url}/readyz`)).status).toBe(503);
      const res = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `query($a: ID!) { tournament(id: $a) { name } }`,
          variables: { a: tid(1) },
        }),
      });
      const body = (await res.json()) as any;
      expect(body.errors[0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');
    } finally {
      await gateway.close();
    }
  });
});

/** A fake backend responding with whatever each test sets, and counting calls per method and path. */
class FakeBackend {
  server: Server;
  hits = new Map<string, number>();
  handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('{}');
  url = '';
  constructor() {
    this.server = createServer((req, res) => {
      const key = `${req.method} ${req.url}`;
      this.hits.set(key, (this.hits.get(key) ?? 0) + 1);
      this.handler(req, res);
    });
  }
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  reply(status: number, body: string) {
    this.handler = (_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
  }
  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe('UpstreamClient against a fake backend', () => {
  const backend = new FakeBackend();
  let client: UpstreamClient;
  beforeAll(async () => {
    await backend.start();
    // Every other setting at its default, so settings added later need no change here.
    const config: GatewayConfig = {
      ...configFromEnv({}),
      casinoApiUrl: backend.url,
      upstreamTimeoutMs: 300,
      publicCacheTtlMs: 0,
      pusherUrl: backend.url,
    };
    client = new UpstreamClient(config);
  });
  afterEach(() => backend.hits.clear());
  afterAll(() => backend.close());

  /** The GraphQL error a call fails with (code and message), or null when it succeeds. */
  async function failure(call: UpstreamCall = { method: 'GET', path: '/api/thing' }) {
    try {
      await client.call(call);
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(GraphQLError);
      const e = err as GraphQLError;
      return { code: e.extensions.code, message: e.message };
    }
  }

  it('returns the parsed body on success', async () => {
    backend.reply(200, '{"data":[1,2]}');
    expect(await client.call({ method: 'GET', path: '/api/thing' })).toEqual({ data: [1, 2] });
  });

  it('counts a 200 response whose body has an error field as a failure, with its text', async () => {
    backend.reply(200, '{"error":"Coupon code is not valid."}');
    expect(await failure()).toEqual({ code: 'BAD_USER_INPUT', message: 'Coupon code is not valid.' });
  });

  it('maps statuses to codes and takes the message from error, then message, then a default', async () => {
    const cases: [number, string, string, string][] = [
      [401, '{"error":"Unauthenticated."}', 'UNAUTHENTICATED', 'Unauthenticated.'],
      [403, '{"error":"Not yours."}', 'FORBIDDEN', 'Not yours.'],
      [404, '{"error":"Tournament not found."}', 'NOT_FOUND', 'Tournament not found.'],
      [422, '{"message":"The given data was invalid."}', 'BAD_USER_INPUT', 'The given data was invalid.'],
      [422, '{}', 'BAD_USER_INPUT', 'An error occurred'],
      [429, '{"error":"Too many attempts."}', 'RATE_LIMITED', 'Too many attempts.'],
    ];
    for (const [status, body, code, message] of cases) {
      backend.reply(status, body);
      expect({ status, ...(await failure()) }).toEqual({ status, code, message });
    }
  });

  it('treats a 5xx, a body that is not JSON, a timeout and a refused connection as UPSTREAM_UNAVAILABLE', async () => {
    backend.reply(500, '{"error":"SQLSTATE[HY000] secret details"}');
    expect(await failure()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect((await failure())?.message).not.toContain('SQLSTATE');
    backend.reply(200, '<html>maintenance</html>');
    expect(await failure()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });

    backend.handler = (_req, res) => setTimeout(() => res.end('{}'), 3000);
    const started = Date.now();
    expect(await failure()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(2000);

    const closed = new UpstreamClient({ ...client.config, casinoApiUrl: 'http://127.0.0.1:1' });
    await expect(closed.call({ method: 'GET', path: '/api/thing' })).rejects.toMatchObject({
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  });

  it('retries a GET once on 503 but never a POST or PUT', async () => {
    backend.reply(503, '{"error":"busy"}');
    await failure({ method: 'GET', path: '/api/thing' });
    await failure({ method: 'POST', path: '/api/thing' });
    await failure({ method: 'PUT', path: '/api/thing' });
    expect(Object.fromEntries(backend.hits)).toEqual({
      'GET /api/thing': 2,
      'POST /api/thing': 1,
      'PUT /api/thing': 1,
    });
  });

  it('sends the bearer token and the idempotency key in headers', async () => {
    let seen: IncomingMessage['headers'] = {};
    backend.handler = (req, res) => {
      seen = req.headers;
      res.end('{}');
    };
    await client.call({ method: 'POST', path: '/api/deposit', token: 'tok', idempotencyKey: 'k1', json: {} });
    expect(seen.authorization).toBe('Bearer tok');
    expect(seen['idempotency-key']).toBe('k1');
  });
});
