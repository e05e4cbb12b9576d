/**
 * The sandbox's HTML pages as a browser is told to treat them: each runs only its own inline script and style, the
 * game page may be framed by the site (and no other page), the payment page by nobody, and its buttons may lead
 * back to the site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { api, newPlayer, someGameCode, startSandbox } from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

/** The directives of a Content-Security-Policy header, by name. */
function directives(res: Response): Record<string, string> {
  const policy = res.headers.get('content-security-policy') ?? '';
  return Object.fromEntries(
    policy.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values.join(' ')];
    }),
  );
}

/** The nonce every inline script and style element of the page carries (they must all carry the same one). */
function nonceOf(html: string): string {
  const tags = [...html.matchAll(/<(script|style)\b([^>]*)>/g)];
  expect(tags.length).toBeGreaterThan(0);
  const nonces = new Set(tags.map(([, , attrs]) => /nonce="([^"]+)"/.exec(attrs!)?.[1]));
  expect(nonces.size).toBe(1);
  return [...nonces][0]!;
}

describe('the game page', () => {
  it('runs only its own script and style, talks only to its origin, and may be framed by a site on this machine', async () => {
    const code = await someGameCode(sb.url);
    const first = await fetch(`${sb.url}/sandbox/game/${code}`);
    const html = await first.text();
    const nonce = nonceOf(html);
    expect(directives(first)).toEqual({
      'default-src': "'none'",
      'script-src': `'nonce-${nonce}'`,
      'style-src': `'nonce-${nonce}'`,
      'connect-src': "'self'",
      'base-uri': "'none'",
      'form-action': "'none'",
      // The default's http://[::1]:* is left out: CSP cannot name an IPv6 address, and browsers log it as invalid.
      'frame-ancestors': 'http://localhost:* http://127.0.0.1:*',
    });
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    // Framing is the policy's to decide: X-Frame-Options cannot name the site.
    expect(first.headers.get('x-frame-options')).toBeNull();
    // Each response draws its own nonce.
    const again = await fetch(`${sb.url}/sandbox/game/${code}`);
    expect(nonceOf(await again.text())).not.toBe(nonce);
  });

  it('may be framed only by the sites SANDBOX_SITE_ORIGINS names', async () => {
    const other = await startSandbox({
      config: { siteOrigins: ['https://playlive.example', 'http://[::1]:4000'] },
    });
    try {
      const res = await fetch(`${other.url}/sandbox/game/${await someGameCode(other.url)}`);
      expect(directives(res)['frame-ancestors']).toBe('https://playlive.example');
    } finally {
      await other.close();
    }
  });
});

describe('the payment page', () => {
  it('is never framed and its forms may lead only to itself and back to the site', async () => {
    const p = await newPlayer(sb.url);
    const deposit = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      body: { gateway: 'eft', amount: 20, returnUrl: 'http://localhost:5173/webplay/deposit?x=1' },
    });
    expect(deposit.status).toBe(200);
    const res = await fetch(deposit.body.redirectUrl, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const nonce = nonceOf(await res.text());
    expect(directives(res)).toEqual({
      'default-src': "'none'",
      'style-src': `'nonce-${nonce}'`,
      'base-uri': "'none'",
      'form-action': "'self' http://localhost:5173",
      'frame-ancestors': "'none'",
    });
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');

    // Without a return address, the page after paying stays on the provider.
    const bare = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      body: { gateway: 'eft', amount: 20 },
    });
    const done = await fetch(`${bare.body.redirectUrl}/confirm`, {
      method: 'POST',
      headers: { accept: 'text/html' },
    });
    expect(await done.text()).toContain('Payment complete');
    expect(directives(done)['form-action']).toBe("'self'");
  });
});

describe('SANDBOX_SITE_ORIGINS', () => {
  it('reads a list of origins (a port or any port), naming a bad one', () => {
    expect(
      configFromEnv({ SANDBOX_SITE_ORIGINS: 'https://playlive.example/, http://127.0.0.1:*' }).siteOrigins,
    ).toEqual(['https://playlive.example', 'http://127.0.0.1:*']);
    for (const bad of [
      'playlive.example',
      "'self'",
      'https://a.example; script-src *',
      'https://a.example/path',
    ])
      expect(() => configFromEnv({ SANDBOX_SITE_ORIGINS: bad }), bad).toThrow(
        /Invalid sandbox environment:\n\s+SANDBOX_SITE_ORIGINS: must be a comma-separated list of site origins/,
      );
  });
});
