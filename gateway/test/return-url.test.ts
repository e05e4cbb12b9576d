/**
 * A deposit's returnUrl is where the casino's payment page sends the player once they have paid: only ever the site
 * itself (ALLOWED_ORIGINS, and RETURN_URL_ORIGINS). Any other address (another origin, javascript:, data:, a
 * relative path) is refused with BAD_USER_INPUT naming returnUrl before anything is sent to the casino; the site's
 * own return address (as the cashier builds it) goes through and brings the player back.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnAddress } from '../../web/src/features/cashier/deposit-return.js';
import { configFromEnv } from '../src/config.js';
import { signUp, startStack, type Stack } from './harness.js';

const SITE = 'http://localhost:5173';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    gateway: {
      allowedOrigins: [SITE],
      returnUrlOrigins: ['http://127.0.0.1:*', 'https://pay.playlive.example'],
    },
  });
});
afterAll(() => stack.close());

const DEPOSIT = `mutation($input: DepositInput!) { deposit(input: $input) { paymentId redirectUrl } }`;

const deposit = (token: string, returnUrl: string | undefined) =>
  stack.gql(
    DEPOSIT,
    { input: { gateway: 'EFT', amount: '50.00', idempotencyKey: randomUUID(), returnUrl } },
    { token },
  );

describe('a deposit’s returnUrl', () => {
  it('is refused with BAD_USER_INPUT naming returnUrl when it leads anywhere but the site, and nothing is sent', async () => {
    const { token } = await signUp(stack);
    for (const returnUrl of [
      'https://evil.example/',
      'javascript:alert(document.cookie)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/cashier?modal=wallet',
      '//evil.example/cashier',
      'cashier',
      '',
      // Look-alikes of the site's origin.
      'http://localhost:5173.evil.example/',
      'http://localhost:5173@evil.example/',
      'https://localhost:5173/',
      'http://localhost:5174/',
      'http://user:secret@localhost:5173/',
      'https://pay.playlive.example.evil.example/',
      'http://pay.playlive.example/',
      'ftp://127.0.0.1/',
      'http:\\\\evil.example\\',
    ]) {
      const res = await deposit(token, returnUrl);
      expect(res.data?.deposit ?? null, returnUrl).toBeNull();
      expect(res.errors, returnUrl).toHaveLength(1);
      expect(res.errors![0], returnUrl).toMatchObject({
        path: ['deposit'],
        message: expect.stringMatching(/^returnUrl /),
        extensions: { code: 'BAD_USER_INPUT', fields: { returnUrl: [expect.any(String)] } },
      });
      expect(res.extensions.upstreamCalls, returnUrl).not.toContain('POST /api/deposit');
    }
  });

  it('goes through when it is the site’s own address, as the cashier builds it, and the payment page returns there', async () => {
    const { token } = await signUp(stack);
    const returnUrl = returnAddress('CALLPAY', { origin: SITE, pathname: '/casino' });
    const res = await deposit(token, returnUrl);
    expect(res.errors).toBeUndefined();
    const paid = await fetch(`${res.data.deposit.redirectUrl}/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(back.origin).toBe(SITE);
    expect(back.pathname).toBe('/casino');
    expect(back.searchParams.get('provider')).toBe('callpay');
    expect(back.searchParams.get('paymentId')).toBe(res.data.deposit.paymentId);
  });

  it('may be on an origin of RETURN_URL_ORIGINS (a host at any port, or an exact origin); none is needed', async () => {
    const { token } = await signUp(stack);
    for (const returnUrl of [
      'http://127.0.0.1:8080/casino?modal=wallet',
      'https://pay.playlive.example/back',
    ]) {
      const res = await deposit(token, returnUrl);
      // The gateway let it through: the deposit was asked of the casino (which keeps its own list of return
      // addresses, and may still refuse one, as the sandbox does with https://pay.playlive.example).
      expect(res.extensions.upstreamCalls, returnUrl).toContain('POST /api/deposit');
      if (returnUrl.startsWith('http://127.0.0.1')) expect(res.errors, returnUrl).toBeUndefined();
    }
    const none = await deposit(token, undefined);
    expect(none.errors).toBeUndefined();
  });
});

describe('RETURN_URL_ORIGINS', () => {
  it('reads a list of origins (a port or any port); by default this machine’s outside production, none in it', () => {
    expect(
      configFromEnv({ RETURN_URL_ORIGINS: 'https://playlive.example/, http://127.0.0.1:*' }).returnUrlOrigins,
    ).toEqual(['https://playlive.example', 'http://127.0.0.1:*']);
    expect(configFromEnv({ NODE_ENV: 'production' }).returnUrlOrigins).toEqual([]);
    expect(configFromEnv({ NODE_ENV: 'development' }).returnUrlOrigins).toEqual([
      'http://localhost:*',
      'http://127.0.0.1:*',
      'http://[::1]:*',
    ]);
  });

  it('stops the start naming the variable when an entry is not an origin', () => {
    for (const value of [
      'https://playlive.example/cashier',
      'javascript:alert(1)',
      '*',
      'playlive.example',
    ]) {
      expect(() => configFromEnv({ RETURN_URL_ORIGINS: value }), value).toThrow(
        /RETURN_URL_ORIGINS: must be/,
      );
    }
  });
});
