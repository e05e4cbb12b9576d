/**
 * The site works under its Content-Security-Policy, and so do the pages it opens: the home screen, the games page
 * and a launched game (the casino's game page in the site's frame, under its own policy) report no violation at a
 * desktop's and a phone's width; GraphiQL runs a query under the gateway's policy for it.
 */
import type { ConsoleMessage, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { DESKTOP, newPlayer, PHONE, startAfresh, startSiteStack, type SiteStack } from './stack.js';

let stack: SiteStack;
/**
 * The one page every test drives: a fresh context's first page load costs Chromium several times a load in an open
 * page, so each test starts from this page with clean storage (startAfresh in stack.ts) rather than from a context of its own.
 * Its context records each document's violations from before any script of theirs runs.
 */
let page: Page;

beforeAll(async () => {
  stack = await startSiteStack();
  const opened = await stack.open();
  page = opened.page;
  await opened.context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${location.origin}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`),
    );
  });
});
afterAll(() => stack?.close());

/**
 * Every policy violation the page or any of its frames meets: the documents' securitypolicyviolation events
 * (recorded from before any script of theirs runs), and the console's CSP errors (which also name what a
 * frame-ancestors refusal blocked, which no event of the framed document reports).
 */
function watchViolations(page: Page): () => Promise<string[]> {
  const consoleErrors: string[] = [];
  const listener = (message: ConsoleMessage) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text()))
      consoleErrors.push(message.text());
  };
  page.on('console', listener);
  // The page outlives the test: its next tests record their own.
  onTestFinished(() => void page.off('console', listener));
  return async () => {
    const events: string[] = [];
    for (const frame of page.frames()) {
      const seen = await frame
        .evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])
        .catch(() => [] as string[]);
      events.push(...seen);
    }
    return [...events, ...consoleErrors];
  };
}

/** The shared page made new (at this size, with the player's token if any), watched from here on. */
async function openWatched(viewport: { width: number; height: number }, token: string | null = null) {
  await startAfresh(page, { viewport, token });
  return { page, violations: watchViolations(page) };
}

describe('the site under its Content-Security-Policy', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows the home screen and the games, and plays a game, with no violation (${name})`, async () => {
      const { page, violations } = await openWatched(viewport);
      const home = await page.goto('/');
      expect(home!.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The games' images are the casino's (the sandbox here): they must have loaded, not been blocked.
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              [...document.images].some(
                (img) => img.complete && img.naturalWidth > 0 && /\/images\//.test(img.src),
              ),
            ),
          { timeout: 10_000 },
        )
        .toBe(true);
      await page.waitForLoadState('networkidle');

      await page.goto('/webplay/all');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');

      const code = await firstSlot();
      await page.goto(`/game/${code}`);
      await page.getByRole('button', { name: 'Try the demo' }).click();
      // The casino's game page, framed by the site: its own script runs (it spins) under its own policy.
      const frame = page.frameLocator('iframe');
      await frame.getByRole('button', { name: 'Spin' }).click();
      await expect
        .poll(() => frame.getByRole('status').textContent(), { timeout: 10_000 })
        .toMatch(/won|No win/);
      expect(await violations()).toEqual([]);
    });
  }

  it('opens a player’s live updates socket on the site’s origin with no violation', async () => {
    const { page, violations } = await openWatched(DESKTOP, (await newPlayer(stack)).token);
    const sockets: string[] = [];
    const listener = (ws: WebSocket) => sockets.push(ws.url());
    page.on('websocket', listener);
    onTestFinished(() => void page.off('websocket', listener));
    await page.goto('/');
    await page.getByRole('button', { name: /^Wallet: / }).waitFor();
    await expect
      .poll(() => sockets, { timeout: 10_000 })
      .toContain(`${stack.site.url.replace(/^http/, 'ws')}/graphql`);
    expect(await violations()).toEqual([]);
  });
});

describe('GraphiQL under the gateway’s policy for it', () => {
  it('loads and runs a query with no violation', async () => {
    const { page, violations } = await openWatched(DESKTOP);
    await page.goto(`${stack.gateway.url}/graphql`);
    const run = page.getByRole('button', { name: /Execute query/i });
    await run.waitFor();
    await run.click();
    // The default tab holds several operations: GraphiQL asks which one to run.
    await page.getByRole('menuitem', { name: 'Catalogue' }).click();
    await expect
      .poll(() => page.locator('.graphiql-response').textContent(), { timeout: 10_000 })
      .toContain('totalCount');
    expect(await violations()).toEqual([]);
  });
});

async function firstSlot(): Promise<string> {
  const res = await fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: '{ games(first: 1, filter: { category: "slots" }) { edges { node { code } } } }',
    }),
  });
  return ((await res.json()) as { data: { games: { edges: { node: { code: string } }[] } } }).data.games
    .edges[0]!.node.code;
}
