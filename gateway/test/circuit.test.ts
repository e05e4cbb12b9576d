/**
 * The circuit breaker per upstream resource, as a player and an operator notice it: a resource that keeps failing
 * is refused at once (UPSTREAM_UNAVAILABLE, without the backend being called: the sandbox's fault counter does not
 * move), other resources still respond, one probe goes after the reset time, and a good probe closes the circuit.
 * /readyz names the circuits that are not closed. Faults are injected into the real sandbox (POST /sandbox/faults).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { toGlobalId } from '../src/relay.js';
import { UpstreamClient } from '../src/upstream/client.js';
import { sandboxPost, signUp, startStack, until, type Stack } from './harness.js';

const THRESHOLD = 3;
const RESET_MS = 1000;
const TOURNAMENT = `query($id: ID!) { tournament(id: $id) { name } tournaments(first: 2) { totalCount } }`;
const tid = (n: number) => toGlobalId('Tournament', n);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    gateway: {
      publicCacheTtlMs: 0,
      upstreamTimeoutMs: 500,
      circuitFailureThreshold: THRESHOLD,
      circuitResetMs: RESET_MS,
    },
  });
});
afterEach(async () => {
  await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
  // The next test starts with the tournaments' circuit closed: wait out its reset and let a good call probe it.
  await until(async () => {
    const state = await stateOf('GET /api/tournaments/:id');
    if (state === 'half-open') await stack.gql(TOURNAMENT, { id: tid(1) });
    return state === 'closed';
  }, 'the circuit to close');
});
afterAll(() => stack.close());

/** Calls the injected fault has left to apply: it counts down on every call that reaches the backend. */
async function callsLeft(): Promise<number | null> {
  const res = await fetch(`${stack.sandbox.url}/sandbox/faults`);
  const { faults } = (await res.json()) as { faults: { times: number | null }[] };
  return faults[0]?.times ?? null;
}

/** The circuits /readyz reports as not closed. */
async function circuits(): Promise<{ resource: string; state: string }[]> {
  const res = await fetch(`${stack.gateway.url}/readyz`);
  return ((await res.json()) as { backend: { circuits: { resource: string; state: string }[] } }).backend
    .circuits;
}
const stateOf = async (resource: string) =>
  (await circuits()).find((c) => c.resource === resource)?.state ?? 'closed';

describe('a circuit per upstream resource', () => {
  it('opens after the threshold of failures, then refuses at once without calling the backend; other resources still respond', async () => {
    await sandboxPost(stack, '/sandbox/faults', {
      method: 'GET',
      path: '/api/tournaments/*',
      status: 500,
      times: 100,
    });
    for (let i = 1; i <= THRESHOLD; i++) {
      const res = await stack.gql(TOURNAMENT, { id: tid(i) });
      expect(res.data.tournament).toBeNull();
      expect(res.errors![0]).toMatchObject({
        path: ['tournament'],
        extensions: { code: 'UPSTREAM_UNAVAILABLE' },
      });
    }
    expect(await callsLeft()).toBe(100 - THRESHOLD);
    expect(await stateOf('GET /api/tournaments/:id')).toBe('open');

    // Another tournament is the same resource: refused, and the backend never hears of it.
    const refused = await stack.gql(TOURNAMENT, { id: tid(7) });
    expect(refused.data.tournament).toBeNull();
    expect(refused.errors![0]).toMatchObject({
      path: ['tournament'],
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
      message: 'The casino is not responding right now. Please try again in a moment.',
    });
    expect(await callsLeft()).toBe(100 - THRESHOLD);
    // The tournament list is another resource, with its own circuit: it still responds.
    expect(refused.data.tournaments.totalCount).toBe(10);
  });

  it('probes the backend after the reset time and closes on a successful response', async () => {
    await sandboxPost(stack, '/sandbox/faults', {
      method: 'GET',
      path: '/api/tournaments/*',
      status: 503,
      times: THRESHOLD * 2, // each GET is tried twice (one retry): the threshold's worth of calls
    });
    for (let i = 0; i < THRESHOLD; i++) await stack.gql(TOURNAMENT, { id: tid(1) });
    expect(await stateOf('GET /api/tournaments/:id')).toBe('open');
    expect(await callsLeft()).toBeNull(); // the fault is used up: the backend responds again

    await until(async () => (await stateOf('GET /api/tournaments/:id')) === 'half-open', 'the probe time');
    const probe = await stack.gql(TOURNAMENT, { id: tid(1) });
    expect(probe.errors).toBeUndefined();
    expect(probe.data.tournament).toEqual({ name: 'Weekend Spin Frenzy' });
    expect(await stateOf('GET /api/tournaments/:id')).toBe('closed');
  });

  it('opens again for another reset time when the probe fails, sending only the probe', async () => {
    await sandboxPost(stack, '/sandbox/faults', {
      method: 'GET',
      path: '/api/tournaments/*',
      status: 500,
      times: 100,
    });
    for (let i = 0; i < THRESHOLD; i++) await stack.gql(TOURNAMENT, { id: tid(2) });
    await until(async () => (await stateOf('GET /api/tournaments/:id')) === 'half-open', 'the probe time');

    // Several players at once: one call probes, the others are refused while it is out.
    const results = await Promise.all([1, 2, 3].map((n) => stack.gql(TOURNAMENT, { id: tid(n) })));
    for (const res of results) expect(res.errors![0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(await callsLeft()).toBe(100 - THRESHOLD - 1);
    expect(await stateOf('GET /api/tournaments/:id')).toBe('open');
    await stack.gql(TOURNAMENT, { id: tid(2) });
    expect(await callsLeft()).toBe(100 - THRESHOLD - 1);
  });

  it('never counts a 4xx: wrong passwords and unknown tournaments are responses, not an outage', async () => {
    const player = await signUp(stack);
    const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { token } }`;
    for (let i = 0; i <= THRESHOLD; i++) {
      const wrong = await stack.gql(LOGIN, { input: { email: player.email, password: 'wrong-password-1' } });
      expect(wrong.errors![0].extensions.code).not.toBe('UPSTREAM_UNAVAILABLE');
    }
    const right = await stack.gql(LOGIN, { input: { email: player.email, password: player.password } });
    expect(right.errors).toBeUndefined();
    expect(right.data.login.token).toEqual(expect.any(String));

    for (let i = 0; i <= THRESHOLD; i++) {
      const unknown = await stack.gql(TOURNAMENT, { id: tid(900_000 + i) });
      expect(unknown.errors).toBeUndefined();
      expect(unknown.data.tournament).toBeNull();
    }
    expect(await stateOf('POST /api/login')).toBe('closed');
    expect(await stateOf('GET /api/tournaments/:id')).toBe('closed');
  });

  it('sends each deposit once (never retried), and refuses them without sending once its circuit is open', async () => {
    const { token } = await signUp(stack);
    await sandboxPost(stack, '/sandbox/faults', {
      method: 'POST',
      path: '/api/deposit',
      status: 503,
      times: 100,
    });
    const DEPOSIT = `mutation($input: DepositInput!) { deposit(input: $input) { paymentId } }`;
    const deposit = (n: number) =>
      stack.gql(
        DEPOSIT,
        { input: { gateway: 'EFT', amount: '50.00', idempotencyKey: `circuit-${Date.now()}-${n}` } },
        { token },
      );
    for (let i = 1; i <= THRESHOLD; i++) {
      const res = await deposit(i);
      expect(res.data?.deposit ?? null).toBeNull();
      expect(await callsLeft()).toBe(100 - i);
    }
    expect(await stateOf('POST /api/deposit')).toBe('open');
    const refused = await deposit(99);
    expect(refused.errors![0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(await callsLeft()).toBe(100 - THRESHOLD);
  });
});

describe('the circuits in the log', () => {
  it('writes one line when a circuit opens and one when it closes, none per refused call or failed probe', async () => {
    const lines: string[] = [];
    const logger = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
    const client = new UpstreamClient(
      {
        ...configFromEnv({}),
        casinoApiUrl: stack.sandbox.url,
        circuitFailureThreshold: 2,
        circuitResetMs: 200,
      },
      logger,
    );
    try {
      await sandboxPost(stack, '/sandbox/faults', {
        method: 'GET',
        path: '/api/news',
        status: 500,
        times: 3,
      });
      const read = () =>
        client.call({ method: 'GET', path: '/api/news' }).then(
          () => 'responded',
          (err: { extensions: { code: string } }) => err.extensions.code,
        );
      expect([await read(), await read(), await read()]).toEqual(Array(3).fill('UPSTREAM_UNAVAILABLE'));
      expect(lines).toEqual(['upstream circuit open: GET /api/news refused for 200 ms, then probed']);
      // The third fault is spent on a failed probe; the next probe gets a response.
      await until(async () => (await read()) === 'responded', 'a good probe', 5000);
      expect(lines).toEqual([
        'upstream circuit open: GET /api/news refused for 200 ms, then probed',
        'upstream circuit closed: GET /api/news responds again',
      ]);
    } finally {
      await client.close();
    }
  });
});
