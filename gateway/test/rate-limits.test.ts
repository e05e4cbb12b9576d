/**
 * Rate limits as a client meets them: a guarded mutation tried too often by one player, or from one address, is
 * refused with RATE_LIMITED and extensions.retryAfter, before anything is sent to the casino; every operation from
 * one address, over HTTP and graphql-ws, meets a ceiling (HTTP: 429 with Retry-After); once the window has passed
 * the client is let in again. Counts live in memory, or in a real redis-server shared by two gateways, and the
 * gateway lets players in when Redis is down.
 *
 * The stack here stands behind one trusted proxy (trustProxy: 1), so each test can act from its own address with
 * X-Forwarded-For; one test shows the header is ignored when no proxy is trusted (the default). The gateway's clock
 * is moved forward instead of waiting for a window to pass.
 */
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { MemoryCounters, REDIS_KEY_PREFIX } from '../src/rate-limits/counters.js';
import { clientIp } from '../src/rate-limits/client-ip.js';
import {
  ACTION_LIMITS,
  OPERATIONS_PER_IP,
  SIGN_IN_LIMITS,
  type LimitedAction,
} from '../src/rate-limits/rules.js';
import { createGateway, type Gateway } from '../src/server.js';
import { startRedisServer, type RedisServer } from './redis-server.js';
import { credit, identity, sandboxPost, startStack, subscribe, type Stack } from './harness.js';

let offsetMs = 0;
/** The gateway's clock: real time, moved forward by tests instead of sleeping through a window. */
const clock = () => new Date(Date.now() + offsetMs);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ gateway: { rateLimits: true, trustProxy: 1 }, clock });
});
afterAll(() => stack.close());

let addresses = 0;
/** A fresh client address (TEST-NET-3), as the trusted proxy reports it. */
const newIp = () => `203.0.113.${++addresses}`;
let emails = 0;
const newEmail = () => `limits${Date.now()}-${++emails}@example.test`;

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { token } }';
const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) { token } }';
const FORGOT = 'mutation($input: ForgotPasswordInput!) { forgotPassword(input: $input) { message } }';
const RESET = 'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { token } }';
const REDEEM = 'mutation($input: RedeemCouponInput!) { redeemCoupon(input: $input) { coupon { code } } }';
const DEPOSIT = 'mutation($input: DepositInput!) { deposit(input: $input) { paymentId } }';
const WITHDRAW = 'mutation($input: WithdrawInput!) { withdraw(input: $input) { withdrawalId } }';

/** A player registered at the sandbox itself, so no gateway limit is spent on it. */
async function newPlayer(): Promise<{ token: string; email: string }> {
  const email = newEmail();
  const { token } = await sandboxPost(stack, '/api/register', {
    name: 'Limited Player',
    email,
    password: 'correct-horse-9',
    ...identity('rest'),
  });
  return { token, email };
}

function asClient(ip: string, token?: string) {
  return (query: string, variables: Record<string, unknown> = {}) =>
    stack.gql(query, variables, { token: token ?? null, headers: { 'x-forwarded-for': ip } });
}

function expectRateLimited(res: { data: unknown; errors?: any[] }, refusal: string, windowMs: number) {
  expect(res.data).toBeNull();
  expect(res.errors).toHaveLength(1);
  const [error] = res.errors!;
  expect(error.extensions.code).toBe('RATE_LIMITED');
  expect(error.extensions.retryAfter).toBeGreaterThan(0);
  expect(error.extensions.retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  expect(error.message).toMatch(
    new RegExp(`^${refusal.replace('.', '\\.')} Please try again in \\d+ (second|minute)s?\\.$`),
  );
  return error.extensions.retryAfter as number;
}

/**
 * Each guarded mutation, tried by one player: `send(ip)` makes one attempt from that address (all by the same
 * player), and `write` is the upstream call a refused attempt must not make.
 */
const guarded: {
  action: LimitedAction;
  write: string;
  prepare: () => Promise<(ip: string) => ReturnType<Stack['gql']>>;
}[] = [
  {
    action: 'register',
    write: 'POST /api/register',
    prepare: async () => {
      const email = newEmail();
      return (ip) =>
        asClient(ip)(REGISTER, {
          input: { name: 'New Player', email, password: 'correct-horse-9', ...identity() },
        });
    },
  },
  {
    action: 'forgotPassword',
    write: 'POST /api/forgotPassword',
    prepare: async () => {
      const { email } = await newPlayer();
      return (ip) => asClient(ip)(FORGOT, { input: { email } });
    },
  },
  {
    action: 'resetPassword',
    write: 'POST /api/resetPassword',
    prepare: async () => {
      const { email } = await newPlayer();
      return (ip) =>
        asClient(ip)(RESET, { input: { email, token: 'not-a-reset-token', password: 'another-horse-9' } });
    },
  },
  {
    action: 'redeemCoupon',
    write: 'POST /api/couponRedeem',
    prepare: async () => {
      const { token } = await newPlayer();
      return (ip) => asClient(ip, token)(REDEEM, { input: { code: 'NOT-A-COUPON' } });
    },
  },
  {
    action: 'deposit',
    write: 'POST /api/deposit',
    prepare: async () => {
      const { token } = await newPlayer();
      let n = 0;
      return (ip) =>
        asClient(ip, token)(DEPOSIT, {
          input: { gateway: 'EFT', amount: '50.00', idempotencyKey: `limits-deposit-${++n}` },
        });
    },
  },
  {
    action: 'withdraw',
    write: 'POST /api/withdraw',
    prepare: async () => {
      const { token } = await newPlayer();
      await credit(stack, token, '1000.00');
      let n = 0;
      return (ip) =>
        asClient(ip, token)(WITHDRAW, {
          input: { amount: '60.00', idempotencyKey: `limits-withdraw-${++n}` },
        });
    },
  },
];

describe('the guarded mutations, per player', () => {
  it.each(guarded)(
    '$action: past its limit, refused from any address until the window passes',
    async ({ action, write, prepare }) => {
      const { perPlayer, refusal } = ACTION_LIMITS[action];
      const attempt = await prepare();
      // Each attempt from another address: only the player's own count can stop them.
      for (let i = 0; i < perPlayer.max; i++) {
        const res = await attempt(newIp());
        expect(res.errors?.[0]?.extensions.code).not.toBe('RATE_LIMITED');
      }
      const refused = await attempt(newIp());
      const retryAfter = expectRateLimited(refused, refusal, perPlayer.windowMs);
      // Refused before the casino is asked.
      expect(refused.extensions.upstreamCalls).not.toContain(write);

      offsetMs += retryAfter * 1000;
      const later = await attempt(newIp());
      expect(later.errors?.[0]?.extensions.code).not.toBe('RATE_LIMITED');
      expect(later.extensions.upstreamCalls).toContain(write);
    },
  );

  // Sign-ins count failures per email and address (login-lockout.test.ts has the rest of their rules).
  it('counts a sign-in’s email however it is capitalised, and lets the right password in once the window passes', async () => {
    const { email } = await newPlayer();
    const { perEmailAndIp, refusal } = SIGN_IN_LIMITS;
    const ip = newIp();
    for (let i = 0; i < perEmailAndIp.max; i++) {
      const spelled = i % 2 ? email.toUpperCase() : ` ${email} `;
      await asClient(ip)(LOGIN, { input: { email: spelled, password: 'wrong-password-1' } });
    }
    const right = { input: { email, password: 'correct-horse-9' } };
    const refused = await asClient(ip)(LOGIN, right);
    const retryAfter = expectRateLimited(refused, refusal, perEmailAndIp.windowMs);
    expect(refused.extensions.upstreamCalls).not.toContain('POST /api/login');
    offsetMs += retryAfter * 1000;
    const signedIn = await asClient(ip)(LOGIN, right);
    expect(signedIn.errors).toBeUndefined();
    expect(signedIn.data.login.token).toEqual(expect.any(String));
  });
});

describe('the guarded mutations, per address', () => {
  it('refuses an address that tries many players, while other addresses still get in', async () => {
    const { perIp, refusal } = ACTION_LIMITS.forgotPassword;
    const ip = newIp();
    for (let i = 0; i < perIp.max; i++) {
      const res = await asClient(ip)(FORGOT, { input: { email: newEmail() } });
      expect(res.errors).toBeUndefined();
    }
    const refused = await asClient(ip)(FORGOT, { input: { email: newEmail() } });
    expectRateLimited(refused, refusal, perIp.windowMs);
    const elsewhere = await asClient(newIp())(FORGOT, { input: { email: newEmail() } });
    expect(elsewhere.errors).toBeUndefined();
  });

  it('refuses sign-in attempts at many accounts from one address', async () => {
    const { perIp, refusal } = SIGN_IN_LIMITS;
    const ip = newIp();
    for (let i = 0; i < perIp.max; i++) {
      const res = await asClient(ip)(LOGIN, { input: { email: newEmail(), password: 'guess-1234' } });
      expect(res.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    }
    const { email } = await newPlayer();
    const refused = await asClient(ip)(LOGIN, { input: { email, password: 'correct-horse-9' } });
    expectRateLimited(refused, refusal, perIp.windowMs);
  });

  it('ignores X-Forwarded-For unless a proxy is trusted (the default): a client cannot name a new address', async () => {
    const untrusting = await createGateway({
      config: {
        port: 0,
        host: '127.0.0.1',
        casinoApiUrl: stack.sandbox.url,
        pusherUrl: stack.sandbox.url,
        rateLimits: true,
        trustProxy: 0,
      },
      logger: { info: () => {}, warn: () => {} },
    });
    try {
      const { perIp } = ACTION_LIMITS.forgotPassword;
      const send = () =>
        fetch(`${untrusting.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': newIp() },
          body: JSON.stringify({ query: FORGOT, variables: { input: { email: newEmail() } } }),
        }).then((r) => r.json() as Promise<any>);
      for (let i = 0; i < perIp.max; i++) expect((await send()).errors).toBeUndefined();
      expect((await send()).errors[0].extensions.code).toBe('RATE_LIMITED');
    } finally {
      await untrusting.close();
    }
  });
});

describe('the ceiling on all operations from one address', () => {
  /** POSTs `count` small queries from `ip`, a few at a time; returns their statuses. */
  async function flood(ip: string, count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let sent = 0; sent < count; sent += 25) {
      const batch = Array.from({ length: Math.min(25, count - sent) }, () =>
        asClient(ip)('{ __typename }').then((r) => r.status),
      );
      statuses.push(...(await Promise.all(batch)));
    }
    return statuses;
  }

  function wsClient(ip: string) {
    class FromAddress extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers: { 'x-forwarded-for': ip } });
      }
    }
    return createClient({
      url: `${stack.gateway.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: FromAddress,
      retryAttempts: 0,
      lazy: true,
    });
  }

  it('responds with 429 and Retry-After over HTTP, refuses graphql-ws operations too, and lets the address in again', async () => {
    const ip = newIp();
    const statuses = await flood(ip, OPERATIONS_PER_IP.max);
    expect(statuses.every((s) => s === 200)).toBe(true);

    const res = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(OPERATIONS_PER_IP.windowMs / 1000);
    const body = (await res.json()) as any;
    expect(body.errors[0]).toMatchObject({
      // A whole minute left (the flood took under a second of a fresh window) reads "1 minute", as it should.
      message: expect.stringMatching(
        /^Too many requests from your address\. Please try again in (\d+ seconds?|1 minute)\.$/,
      ),
      extensions: { code: 'RATE_LIMITED', retryAfter },
    });
    // Internal details of the refusal (its HTTP status) stay out of the response.
    expect(body.errors[0].extensions.http).toBeUndefined();

    // The same address over graphql-ws.
    const live = wsClient(ip);
    const op = subscribe(live, '{ __typename }');
    const { errors } = await op.ended;
    expect(errors?.[0]).toMatchObject({
      extensions: { code: 'RATE_LIMITED', retryAfter: expect.any(Number) },
    });

    // Other addresses, and the health checks, are not affected.
    expect((await asClient(newIp())('{ __typename }')).status).toBe(200);
    expect((await fetch(`${stack.gateway.url}/healthz`, { headers: { 'x-forwarded-for': ip } })).status).toBe(
      200,
    );

    offsetMs += retryAfter * 1000;
    expect((await asClient(ip)('{ __typename }')).status).toBe(200);
    const again = subscribe(live, '{ __typename }');
    expect(await again.next()).toMatchObject({ data: { __typename: 'Query' } });
    await live.dispose();
  });

  it("counts a guest's repeated GETs, served from the cache by their address, against the same ceiling", async () => {
    const ip = newIp();
    const address = `${stack.gateway.url}/graphql?${new URLSearchParams({ query: '{ gameProviders { shortname } }' })}`;
    const get = () =>
      fetch(address, { headers: { 'x-forwarded-for': ip, 'x-graphql-yoga-csrf': '1' } }).then(async (res) => {
        const body = (await res.json()) as { extensions?: { responseCache?: { hit?: boolean } } };
        return { status: res.status, hit: body.extensions?.responseCache?.hit === true };
      });
    const responses: { status: number; hit: boolean }[] = [];
    for (let sent = 0; sent < OPERATIONS_PER_IP.max; sent += 25) {
      responses.push(...(await Promise.all(Array.from({ length: 25 }, get))));
    }
    expect(responses.every((a) => a.status === 200)).toBe(true);
    expect(responses.filter((a) => a.hit).length).toBeGreaterThan(OPERATIONS_PER_IP.max / 2);
    expect((await get()).status).toBe(429);
    offsetMs += OPERATIONS_PER_IP.windowMs;
    expect((await get()).status).toBe(200);
  });

  it('counts graphql-ws operations against the same ceiling as HTTP', async () => {
    const ip = newIp();
    const live = wsClient(ip);
    for (let i = 0; i < OPERATIONS_PER_IP.max; i += 50) {
      const ops = Array.from({ length: 50 }, () => subscribe(live, '{ __typename }'));
      await Promise.all(ops.map((op) => op.ended));
    }
    const res = await asClient(ip)('{ __typename }');
    expect(res.status).toBe(429);
    expect(res.errors![0].extensions.code).toBe('RATE_LIMITED');
    await live.dispose();
  });
});

describe('settings and parts', () => {
  it('is on by default, trusts no proxy by default, and names a bad setting', () => {
    expect(configFromEnv({})).toMatchObject({ rateLimits: true, trustProxy: 0 });
    expect(configFromEnv({ RATE_LIMITS: '0', TRUST_PROXY: '1' })).toMatchObject({
      rateLimits: false,
      trustProxy: 1,
    });
    expect(() => configFromEnv({ RATE_LIMITS: 'sometimes' })).toThrow(/RATE_LIMITS: must be 0 or 1/);
    expect(() => configFromEnv({ TRUST_PROXY: 'yes' })).toThrow(
      /TRUST_PROXY: must be the number of proxies in front of the gateway, from 0 to 10/,
    );
  });

  it('in memory: bounded, dropping expired keys first, then the oldest', async () => {
    let now = 0;
    const counters = new MemoryCounters(() => now, 10);
    for (let i = 0; i < 10; i++) await counters.hit(`old-${i}`, 1000);
    expect(await counters.hit('old-0', 1000)).toBe(2);
    now = 2000;
    for (let i = 0; i < 5; i++) await counters.hit(`new-${i}`, 1000);
    // The ten expired keys made room.
    expect(counters.size).toBe(5);
    for (let i = 5; i < 40; i++) await counters.hit(`new-${i}`, 1000);
    expect(counters.size).toBeLessThanOrEqual(10);
    expect(await counters.hit('new-39', 1000)).toBe(2);
  });

  it('reads the client address from the socket, or from the trusted proxies’ hops only', () => {
    const req = (peer: string, forwarded?: string) => ({
      socket: { remoteAddress: peer },
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    });
    expect(clientIp(req('::ffff:198.51.100.7', '1.2.3.4'), 0)).toBe('198.51.100.7');
    // nginx appends the address it received from: with one proxy trusted that is the client.
    expect(clientIp(req('10.0.0.2', '198.51.100.7'), 1)).toBe('198.51.100.7');
    // What the client wrote itself, further left, is not believed.
    expect(clientIp(req('10.0.0.2', '6.6.6.6, 198.51.100.7'), 1)).toBe('198.51.100.7');
    expect(clientIp(req('10.0.0.3', '6.6.6.6, 198.51.100.7, 10.0.0.2'), 2)).toBe('198.51.100.7');
    // A request that did not come through the proxy has no hop to read.
    expect(clientIp(req('198.51.100.9'), 1)).toBe('198.51.100.9');
    // One IPv6 household is one /64.
    expect(clientIp(req('2001:db8:1:2:aaaa::1'), 0)).toBe('2001:db8:1:2::/64');
    expect(clientIp(req('2001:0db8:0001:0002:ffff:0:0:9'), 0)).toBe('2001:db8:1:2::/64');
  });
});

describe('in Redis', () => {
  let redisServer: RedisServer;
  const gateways: Gateway[] = [];
  const lines: unknown[] = [];
  const logger = { info: (l: unknown) => lines.push(l), warn: (l: unknown) => lines.push(l) };

  const start = async () => {
    const gateway = await createGateway({
      config: {
        port: 0,
        host: '127.0.0.1',
        casinoApiUrl: stack.sandbox.url,
        pusherUrl: stack.sandbox.url,
        rateLimits: true,
        trustProxy: 1,
        redisUrl: redisServer.url,
        exposeUpstreamCalls: true,
      },
      clock,
      logger,
    });
    gateways.push(gateway);
    return gateway;
  };
  const login = (gateway: Gateway, email: string, password = 'wrong-password-1', ip = newIp()) =>
    fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ query: LOGIN, variables: { input: { email, password } } }),
    }).then((r) => r.json() as Promise<any>);

  beforeAll(async () => {
    redisServer = await startRedisServer();
  });
  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    await redisServer.stop();
  });

  it('shares one player’s count across two gateways, keeps no email in Redis, and forgets it after the window', async () => {
    const [a, b] = [await start(), await start()];
    const { email } = await newPlayer();
    const { perEmailAndIp } = SIGN_IN_LIMITS;
    const ip = newIp();
    for (let i = 0; i < perEmailAndIp.max; i++) {
      const res = await login(i % 2 ? a : b, email, undefined, ip);
      expect(res.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
    const refusedA = await login(a, email, 'correct-horse-9', ip);
    const refusedB = await login(b, email, 'correct-horse-9', ip);
    expect(refusedA.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(refusedB.errors[0].extensions.code).toBe('RATE_LIMITED');

    const inspect = new Redis(redisServer.url);
    try {
      const keys = await inspect.keys(`${REDIS_KEY_PREFIX}*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.join(' ')).not.toContain(email);
      expect(keys.join(' ')).not.toContain('203.0.113');
      // Each key expires with its window.
      const ttl = await inspect.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(SIGN_IN_LIMITS.perEmail.windowMs);
    } finally {
      inspect.disconnect();
    }

    offsetMs += refusedB.errors[0].extensions.retryAfter * 1000;
    const signedIn = await login(a, email, 'correct-horse-9', ip);
    expect(signedIn.errors).toBeUndefined();
  });

  it('lets players in when Redis is down, saying so in one log line', async () => {
    const gateway = await start();
    const { email } = await newPlayer();
    await redisServer.stop();
    const before = lines.length;
    const ip = newIp();
    for (let i = 0; i < SIGN_IN_LIMITS.perEmailAndIp.max + 3; i++) {
      const res = await login(gateway, email, undefined, ip);
      expect(res.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
    const signedIn = await login(gateway, email, 'correct-horse-9', ip);
    expect(signedIn.errors).toBeUndefined();
    const said = lines
      .slice(before)
      .filter((l): l is string => typeof l === 'string' && l.startsWith('Rate limits are not enforced'));
    expect(said).toHaveLength(1);
    // The line names neither the player nor a secret.
    expect(said[0]).not.toContain(email);
  });
});
