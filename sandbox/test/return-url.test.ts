/**
 * The payment provider's allowed return addresses, as a real one keeps a merchant's: a deposit's returnUrl must be on
 * one of the site's origins (SANDBOX_RETURN_ORIGINS, by default SANDBOX_SITE_ORIGINS), or POST /api/deposit responds
 * with 422 naming returnUrl; and the payment page never sends a player anywhere else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { api, newPlayer, startSandbox } from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

const deposit = (base: string, token: string, returnUrl: string) =>
  api(base, 'POST', '/api/deposit', { token, body: { gateway: 'eft', amount: 20, returnUrl } });

/** Pays on the payment page as a browser does (its form), without following the redirect. */
const payAsBrowser = (redirectUrl: string) =>
  fetch(`${redirectUrl}/confirm`, { method: 'POST', redirect: 'manual', headers: { accept: 'text/html' } });

describe('POST /api/deposit', () => {
  it('refuses a returnUrl off the site’s origins with 422 in the casino’s error shape, making no deposit', async () => {
    const p = await newPlayer(sb.url);
    for (const returnUrl of [
      'https://evil.example/',
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      '/cashier',
      '//evil.example/',
      'http://localhost.evil.example/',
      'http://localhost:5173@evil.example/',
      'http://user:secret@localhost:5173/',
      'https://localhost:5173/',
      'ftp://127.0.0.1/',
    ]) {
      const res = await deposit(sb.url, p.token, returnUrl);
      expect(res.status, returnUrl).toBe(422);
      expect(res.body.error, returnUrl).toMatch(
        /^returnUrl: must be an http\(s\) address on one of the site's origins/,
      );
      expect(res.body.errors, returnUrl).toEqual({ returnUrl: [expect.any(String)] });
    }
  });

  it('takes one on the site’s origins (this machine, at any port, by default) and returns the player there', async () => {
    const p = await newPlayer(sb.url);
    for (const site of ['http://localhost:5173', 'http://127.0.0.1:8080', 'http://[::1]:4000']) {
      const res = await deposit(sb.url, p.token, `${site}/casino?modal=wallet&provider=callpay`);
      expect(res.status, site).toBe(200);
      const paid = await payAsBrowser(res.body.redirectUrl);
      expect(paid.status, site).toBe(303);
      expect(paid.headers.get('location'), site).toBe(
        `${site}/casino?modal=wallet&provider=callpay&paymentId=${res.body.paymentId}&status=complete`,
      );
    }
  });
});

describe('SANDBOX_RETURN_ORIGINS', () => {
  it('replaces the site origins as the allowed return addresses when set; follows SANDBOX_SITE_ORIGINS otherwise', async () => {
    const own = await startSandbox({ config: { returnOrigins: ['https://playlive.example'] } });
    const framed = await startSandbox({ config: { siteOrigins: ['https://www.playlive.example'] } });
    try {
      const a = await newPlayer(own.url);
      expect((await deposit(own.url, a.token, 'https://playlive.example/casino')).status).toBe(200);
      expect((await deposit(own.url, a.token, 'http://localhost:5173/casino')).status).toBe(422);
      const b = await newPlayer(framed.url);
      expect((await deposit(framed.url, b.token, 'https://www.playlive.example/casino')).status).toBe(200);
      expect((await deposit(framed.url, b.token, 'https://playlive.example/casino')).status).toBe(422);
    } finally {
      await own.close();
      await framed.close();
    }
  });

  it('is read from the environment, naming a bad entry', () => {
    expect(configFromEnv({}).returnOrigins).toBeUndefined();
    expect(
      configFromEnv({ SANDBOX_RETURN_ORIGINS: 'https://playlive.example/, http://127.0.0.1:*' })
        .returnOrigins,
    ).toEqual(['https://playlive.example', 'http://127.0.0.1:*']);
    for (const bad of ['playlive.example', 'https://a.example/path', 'javascript:alert(1)'])
      expect(() => configFromEnv({ SANDBOX_RETURN_ORIGINS: bad }), bad).toThrow(
        /SANDBOX_RETURN_ORIGINS: must be a comma-separated list of site origins/,
      );
  });
});

describe('the payment page', () => {
  it('never redirects to a return address no longer on the list (one kept from before it changed)', async () => {
    const before = await startSandbox({ config: { returnOrigins: ['https://old.playlive.example'] } });
    const p = await newPlayer(before.url);
    const res = await deposit(before.url, p.token, 'https://old.playlive.example/casino');
    expect(res.status).toBe(200);
    await before.close();
    // The same provider, its list changed: the deposit's page is served from the same data.
    const after = await startSandbox({
      config: { dataDir: before.dataDir, returnOrigins: ['https://playlive.example'] },
    });
    try {
      const payPage = `${after.url}${new URL(res.body.redirectUrl).pathname}`;
      const pageRes = await fetch(payPage, { headers: { accept: 'text/html' } });
      expect(pageRes.headers.get('content-security-policy')).toContain("form-action 'self';");
      const paid = await payAsBrowser(payPage);
      expect(paid.status).toBe(200);
      expect(paid.headers.get('location')).toBeNull();
      expect(await paid.text()).toContain('Payment complete');
    } finally {
      await after.close();
    }
  });
});
