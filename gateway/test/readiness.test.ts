/**
 * /readyz as a load balancer and an operator read it: 503 only while this replica cannot serve at all (the casino's
 * REST backend refuses connections, or every circuit is open while the backend fails), 200 otherwise; the body names
 * the backend's state, its open circuits and the live channels' state. A slow backend, one resource's open circuit
 * and live channels that are down leave the replica in rotation ("degraded"): queries and payments still work, and
 * subscriptions catch up once the channels are back (see readiness.ts). Faults are injected into the real sandbox.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../src/relay.js';
import { liveClient, sandboxPost, signUp, startStack, subscribe, until, type Stack } from './harness.js';

const VIEWER_EVENTS = `subscription { viewerEvents { __typename } }`;

async function readyz(stack: Stack): Promise<{ status: number; body: any }> {
  const res = await fetch(`${stack.gateway.url}/readyz`);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: res.status, body: await res.json() };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('/readyz with the backend and the live channels up', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it('is ready with the live channels idle before any subscriber, and up once one is served', async () => {
    expect(await readyz(stack)).toEqual({
      status: 200,
      body: {
        status: 'ready',
        backend: { state: 'up', circuits: [] },
        liveChannels: { state: 'idle', connections: [], channels: 0 },
      },
    });

    const player = await signUp(stack);
    const op = subscribe(liveClient(stack, player.token), VIEWER_EVENTS);
    await until(async () => (await readyz(stack)).body.liveChannels.state === 'up', 'the live channels');
    expect(await readyz(stack)).toEqual({
      status: 200,
      body: {
        status: 'ready',
        backend: { state: 'up', circuits: [] },
        liveChannels: { state: 'up', connections: ['connected'], channels: 1 },
      },
    });
    op.stop();
  });

  it('is 503, naming the backend as down, while the backend restarts; ready again once it is back', async () => {
    const restarted = stack.restartSandbox(1500);
    await until(async () => (await readyz(stack)).status === 503, 'the backend to be down');
    const down = await readyz(stack);
    expect(down.body).toMatchObject({ status: 'not ready', backend: { state: 'down' } });
    await restarted;
    await until(async () => (await readyz(stack)).status === 200, 'the backend to be back');
    expect((await readyz(stack)).body.backend.state).toBe('up');
  }, 15_000);
});

describe('/readyz with the live channels down and the backend up', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ gateway: { pusherUrl: `http://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(() => stack.close());

  it('stays ready (200) but says degraded, naming the live channels as down', async () => {
    const player = await signUp(stack);
    const op = subscribe(liveClient(stack, player.token), VIEWER_EVENTS);
    await until(
      async () => (await readyz(stack)).body.liveChannels.state === 'down',
      'the live channels to fail',
    );
    const { status, body } = await readyz(stack);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'degraded',
      backend: { state: 'up', circuits: [] },
      liveChannels: { state: 'down', channels: 1 },
    });
    expect(body.liveChannels.connections).toHaveLength(1);
    expect(body.liveChannels.connections[0]).not.toBe('connected');
    // Queries still resolve.
    expect(
      (await stack.gql('{ site { loyaltyEnabled } }', {}, { token: player.token })).errors,
    ).toBeUndefined();
    op.stop();
  });
});

describe('/readyz while the backend is slow', () => {
  let stack: Stack;
  beforeAll(async () => {
    // Calls wait up to 5 s, so a backend 3 s slow still serves every query.
    stack = await startStack({ gateway: { upstreamTimeoutMs: 5000 } });
  });
  afterAll(() => stack.close());

  it('stays in rotation (200, degraded, the backend slow) while every query still resolves, and responds to the probe within its bound', async () => {
    const player = await signUp(stack);
    await sandboxPost(stack, '/sandbox/faults', { method: '*', path: '/api/*', delayMs: 3000 });
    try {
      const query = stack.gql('{ viewer { account { name } } }', {}, { token: player.token });
      const probes = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const started = Date.now();
          return { ...(await readyz(stack)), ms: Date.now() - started };
        }),
      );
      for (const probe of probes) {
        expect(probe.status).toBe(200);
        expect(probe.body).toMatchObject({ status: 'degraded', backend: { state: 'slow', circuits: [] } });
        // The ping waits a second at most; a balancer's probe of a few seconds hears back (room for a loaded machine).
        expect(probe.ms).toBeLessThan(2500);
      }
      const result = await query;
      expect(result.errors).toBeUndefined();
      expect(result.data.viewer.account.name).toBe('Gateway Player');
    } finally {
      await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
    }
    await until(async () => (await readyz(stack)).body.status === 'ready', 'the backend to be quick again');
  }, 20_000);
});

describe('/readyz with circuits open', () => {
  const THRESHOLD = 3;
  const TOURNAMENT = `query($id: ID!) { tournament(id: $id) { name } }`;
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      gateway: { publicCacheTtlMs: 0, circuitFailureThreshold: THRESHOLD, circuitResetMs: 1500 },
    });
  });
  afterAll(() => stack.close());

  async function openTournamentCircuit() {
    for (let i = 1; i <= THRESHOLD; i++) {
      const res = await stack.gql(TOURNAMENT, { id: toGlobalId('Tournament', i) });
      expect(res.errors![0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');
    }
  }

  /** Clears the faults and lets a good call probe the circuit closed, so the next test starts with all well. */
  async function recover() {
    await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
    await until(
      async () => {
        const { body } = await readyz(stack);
        if (body.backend.circuits.some((c: { state: string }) => c.state === 'half-open')) {
          await stack.gql(TOURNAMENT, { id: toGlobalId('Tournament', 1) });
        }
        return body.status === 'ready';
      },
      'every circuit to close',
      10_000,
    );
  }

  it('stays in rotation (200, degraded) with one resource’s circuit open, naming it', async () => {
    await sandboxPost(stack, '/sandbox/faults', { method: 'GET', path: '/api/tournaments/*', status: 500 });
    await openTournamentCircuit();
    expect(await readyz(stack)).toEqual({
      status: 200,
      body: {
        status: 'degraded',
        backend: { state: 'up', circuits: [{ resource: 'GET /api/tournaments/:id', state: 'open' }] },
        liveChannels: { state: 'idle', connections: [], channels: 0 },
      },
    });
    await recover();
  }, 20_000);

  it('is 503 only once every circuit is open while the backend fails; 200 again when a probe may go', async () => {
    await sandboxPost(stack, '/sandbox/faults', { method: '*', path: '/api/*', status: 500 });
    // A backend responding 5xx is not yet a replica that cannot serve: nothing has been refused.
    expect(await readyz(stack)).toMatchObject({
      status: 200,
      body: { status: 'degraded', backend: { state: 'failing' } },
    });
    await openTournamentCircuit();
    expect(await readyz(stack)).toMatchObject({
      status: 503,
      body: {
        status: 'not ready',
        backend: { state: 'failing', circuits: [{ resource: 'GET /api/tournaments/:id', state: 'open' }] },
      },
    });
    // Past the reset time the circuit may be probed: the replica takes traffic again, whose calls probe it.
    await until(async () => (await readyz(stack)).status === 200, 'the circuit to be half-open', 10_000);
    expect((await readyz(stack)).body).toMatchObject({
      status: 'degraded',
      backend: { circuits: [{ resource: 'GET /api/tournaments/:id', state: 'half-open' }] },
    });
    await recover();
  }, 20_000);
});
