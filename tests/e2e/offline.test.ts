/**
 * The site on a phone's flaky connection (docs/architecture.md#offline-and-flaky-data): a visit, then the network
 * gone, and the reload still shows the catalogue last seen, saying it is offline until the network is back; money
 * and play wait for the network and say so; a screen's code that fails to download lands the player where they were
 * going. The network is cut with Chromium's own emulation, which the service worker's requests obey too.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { newPlayer, PHONE, signInBrowser, startAfresh, startSiteStack, type SiteStack } from './stack.js';

let stack: SiteStack;
/** A page whose service worker is blocked, as in every other file: the tests that need no worker share it. */
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stack = await startSiteStack();
  ({ context, page } = await stack.open(PHONE));
});
afterAll(() => stack?.close());

const OFFLINE = "You're offline. This is what you last saw; it updates when you're back online.";

/** The network cut until the test ends (or `online()` brings it back). */
async function offline(ctx: BrowserContext) {
  await ctx.setOffline(true);
  onTestFinished(() => ctx.setOffline(false));
}

describe('offline and flaky data', () => {
  it('opens the last catalogue seen with the network cut, says so, and stops saying so when it is back', async () => {
    const { context: own, page: phone } = await stack.open(PHONE, { serviceWorkers: 'allow' });
    await phone.goto('/');
    // The worker starts once the page is idle and takes it; then the player goes on to the games.
    await phone.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    await phone.getByRole('button', { name: 'Open the menu' }).click();
    await phone.getByRole('dialog').getByRole('link', { name: 'Games', exact: true }).click();
    const grid = phone.getByRole('region', { name: 'All games' });
    const first = await grid.getByRole('listitem').first().textContent();
    expect(first).toMatch(/\S/);
    // What the catalogue needs is kept as it goes by: the layout's data and the filter bar's and catalogue's queries.
    await expect
      .poll(() => phone.evaluate(async () => (await (await caches.open('playlive-data')).keys()).length))
      .toBeGreaterThanOrEqual(3);

    await offline(own);
    await phone.reload();
    await expect.poll(() => grid.getByRole('listitem').first().textContent()).toBe(first);
    const notice = phone.getByRole('status').filter({ hasText: OFFLINE });
    await notice.waitFor();

    await own.setOffline(false);
    await notice.waitFor({ state: 'detached' });
    expect(await grid.getByRole('listitem').first().textContent()).toBe(first);
  });

  it('keeps the cashier and game launch from acting offline, and gives them back when the network is', async () => {
    const player = await newPlayer(stack, { credit: '100.00' });
    await startAfresh(page, { viewport: PHONE, token: player.token });
    const signedIn = await signInBrowser(context, player.token);
    onTestFinished(() => signedIn.dispose());
    const sent: string[] = [];
    const listener = (request: { url(): string; postData(): string | null; method(): string }) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/graphql')
        sent.push(request.postData() ?? '');
    };
    page.on('request', listener);
    onTestFinished(() => void page.off('request', listener));

    await page.goto('/?modal=wallet');
    const dialog = page.getByRole('dialog', { name: 'Cashier' });
    const deposit = dialog
      .getByRole('form', { name: 'Deposit' })
      .getByRole('button', { name: 'Deposit', exact: true });
    await deposit.waitFor();
    await dialog.getByLabel('Amount to deposit (R)').fill('50');
    await offline(context);
    await dialog.getByText("You're offline. Deposits and withdrawals need a connection.").waitFor();
    expect(await deposit.isDisabled()).toBe(true);
    await dialog.getByLabel('Amount to deposit (R)').press('Enter');
    await context.setOffline(false);
    await expect.poll(() => deposit.isDisabled()).toBe(false);
    expect(await dialog.getByText("You're offline.").count()).toBe(0);

    await page.goto('/game/pragmatic-lucky-cleopatra');
    const demo = page.getByRole('button', { name: 'Try the demo' });
    await demo.waitFor();
    await context.setOffline(true);
    await page
      .getByRole('status')
      .filter({ hasText: "You're offline. Games need a connection to start." })
      .waitFor();
    expect(await demo.isDisabled()).toBe(true);
    expect(sent).toEqual([]);
    await context.setOffline(false);
    await expect.poll(() => demo.isDisabled()).toBe(false);
  });

  it('lands on the destination when a screen fails to download, not back where the click was', async () => {
    await startAfresh(page, { viewport: PHONE });
    await page.goto('/help');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The promotions screen's code fails to download (its preload, the import and both imports at a fresh
    // address) until the page loads anew.
    const failed: string[] = [];
    const loads: string[] = [];
    const chunk = /\/assets\/PromotionsPage-[\w-]+\.js/;
    await page.route(chunk, (route) =>
      loads.length === 0 ? (failed.push(route.request().url()), route.abort()) : route.continue(),
    );
    onTestFinished(() => page.unroute(chunk));
    page.on('load', () => loads.push(page.url()));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Promotions' }).click();
    await page.getByRole('heading', { name: 'Promotions', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/promotions');
    expect(loads.map((url) => new URL(url).pathname)).toEqual(['/promotions']);
    expect(failed.filter((url) => new URL(url).searchParams.has('retry'))).toHaveLength(2);
  });
});
