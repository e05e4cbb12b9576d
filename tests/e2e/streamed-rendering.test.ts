/**
 * A server-rendered page whose slow part streams (docs/architecture.md#server-rendering): with the casino's latest
 * wins slow to answer (a sandbox fault holds the call), home's shell and first screen arrive first and the wins follow
 * in the same response, put in place by React's inline scripts under the response's own nonce; Chromium shows the
 * shell, then the wins, with no policy violation and no hydration mismatch; a crawler gets the page whole, the wins in
 * place and no script of React's. The held call is let go as soon as what came before it has been checked, so no
 * test waits out the fault's delay.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appReady, startSiteStack, type SiteStack } from './stack.js';

let stack: SiteStack;

beforeAll(async () => {
  // No public cache in the gateway: every render asks the casino, so the slowed call is the page's own.
  stack = await startSiteStack({ gateway: { publicCacheTtlMs: 0 } });
});
afterAll(() => stack?.close());
// A test that failed midway may leave a call held: the next test counts only its own.
afterEach(async () => {
  await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
  await fetch(`${stack.sandbox.url}/sandbox/faults/release`, { method: 'POST' });
});

const WINS_CALL = '/api/latestWins';
/** Longer than any test here runs: each lets the call go itself (release). */
const SLOW_MS = 30_000;

async function sandbox(path: string, init: { method: string; body?: unknown } = { method: 'GET' }) {
  const res = await fetch(`${stack.sandbox.url}${path}`, {
    method: init.method,
    ...(init.body
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }
      : {}),
  });
  return (await res.json()) as { held?: number };
}

/** The casino's latest wins answer only once released (the next call only). */
const slowWins = () =>
  sandbox('/sandbox/faults', {
    method: 'POST',
    body: { method: 'GET', path: WINS_CALL, delayMs: SLOW_MS, times: 1 },
  });
const heldCalls = async () => (await sandbox('/sandbox/faults')).held ?? 0;
const release = () => sandbox('/sandbox/faults/release', { method: 'POST' });

/** The inline scripts a browser would run (not the JSON data elements), as their start tags. */
const runnableInlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((m) => m[0])
    .filter((tag) => !/\ssrc=|type="application\/(?:json|ld\+json)"/.test(tag));

/**
 * Whether the markup lists wins: each is a line with the amount in bold. While they come, the section shows its
 * heading over empty lines (home's skeleton).
 */
const listsWins = (html: string) =>
  [...html.matchAll(/id="latest-wins"[\s\S]*?<\/section>/g)].some((m) =>
    /<li><strong>R[\d,.]+<\/strong>/.test(m[0]),
  );
const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

describe('a streamed page', () => {
  it('sends its shell before the slow part and the slow part later in the same response, under a fresh nonce', async () => {
    await slowWins();
    const res = await fetch(`${stack.site.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    const nonce = nonceOf(res.headers.get('content-security-policy'));
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{16,}={0,2}$/);
    // Every other rule of the policy is the site's own (the starter's hash among them).
    expect(res.headers.get('content-security-policy')).toMatch(
      /^default-src 'self'; script-src 'self' 'sha256-[^']+' 'nonce-[^']+' .*frame-ancestors 'none'$/,
    );

    // Read as it arrives (decompressed as it comes: the server flushes each piece through brotli), up to the shell.
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let html = '';
    while (!html.includes('MOST POPULAR') || !html.includes('id="page-code"')) {
      const { value, done } = await reader.read();
      if (done) break;
      html += value;
    }
    // The shell and first screen are here (the offer, the games), while the casino still holds the wins' call.
    expect(html).toContain('MOST POPULAR');
    expect(html).toMatch(/<h1\b[^>]*>[^<]*PlayLive Casino/);
    expect(await heldCalls()).toBe(1);
    expect(html).toContain('id="latest-wins"');
    expect(listsWins(html)).toBe(false);
    const shell = html;

    await release();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      html += value;
    }
    const later = html.slice(shell.length);
    // The wins came later in the same response, in a hidden element React's script moves into the page.
    expect(listsWins(later)).toBe(true);
    expect(later).toMatch(/<div hidden id="S:\d+">/);
    expect(later).toMatch(/\$RC\(/);
    // The records come last, with the wins in them: the app hydrates with every part present.
    const records = /<script type="application\/json" id="relay-records">([\s\S]*?)<\/script><\/body>/.exec(
      later,
    );
    expect(records?.[1]).toContain('"latestWins"');

    // Every script the browser would run carries this response's nonce, and the next response has another.
    const scripts = runnableInlineScripts(html);
    expect(scripts.length).toBeGreaterThan(1);
    for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`);
    const next = await fetch(`${stack.site.url}/`);
    await next.text();
    const nextNonce = nonceOf(next.headers.get('content-security-policy'));
    expect(nextNonce).toBeTruthy();
    expect(nextNonce).not.toBe(nonce);
  });

  it('shows the shell, then the wins, in Chromium, with no policy violation and no hydration mismatch', async () => {
    const { context, page } = await stack.open();
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { violations: seen });
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`),
      );
    });
    const problems: string[] = [];
    page.on('console', (message) => {
      // The test's browser blocks service workers (tests/e2e/stack.ts) and says so in the page's console itself.
      if (message.text().includes('blocked by Playwright')) return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await slowWins();
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'MOST POPULAR' }).waitFor();
    // On screen while the casino still holds the wins' call.
    expect(await heldCalls()).toBe(1);
    const wins = page.getByRole('region', { name: 'Latest wins' });
    expect(await wins.locator('strong').count()).toBe(0);

    await release();
    await wins.locator('strong').first().waitFor();
    await appReady(page);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    // A mismatch is a console error (React's recoverable error) and the page rendered again by the app.
    expect(problems).toEqual([]);
  });
});

describe('a crawler', () => {
  it('gets the page whole: the wins in place, no script of React’s', async () => {
    await slowWins();
    const answer = fetch(`${stack.site.url}/`, {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    // Nothing is sent while the call is held: let it go once it is.
    await expect.poll(heldCalls, { timeout: 10_000 }).toBe(1);
    await release();
    const res = await answer;
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(listsWins(html)).toBe(true);
    expect(html).not.toMatch(/<div hidden id="S:|<template id="B:|\$RC\(/);
    // The one script the page has is the code's starter, allowed by its hash: no nonce in the policy.
    expect(runnableInlineScripts(html)).toEqual(['<script>']);
    expect(res.headers.get('content-security-policy')).not.toContain("'nonce-");
  });
});
