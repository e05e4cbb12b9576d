/**
 * Sign-in limits count failures, so that strangers cannot lock a player out and honest players never lock
 * themselves out: failures are limited per (email, address) and per address; an email failed at from many
 * addresses slows only those addresses; a success never counts and forgets the email's failures. Every refusal
 * carries extensions.retryAfter, and a response that is nothing but a refusal carries the Retry-After header too.
 *
 * Run twice: counts in memory (one gateway) and in a real redis-server shared by two gateways. The stack stands
 * behind one trusted proxy (trustProxy: 1), so each attempt names its address with X-Forwarded-For; the gateways'
 * clock is moved forward instead of waiting for a window to pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionResult } from 'graphql';
import { retryAfterHeader } from '../src/rate-limits/retry-after.js';
import { SIGN_IN_LIMITS } from '../src/rate-limits/rules.js';
import { createGateway, type Gateway } from '../src/server.js';
import { startRedisServer, type RedisServer } from './redis-server.js';
import { identity, sandboxPost, startStack, type Stack } from './harness.js';

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let addresses = 0;
/** A fresh client address (in 10.0.0.0/8), as the trusted proxy reports it. */
const newIp = () => {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
let emails = 0;
const newEmail = () => `lockout${Date.now()}-${++emails}@example.test`;
const PASSWORD = 'correct-horse-9';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { token } }';

interface SignInResponse {
  status: number;
  retryAfterHeader: string | null;
  data: any;
  errors?: any[];
}

describe.each(['memory', 'redis'] as const)('sign-in limits, counted in %s', (counting) => {
  let stack: Stack;
  let redisServer: RedisServer | null = null;
  /** The gateways sign-ins are sent to, taking turns (two sharing Redis, or the stack's own). */
  let gateways: Gateway[] = [];
  let turn = 0;

  beforeAll(async () => {
    if (counting === 'redis') redisServer = await startRedisServer();
    stack = await startStack({
      gateway: { rateLimits: true, trustProxy: 1, ...(redisServer ? { redisUrl: redisServer.url } : {}) },
      clock,
    });
    gateways = [stack.gateway];
    if (redisServer) {
      gateways.push(
        await createGateway({
          config: {
            port: 0,
            host: '127.0.0.1',
            casinoApiUrl: stack.sandbox.url,
            pusherUrl: stack.sandbox.url,
            rateLimits: true,
            trustProxy: 1,
            redisUrl: redisServer.url,
          },
          clock,
          logger: { info: () => {}, warn: () => {} },
        }),
      );
    }
  }, 30_000);
  afterAll(async () => {
    for (const gateway of gateways.slice(1)) await gateway.close();
    await stack.close();
    await redisServer?.stop();
  });

  /** A player registered at the sandbox itself. */
  async function newPlayer(): Promise<string> {
    const email = newEmail();
    await sandboxPost(stack, '/api/register', {
      name: 'Locked Out?',
      email,
      password: PASSWORD,
      ...identity('rest'),
    });
    return email;
  }

  /** One sign-in from `ip`, to the next gateway in turn. */
  async function signIn(ip: string, email: string, password: string, body?: string): Promise<SignInResponse> {
    const gateway = gateways[turn++ % gateways.length]!;
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: body ?? JSON.stringify({ query: LOGIN, variables: { input: { email, password } } }),
    });
    return {
      status: res.status,
      retryAfterHeader: res.headers.get('retry-after'),
      ...((await res.json()) as any),
    };
  }

  const wrong = (ip: string, email: string) => signIn(ip, email, 'wrong-password-1');
  const right = (ip: string, email: string) => signIn(ip, email, PASSWORD);

  function expectSignedIn(res: SignInResponse) {
    expect(res.errors).toBeUndefined();
    expect(res.data.login.token).toEqual(expect.any(String));
  }
  function expectWrongPassword(res: SignInResponse) {
    expect(res.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  }
  /**
   * RATE_LIMITED in a 200 response, with retryAfter in the error, and the same in the Retry-After header: the response
   * is nothing but the refusal.
   */
  function expectRefused(res: SignInResponse, windowMs: number): number {
    expect(res.status).toBe(200);
    expect(res.data).toBeNull();
    expect(res.errors).toHaveLength(1);
    const { code, retryAfter } = res.errors![0].extensions;
    expect(code).toBe('RATE_LIMITED');
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
    expect(res.retryAfterHeader).toBe(String(retryAfter));
    return retryAfter;
  }

  // The slow scenarios (dozens of sign-ins, each a password hash at the casino) run once, in memory; those that
  // take counts back (a success) run against Redis too, where that is a script and a DEL shared by two gateways.
  const inMemory = counting === 'memory';

  it('a stranger failing from one address is refused there, while the player signs in from their own', async () => {
    const email = await newPlayer();
    const stranger = newIp();
    for (let i = 0; i < SIGN_IN_LIMITS.perEmailAndIp.max; i++)
      expectWrongPassword(await wrong(stranger, email));
    const retryAfter = expectRefused(await wrong(stranger, email), SIGN_IN_LIMITS.perEmailAndIp.windowMs);
    // Even the right password from there waits: that address has used up its guesses.
    expectRefused(await right(stranger, email), SIGN_IN_LIMITS.perEmailAndIp.windowMs);
    expectSignedIn(await right(newIp(), email));

    offsetMs += retryAfter * 1000;
    expectWrongPassword(await wrong(stranger, email));
  }, 30_000);

  if (inMemory)
    it('never counts a successful sign-in: a player signing in again and again is let in', async () => {
      const email = await newPlayer();
      const home = newIp();
      for (let i = 0; i < SIGN_IN_LIMITS.perEmailAndIp.max + 2; i++) expectSignedIn(await right(home, email));
    }, 30_000);

  it('forgets the email’s failures when the player signs in', async () => {
    const email = await newPlayer();
    const home = newIp();
    const { max, windowMs } = SIGN_IN_LIMITS.perEmailAndIp;
    for (let i = 0; i < max - 1; i++) expectWrongPassword(await wrong(home, email));
    expectSignedIn(await right(home, email));
    // A fresh count: as many mistakes again before a refusal.
    for (let i = 0; i < max; i++) expectWrongPassword(await wrong(home, email));
    expectRefused(await wrong(home, email), windowMs);
  }, 30_000);

  if (inMemory)
    it('strangers failing from many addresses cannot lock the player out, and are each slowed to one try', async () => {
      const email = await newPlayer();
      const { perEmail, perEmailAndIp } = SIGN_IN_LIMITS;
      const guessers = Array.from({ length: perEmail.max }, newIp);
      for (const ip of guessers) expectWrongPassword(await wrong(ip, email));
      // Past the email's count: an address that has failed at it waits; a new one may still try, and the player
      // (on an address that has not failed) signs in.
      const retryAfter = expectRefused(await wrong(guessers[0]!, email), perEmailAndIp.windowMs);
      expectWrongPassword(await wrong(newIp(), email));
      expectSignedIn(await right(newIp(), email));

      // The player's success forgot the email's failures: the guessers may try again within their own counts.
      expectWrongPassword(await wrong(guessers[1]!, email));
      offsetMs += retryAfter * 1000;
      expectWrongPassword(await wrong(guessers[0]!, email));
    }, 30_000);

  if (inMemory)
    it('limits failures from one address at many emails, and only failures', async () => {
      const office = newIp();
      const { max, windowMs } = SIGN_IN_LIMITS.perIp;
      // Colleagues behind one address signing in do not use it up.
      for (let i = 0; i < 5; i++) expectSignedIn(await right(office, await newPlayer()));
      for (let i = 0; i < max; i++) expectWrongPassword(await wrong(office, newEmail()));
      expectRefused(await right(office, await newPlayer()), windowMs);
    }, 60_000);
});

describe('Retry-After on a GraphQL response', () => {
  const refusal = (retryAfter: number) => ({
    message: 'Too many.',
    extensions: { code: 'RATE_LIMITED', retryAfter },
  });
  /** The headers Yoga would send for `result` (its extensions.http), or none. */
  function headersFor(result: ExecutionResult): Record<string, string> | undefined {
    let processed: any = result;
    void retryAfterHeader({ result, setResult: (r: unknown) => (processed = r) } as any);
    return processed.extensions?.http?.headers;
  }

  it('is the longest wait when every error is a refusal and no field has data', () => {
    expect(headersFor({ data: null, errors: [refusal(30), refusal(90)] as any })).toEqual({
      'Retry-After': '90',
    });
    expect(headersFor({ data: { login: null }, errors: [refusal(30)] as any })).toEqual({
      'Retry-After': '30',
    });
  });

  it('is left out beside data or another error', () => {
    expect(
      headersFor({ data: { a: { token: 't' }, b: null }, errors: [refusal(30)] as any }),
    ).toBeUndefined();
    const other = { message: 'Bad.', extensions: { code: 'BAD_USER_INPUT' } };
    expect(headersFor({ data: null, errors: [refusal(30), other] as any })).toBeUndefined();
    expect(headersFor({ data: { ok: true } })).toBeUndefined();
  });
});
