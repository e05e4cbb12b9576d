/**
 * What an operator sees of the gateway: a request id that follows each request from the client through the gateway
 * to the casino backend and back, JSON log lines that carry it and never a token or password, Prometheus metrics at
 * /metrics, and OpenTelemetry traces of an operation and its upstream calls when an exporter is configured.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../sandbox/src/app.js';
import { createLogger } from '../src/observability/logging.js';
import { toGlobalId } from '../src/relay.js';
import { liveClient, signUp, startStack, subscribe, until, type Stack } from './harness.js';
import { serverArgs } from '../../scripts/prebuilt-servers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOURNAMENTS = `query Tournaments { tournaments(first: 2) { edges { node { id name } } } }`;

/** A pass-through in front of the sandbox that notes what each call to the backend carried. */
class RecordingProxy {
  server: Server;
  url = '';
  target = '';
  calls: { method: string; path: string; headers: IncomingHttpHeaders }[] = [];
  constructor() {
    this.server = createServer((req, res) => {
      this.calls.push({ method: req.method!, path: req.url!, headers: req.headers });
      const upstream = request(
        `${this.target}${req.url}`,
        { method: req.method, headers: req.headers },
        (response) => {
          res.writeHead(response.statusCode!, response.headers);
          response.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
  }
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const post = (stack: Stack, query: string, headers: Record<string, string> = {}, variables = {}) =>
  fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });

describe('request ids', () => {
  const proxy = new RecordingProxy();
  const lines: string[] = [];
  let stack: Stack;
  beforeAll(async () => {
    await proxy.start();
    stack = await startStack({
      // Every read goes to the backend (nothing kept), so each request's calls can be seen at the proxy.
      gateway: { casinoApiUrl: proxy.url, publicCacheTtlMs: 0 },
      logger: createLogger('debug', { write: (line: string) => void lines.push(line) }),
    });
    proxy.target = stack.sandbox.url;
  });
  afterAll(async () => {
    await stack.close();
    await proxy.close();
  });

  const callsWith = (id: string) => proxy.calls.filter((c) => c.headers['x-request-id'] === id);
  const logLine = (id: string) =>
    lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.requestId === id);

  it("keeps a caller's sane X-Request-Id: sent back, sent upstream, in the log line", async () => {
    const res = await post(stack, TOURNAMENTS, { 'x-request-id': 'lb-7f3a.42' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('lb-7f3a.42');
    expect(callsWith('lb-7f3a.42').map((c) => c.path)).toEqual([
      expect.stringMatching(/^\/api\/tournaments/),
    ]);
    expect(logLine('lb-7f3a.42')).toMatchObject({
      level: 'info',
      operation: 'Tournaments',
      type: 'query',
      outcome: 'ok',
      status: 200,
      path: '/graphql',
    });
  });

  it('replaces an id that is too long or could break a log line or header with a new one', async () => {
    for (const bad of ['has space', 'a"quote', 'x'.repeat(200), 'semi;colon']) {
      const res = await post(stack, TOURNAMENTS, { 'x-request-id': bad });
      const id = res.headers.get('x-request-id')!;
      expect(id).toMatch(UUID);
      expect(callsWith(id)).toHaveLength(1);
      expect(proxy.calls.some((c) => c.headers['x-request-id'] === bad)).toBe(false);
    }
  });

  it('gives a request without one a new id, the same for all its upstream calls', async () => {
    const { token } = await signUp(stack);
    const res = await post(
      stack,
      `{ viewer { wallet { money { formatted } } } tournaments(first: 1) { totalCount } }`,
      {
        authorization: `Bearer ${token}`,
      },
    );
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    expect(callsWith(id).length).toBeGreaterThanOrEqual(2);
    expect(logLine(id)).toMatchObject({ requestId: id, method: 'POST', status: 200, outcome: 'ok' });
  });

  it('over graphql-ws gives each operation its own id, sent upstream with its calls and logged at its end', async () => {
    const client = liveClient(stack);
    try {
      const seen = proxy.calls.length;
      for (let i = 0; i < 2; i++) {
        const op = subscribe(client, TOURNAMENTS);
        await op.ended;
      }
      const ids = proxy.calls.slice(seen).map((c) => c.headers['x-request-id']);
      expect(ids).toHaveLength(2);
      expect(ids[0]).toMatch(UUID);
      expect(ids[1]).toMatch(UUID);
      expect(ids[0]).not.toBe(ids[1]);
      await until(() => logLine(ids[1] as string) !== undefined, 'the second operation\u2019s log line');
      expect(logLine(ids[0] as string)).toMatchObject({
        transport: 'ws',
        operation: 'Tournaments',
        outcome: 'ok',
      });
    } finally {
      await client.dispose();
    }
  });
});

describe('logs', () => {
  it('are JSON lines with the request id, and never hold the token, password, body or variables', async () => {
    const lines: string[] = [];
    const stack = await startStack({
      logger: createLogger('debug', { write: (line: string) => void lines.push(line) }),
    });
    try {
      const { token, email, password } = await signUp(stack);
      const login = await stack.gql(
        `mutation SignIn($input: LoginInput!) { login(input: $input) { token } }`,
        {
          input: { email, password },
        },
      );
      const secondToken = login.data.login.token as string;
      await stack.gql(`mutation SignIn($input: LoginInput!) { login(input: $input) { token } }`, {
        input: { email, password: 'wrong-password-77' },
      });
      await stack.gql(`{ viewer { account { email } } }`, {}, { token: secondToken });
      const client = liveClient(stack, token);
      const op = subscribe(client, `subscription { viewerEvents(catchUp: true) { name } }`);
      await op.next();
      op.stop();
      await client.dispose();
      await until(() => lines.some((l) => l.includes('"transport":"ws"')), 'the subscription\u2019s line');

      const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const requests = parsed.filter((l) => l.msg === 'request' && l.path === '/graphql');
      expect(requests.length).toBeGreaterThanOrEqual(4);
      for (const line of requests) {
        expect(line).toMatchObject({ level: 'info', requestId: expect.any(String), ms: expect.any(Number) });
      }
      expect(requests.map((l) => l.operation)).toContain('SignIn');
      expect(
        requests.find(
          (l) =>
            (l.codes as string[] | undefined)?.includes('BAD_USER_INPUT') ||
            (l.codes as string[] | undefined)?.includes('UNAUTHENTICATED'),
        ),
      ).toBeDefined();
      const all = lines.join('\n');
      for (const secret of [token, secondToken, password, 'wrong-password-77', email]) {
        expect(all).not.toContain(secret);
      }
    } finally {
      await stack.close();
    }
  });

  it('log every 5xx at error, with its request id (a probe too: a replica out of rotation is news)', async () => {
    const lines: string[] = [];
    const stack = await startStack({
      logger: createLogger('debug', { write: (line: string) => void lines.push(line) }),
    });
    try {
      await stack.sandbox.close(); // the backend refuses connections: this replica cannot serve
      const res = await fetch(`${stack.gateway.url}/readyz`, { headers: { 'x-request-id': 'probe-503' } });
      expect(res.status).toBe(503);
      await until(() => lines.some((l) => l.includes('"probe-503"')), 'the probe\u2019s line');
      const line = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.requestId === 'probe-503');
      expect(line).toMatchObject({ level: 'error', status: 503, path: '/readyz' });
    } finally {
      await stack.gateway.close();
    }
  });
});

/** One sample's value from the exposition text, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('/metrics', () => {
  const TOKEN = 'scrape-token-0123456789';
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ gateway: { metricsToken: TOKEN } });
  });
  afterAll(() => stack.close());
  const scrape = async () => {
    const res = await fetch(`${stack.gateway.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('asks for the metrics token when one is set', async () => {
    expect((await fetch(`${stack.gateway.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${stack.gateway.url}/metrics`, {
      headers: { authorization: 'Bearer wrong-token-0123456789' },
    });
    expect(wrong.status).toBe(401);
  });

  it('counts operations by name, type and outcome, upstream calls by resource and status, and cache lookups', async () => {
    const before = await scrape();
    const okBefore = sample(before, 'gateway_operation_duration_seconds_count', {
      operation: 'Tournaments',
      type: 'query',
      outcome: 'ok',
    });
    await stack.gql(TOURNAMENTS);
    await stack.gql(TOURNAMENTS);
    await stack.gql(`query Missing($id: ID!) { tournament(id: $id) { name } }`, {
      id: toGlobalId('Tournament', 424242),
    });
    await stack.gql(`mutation Bad { login(input: { email: "not-an-email", password: "x" }) { token } }`);
    const after = await scrape();

    expect(
      sample(after, 'gateway_operation_duration_seconds_count', {
        operation: 'Tournaments',
        type: 'query',
        outcome: 'ok',
      }),
    ).toBe(okBefore + 2);
    expect(
      sample(after, 'gateway_operation_duration_seconds_bucket', { operation: 'Tournaments', le: '+Inf' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(after, 'gateway_operation_duration_seconds_count', {
        operation: 'Bad',
        type: 'mutation',
        outcome: 'error',
      }),
    ).toBe(1);
    expect(
      sample(after, 'gateway_operation_errors_total', { code: 'BAD_USER_INPUT' }),
    ).toBeGreaterThanOrEqual(1);
    // Ids are not labels: every tournament is one resource.
    expect(after).toContain('resource="GET /api/tournaments/:id"');
    expect(after).not.toContain('424242');
    expect(
      sample(after, 'gateway_upstream_request_duration_seconds_count', {
        resource: 'GET /api/tournaments',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    // The second identical guest query is served from a cache.
    const hits =
      sample(after, 'gateway_cache_lookups_total', { cache: 'guest_responses', result: 'hit' }) +
      sample(after, 'gateway_cache_lookups_total', { cache: 'public', result: 'hit' });
    expect(hits).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'gateway_circuit_state', { resource: 'GET /api/tournaments' })).toBe(0);
    // Node's own figures.
    expect(after).toContain('process_cpu_seconds_total');
    expect(after).toContain('nodejs_eventloop_lag_seconds');
  });

  it('shows open sockets and subscriptions while they are open, and none after', async () => {
    const { token } = await signUp(stack);
    const client = liveClient(stack, token);
    const op = subscribe(client, `subscription Live { viewerEvents(catchUp: true) { name } }`);
    await op.next();
    const open = await scrape();
    expect(sample(open, 'gateway_open_sockets')).toBe(1);
    expect(sample(open, 'gateway_open_subscriptions', { transport: 'ws' })).toBe(1);
    op.stop();
    await client.dispose();
    await until(async () => sample(await scrape(), 'gateway_open_sockets') === 0, 'the socket to close');
    const closed = await scrape();
    expect(sample(closed, 'gateway_open_subscriptions', { transport: 'ws' })).toBe(0);
    expect(
      sample(closed, 'gateway_operation_duration_seconds_count', { operation: 'Live', type: 'subscription' }),
    ).toBe(1);
  });

  it('is off in production unless a metrics token is set', async () => {
    const production = await startStack({ production: true, gateway: { metricsToken: null } });
    try {
      expect((await fetch(`${production.gateway.url}/metrics`)).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** An OTLP/HTTP (JSON) receiver, as a collector would be: the spans it was sent. */
async function startOtlpReceiver() {
  const spans: {
    traceId: string;
    spanId: string;
    parentSpanId?: string;
    name: string;
    kind: number;
    endTimeUnixNano: string;
    attributes?: { key: string; value: { stringValue?: string } }[];
  }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const sent = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: typeof spans }[] }[] };
        for (const rs of sent.resourceSpans) for (const ss of rs.scopeSpans) spans.push(...ss.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, spans, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('tracing (OTEL_* set: the gateway as its own process, since the SDK starts once per process)', () => {
  let sandbox: Sandbox;
  let dataDir: string;
  let child: ChildProcess | undefined;
  const proxy = new RecordingProxy();
  let closeReceiver = () => {};
  afterAll(async () => {
    closeReceiver();
    child?.kill('SIGTERM');
    await proxy.close();
    await sandbox?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a span per operation and per upstream call, one trace with the backend\u2019s traceparent', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-trace-'));
    sandbox = await createSandbox({ config: { port: 0, host: '127.0.0.1', dataDir, control: true } });
    await proxy.start();
    proxy.target = sandbox.url;
    const receiver = await startOtlpReceiver();
    child = spawn(process.execPath, serverArgs('gateway/src/main.ts', 'src/main.ts'), {
      cwd: gatewayDir,
      env: {
        ...process.env,
        GATEWAY_PORT: '0',
        GATEWAY_HOST: '127.0.0.1',
        CASINO_API_URL: proxy.url,
        PUSHER_URL: sandbox.url,
        RATE_LIMITS: '0',
        LOG_LEVEL: 'warn',
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'gateway-under-test',
        OTEL_BSP_SCHEDULE_DELAY: '50',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    let url = '';
    await until(
      () => {
        url = /GraphQL gateway on (http:\/\/127\.0\.0\.1:\d+)\/graphql/.exec(output)?.[1] ?? '';
        return url !== '';
      },
      `the gateway to start; output: ${output}`,
      20_000,
    );

    // A caller's own trace is continued.
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
        'graphql-client-name': 'ops-dashboard',
        'graphql-client-version': '2.1.0',
      },
      body: JSON.stringify({ query: TOURNAMENTS }),
    });
    expect(res.status).toBe(200);
    closeReceiver = () => receiver.server.close();
    await until(() => receiver.spans.filter((s) => s.traceId === traceId).length >= 2, 'two spans', 10_000);
    const spans = receiver.spans.filter((s) => s.traceId === traceId);
    const operation = spans.find((s) => s.name === 'query Tournaments')!;
    const upstream = spans.find((s) => s.name === 'GET /api/tournaments')!;
    expect(operation, JSON.stringify(spans)).toBeDefined();
    expect(upstream, JSON.stringify(spans)).toBeDefined();
    expect(operation.parentSpanId).toBe('00f067aa0ba902b7');
    expect(upstream.parentSpanId).toBe(operation.spanId);
    // The client the request named itself (usage/client.ts).
    const attributes = Object.fromEntries(
      (operation.attributes ?? []).map((a) => [a.key, a.value.stringValue]),
    );
    expect(attributes).toMatchObject({
      'graphql.client.name': 'ops-dashboard',
      'graphql.client.version': '2.1.0',
    });
    // The backend was told the call's span as W3C trace context.
    const call = proxy.calls.find((c) => c.path.startsWith('/api/tournaments'))!;
    expect(call.headers.traceparent).toBe(`00-${traceId}-${upstream.spanId}-01`);

    // A query answered in parts (@defer): its span lasts until the last part, past the slowed call that part needed.
    const deferredTrace = '5bf92f3577b34da6a3ce929d0e0e4737';
    await fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'GET', path: '/api/latestWins', delayMs: 200, times: 1 }),
    });
    const deferred = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'multipart/mixed',
        traceparent: `00-${deferredTrace}-00f067aa0ba902b7-01`,
      },
      body: JSON.stringify({
        query: 'query Deferred { gameProviders { id } ... @defer { latestWins { id } } }',
      }),
    });
    expect(await deferred.text()).toContain('"hasNext":false');
    const named = (name: string) =>
      receiver.spans.find((s) => s.traceId === deferredTrace && s.name === name);
    await until(
      () => !!named('query Deferred') && !!named('GET /api/latestWins'),
      'the deferred spans',
      10_000,
    );
    const end = (name: string) => BigInt(named(name)!.endTimeUnixNano);
    expect(end('query Deferred') >= end('GET /api/latestWins')).toBe(true);
  });
});
