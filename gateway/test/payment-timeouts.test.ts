/**
 * Money safety when the casino does not respond to a payment. The gateway sends a deposit or a withdrawal once and
 * never tries it again itself; when its response does not come in time (or a proxy says the backend did not respond),
 * the player reads OUTCOME_UNKNOWN, not "failed": the payment may have gone through. Sending the same request with
 * the same idempotency key then returns that payment, and the money moves exactly once.
 *
 * Faults are injected into the real sandbox (POST /sandbox/faults): a delay past the gateway's time bound holds the
 * call until the gateway has given up on it (the sandbox then drops it, its caller gone). That a retry returns a
 * first payment that did land, rather than paying again, is the backend's idempotency (wallet.test.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addPayoutAccount,
  credit,
  identity,
  sandboxPost,
  startStack,
  verifyIdentity,
  type Stack,
} from './harness.js';

const TIMEOUT_MS = 300;
/** How long the casino takes over a slow payment: far beyond the timeout, so giving up shows on a loaded machine too. */
const SLOW_MS = 2500;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ gateway: { upstreamTimeoutMs: TIMEOUT_MS } });
});
afterEach(() => fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' }));
afterAll(() => stack.close());

const DEPOSIT = `mutation($input: DepositInput!) {
  deposit(input: $input) { paymentId status amount { cents } redirectUrl } }`;
const WITHDRAW = `mutation($input: WithdrawInput!) {
  withdraw(input: $input) { withdrawalId amount { cents } wallet { money { cents } } } }`;
const MONEY = '{ viewer { wallet { money { cents } } } }';
const LEDGER =
  '{ viewer { transactions(first: 50) { edges { node { type amount { cents } reference } } } } }';

let players = 0;
/**
 * A player with R500, a verified email and identity (so withdrawals are allowed), registered at the sandbox itself.
 */
async function player(): Promise<string> {
  const { token } = await sandboxPost(stack, '/api/register', {
    name: 'Paying Player',
    email: `pay${Date.now()}-${++players}@example.test`,
    password: 'correct-horse-9',
    ...identity('rest'),
  });
  await sandboxPost(stack, '/sandbox/verifyEmail', {}, token);
  await verifyIdentity(stack, token);
  await credit(stack, token, '500.00');
  await addPayoutAccount(stack, token);
  return token;
}

async function fault(spec: {
  method: string;
  path: string;
  status?: number;
  delayMs?: number;
  times: number;
}) {
  await sandboxPost(stack, '/sandbox/faults', spec);
}
/** How many more calls the faults on `path` will catch: fewer than set means that many calls reached the sandbox. */
async function faultsLeft(path: string): Promise<number> {
  const res = await fetch(`${stack.sandbox.url}/sandbox/faults`);
  const { faults } = (await res.json()) as { faults: { path: string; times: number }[] };
  return faults.filter((f) => f.path === path).reduce((sum, f) => sum + f.times, 0);
}

const money = async (token: string): Promise<number> =>
  (await stack.gql(MONEY, {}, { token })).data.viewer.wallet.money.cents;
const ledger = async (token: string): Promise<{ type: string; amount: { cents: number } }[]> =>
  (await stack.gql(LEDGER, {}, { token })).data.viewer.transactions.edges.map((e: any) => e.node);

function expectOutcomeUnknown(res: { data: unknown; errors?: any[] }) {
  expect(res.data).toBeNull();
  expect(res.errors).toHaveLength(1);
  expect(res.errors![0]).toMatchObject({
    message: expect.stringMatching(/may or may not have gone through.*never made twice/),
    extensions: { code: 'OUTCOME_UNKNOWN', retryWithSameIdempotencyKey: true },
  });
}

describe('withdraw', () => {
  it('returns OUTCOME_UNKNOWN on a timeout, sent once; the same key then withdraws exactly once', async () => {
    const token = await player();
    const input = { amount: '100.00', idempotencyKey: `timeout-withdraw-${Date.now()}` };
    // Two calls' worth of delay: a retry by the gateway would be caught by the second.
    await fault({ method: 'POST', path: '/api/withdraw', delayMs: SLOW_MS, times: 2 });

    const started = Date.now();
    const res = await stack.gql(WITHDRAW, { input }, { token });
    expect(Date.now() - started).toBeLessThan(SLOW_MS - 500);
    expectOutcomeUnknown(res);
    expect(res.extensions.upstreamCalls.filter((c: string) => c === 'POST /api/withdraw')).toHaveLength(1);
    expect(await faultsLeft('/api/withdraw')).toBe(1);

    // Let the slow call end at the sandbox before the retry.
    await new Promise((r) => setTimeout(r, SLOW_MS));
    await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });

    const retried = await stack.gql(WITHDRAW, { input }, { token });
    expect(retried.errors).toBeUndefined();
    expect(retried.data.withdraw).toMatchObject({
      amount: { cents: 10_000 },
      wallet: { money: { cents: 40_000 } },
    });
    const again = await stack.gql(WITHDRAW, { input }, { token });
    expect(again.data.withdraw.withdrawalId).toBe(retried.data.withdraw.withdrawalId);

    expect(await money(token)).toBe(40_000);
    const withdrawals = (await ledger(token)).filter((t) => t.type === 'WITHDRAWAL');
    expect(withdrawals).toEqual([expect.objectContaining({ amount: { cents: -10_000 } })]);
  });

  it('does not retry a withdrawal the backend refused with 503 (as it would a read); the player retries with the key', async () => {
    const token = await player();
    const input = { amount: '50.00', idempotencyKey: `busy-withdraw-${Date.now()}` };
    await fault({ method: 'POST', path: '/api/withdraw', status: 503, times: 1 });
    const res = await stack.gql(WITHDRAW, { input }, { token });
    // The backend responded: it did not make the withdrawal, so the outcome is known.
    expect(res.errors?.[0]?.extensions.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(await faultsLeft('/api/withdraw')).toBe(0);
    expect(await money(token)).toBe(50_000);

    const retried = await stack.gql(WITHDRAW, { input }, { token });
    expect(retried.data.withdraw.wallet.money.cents).toBe(45_000);
  });

  it('returns OUTCOME_UNKNOWN when a proxy in front of the backend says it did not respond (504)', async () => {
    const token = await player();
    await fault({ method: 'POST', path: '/api/withdraw', status: 504, times: 2 });
    const res = await stack.gql(
      WITHDRAW,
      { input: { amount: '50.00', idempotencyKey: `proxy-withdraw-${Date.now()}` } },
      { token },
    );
    expectOutcomeUnknown(res);
    expect(await faultsLeft('/api/withdraw')).toBe(1);
  });
});

describe('deposit', () => {
  it('returns OUTCOME_UNKNOWN on a timeout, sent once; the same key then returns that one deposit, paid once', async () => {
    const token = await player();
    const input = { gateway: 'EFT', amount: '150.00', idempotencyKey: `timeout-deposit-${Date.now()}` };
    await fault({ method: 'POST', path: '/api/deposit', delayMs: SLOW_MS, times: 2 });

    const started = Date.now();
    const res = await stack.gql(DEPOSIT, { input }, { token });
    expect(Date.now() - started).toBeLessThan(SLOW_MS - 500);
    expectOutcomeUnknown(res);
    expect(await faultsLeft('/api/deposit')).toBe(1);
    // Let the slow backend finish the first call before the retry.
    await new Promise((r) => setTimeout(r, SLOW_MS));
    await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });

    const [retried, again] = [
      await stack.gql(DEPOSIT, { input }, { token }),
      await stack.gql(DEPOSIT, { input }, { token }),
    ];
    expect(retried.errors).toBeUndefined();
    expect(retried.data.deposit).toMatchObject({ status: 'PENDING', amount: { cents: 15_000 } });
    expect(again.data.deposit.paymentId).toBe(retried.data.deposit.paymentId);

    // The player pays on the payment page (twice, as a double click would): the money arrives once.
    const page = new URL(retried.data.deposit.redirectUrl).pathname;
    await sandboxPost(stack, `${page}/confirm`, {});
    await sandboxPost(stack, `${page}/confirm`, {});
    expect(await money(token)).toBe(50_000 + 15_000);
    const deposits = (await ledger(token)).filter((t) => t.type === 'DEPOSIT');
    expect(deposits).toEqual([expect.objectContaining({ amount: { cents: 15_000 } })]);
  });

  it('returns OUTCOME_UNKNOWN for a 502 from a proxy, sent once', async () => {
    const token = await player();
    await fault({ method: 'POST', path: '/api/deposit', status: 502, times: 2 });
    const res = await stack.gql(
      DEPOSIT,
      { input: { gateway: 'EFT', amount: '20.00', idempotencyKey: `proxy-deposit-${Date.now()}` } },
      { token },
    );
    expectOutcomeUnknown(res);
    expect(await faultsLeft('/api/deposit')).toBe(1);
  });
});
