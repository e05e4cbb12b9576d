/**
 * Low-data mode and the data meter (docs/architecture.md#low-data-mode), as a player on prepaid data meets them: a
 * browser that sends Save-Data gets the casino's small art, no code until the first tap, and a service worker that
 * fetches nothing ahead; a player's banner video does not play; the footer's switch turns the mode on and it stays
 * on at the next visit; and the footer's meter says about what the browser itself counted.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, newPlayer, PHONE, signInBrowser, startSiteStack, type SiteStack } from './stack.js';

let stack: SiteStack;

beforeAll(async () => {
  stack = await startSiteStack();
});
afterAll(() => stack?.close());

/** The casino's art asked for by `page`'s context, by address. */
function artRequests(context: BrowserContext): URL[] {
  const art: URL[] = [];
  context.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.origin === stack.sandbox.url && url.pathname.startsWith('/images/')) art.push(url);
  });
  return art;
}

/** The half width the casino also serves (sandbox/src/art/images.ts): a game's tile is 400 wide. */
const SMALL_TILE = '200';

const lowDataSwitch = (page: Page) =>
  page.getByRole('contentinfo').getByRole('switch', { name: 'Low-data mode' });

describe('low-data mode', () => {
  it('with Save-Data sends small art, no code until a tap, and a worker that fetches nothing ahead', async () => {
    const { context, page } = await stack.open(PHONE, { serviceWorkers: 'allow' });
    await context.setExtraHTTPHeaders({ 'Save-Data': 'on' });
    const art = artRequests(context);
    const code: string[] = [];
    const workerFetches: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (request.serviceWorker()) workerFetches.push(url.pathname + url.search);
      else if (url.pathname.endsWith('.js')) code.push(url.pathname);
    });

    const response = await page.goto('/', { waitUntil: 'load' });
    expect(response?.headers().vary).toMatch(/Save-Data/);
    await expect.poll(() => lowDataSwitch(page).getAttribute('aria-checked')).toBe('true');
    // The first screen's tiles, small; the sections below it show the games' names until the app runs.
    expect(art.length).toBeGreaterThan(0);
    for (const url of art) expect(url.searchParams.get('w'), url.pathname).toBe(SMALL_TILE);
    expect(code).toEqual([]);

    // A tap brings the code; the app takes the page over still in low-data mode, and the art below comes, small.
    const seenBefore = art.length;
    await page.getByRole('heading', { level: 1 }).first().click();
    await appReady(page);
    await expect.poll(() => lowDataSwitch(page).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => art.length).toBeGreaterThan(seenBefore);
    for (const url of art) expect(url.searchParams.get('w'), url.pathname).toBe(SMALL_TILE);

    // The worker, registered for low-data mode, installs without downloading its precache.
    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(new URL(script!).search).toBe('?low-data');
    expect(workerFetches.filter((address) => !address.startsWith('/sw'))).toEqual([]);
  });

  it('turns on at the footer’s switch, stays on at the next visit, and stops a player’s banner video', async () => {
    const player = await newPlayer(stack);
    const { context, page } = await stack.open(PHONE);
    await signInBrowser(context, player.token);
    await page.goto('/');
    await appReady(page);
    // The player's home has the promotions' banners: on a phone, one of them is a video, playing by itself.
    const carousel = page.getByRole('region', { name: 'Promotions' });
    await carousel.waitFor();
    await expect.poll(() => carousel.locator('video[autoplay]').count()).toBe(1);

    const art = artRequests(context);
    await lowDataSwitch(page).click();
    await expect.poll(() => lowDataSwitch(page).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => carousel.locator('video').count()).toBe(0);
    await page.reload();
    await appReady(page);
    await carousel.waitFor();
    await expect.poll(() => lowDataSwitch(page).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => carousel.locator('video').count()).toBe(0);
    await expect.poll(() => art.some((url) => url.pathname.startsWith('/images/banners/'))).toBe(true);
    for (const url of art) expect(url.searchParams.get('w'), url.pathname).not.toBeNull();
    expect(art.some((url) => url.pathname.endsWith('.mp4'))).toBe(false);

    // The account menu has the same switch, and turns it off.
    await page.getByRole('button', { name: /^Account menu/ }).click();
    const item = page.getByRole('menuitemcheckbox', { name: /LOW-DATA MODE/ });
    await expect.poll(() => item.getAttribute('aria-checked')).toBe('true');
    await page
      .getByRole('menu')
      .getByText(/^This visit: [\d.]+ kB$/)
      .waitFor();
    await item.click();
    await expect.poll(() => item.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');
    await expect.poll(() => carousel.locator('video[autoplay]').count()).toBe(1);
  });

  it('renders the page the player chose, whatever the browser asks', async () => {
    const home = async (headers: Record<string, string>) => {
      const response = await fetch(`${stack.site.url}/`, { headers });
      return response.text();
    };
    const chosen = await home({ cookie: 'play_live_low_data=on' });
    expect(chosen).toContain('data-low-data="on"');
    expect(chosen).toMatch(/\/images\/games\/[\w-]+\.webp\?w=200"/);
    expect(await home({ cookie: 'play_live_low_data=off', 'save-data': 'on' })).toContain(
      'data-low-data="off"',
    );
  });

  it('counts in the footer about what the browser itself fetched', async () => {
    const { context, page } = await stack.open(PHONE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let browserCount = 0;
    cdp.on('Network.loadingFinished', (event) => {
      browserCount += event.encodedDataLength;
    });
    await page.goto('/');
    await appReady(page);
    const meter = page.getByRole('contentinfo').getByRole('status');
    await meter.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    // The meter counts headers as Resource Timing does (an estimate per response), the browser as they came.
    const shown = async () =>
      Number(/This visit: ([\d.]+) kB/.exec((await meter.textContent()) ?? '')?.[1]) * 1024;
    await expect
      .poll(async () => Math.abs((await shown()) - browserCount) / browserCount, { timeout: 10_000 })
      .toBeLessThan(0.1);
    expect(browserCount).toBeGreaterThan(50 * 1024);
  });
});
