/**
 * /readyz as a load balancer and an operator read it: 200 while the casino's REST backend answers, 503 while it does
 * not; the body names the backend's state, its open circuits and the live channels' state. Live channels that are
 * down leave the replica ready ("degraded"): queries and payments still work, and subscriptions catch up once the
 * channels are back (see readiness.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveClient, signUp, startStack, subscribe, until, type Stack } from './harness.js';

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
    // Queries still answer.
    expect(
      (await stack.gql('{ site { loyaltyEnabled } }', {}, { token: player.token })).errors,
    ).toBeUndefined();
    op.stop();
  });
});
