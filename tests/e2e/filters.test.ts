/**
 * Finding a game with the filter bar, as a guest does it: words narrow the list to one game or to 'Not found', the
 * address keeps the filter so a shared link shows the same list, and every image on the way is really there.
 */
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { PHONE, startAfresh, startSiteStack, type SiteStack } from './stack.js';

let stack: SiteStack;
// One page for every test, as a fresh browser costs several page loads' work; a load starts the site afresh, and
// each test starts as a new visitor at a desktop's width, so nothing of a test is left for the next.
let page: Page;

beforeAll(async () => {
  stack = await startSiteStack();
  ({ page } = await stack.open());
});
beforeEach(() => startAfresh(page));
afterAll(() => stack?.close());

describe('the filter bar', () => {
  it('narrows the catalogue to one game, keeps it in the address, and says Not found for nothing', async () => {
    await page.goto('/webplay/all');
    const grid = page.getByRole('region', { name: 'All games' });
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(30);
    // A desktop shows the whole bar: no Filters button to open first.
    expect(await page.getByRole('button', { name: 'Themes' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(false);
    await page.getByRole('searchbox', { name: 'Search games' }).fill('Frozen Wolf');
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('q')).toBe('Frozen Wolf');

    // The shared link shows the same list in a new browser.
    const shared = page.url();
    const other = await stack.open();
    await other.page.goto(shared);
    await expect
      .poll(() => other.page.getByRole('region', { name: 'All games' }).getByRole('listitem').count())
      .toBe(1);
    expect(await other.page.getByRole('searchbox', { name: 'Search games' }).inputValue()).toBe(
      'Frozen Wolf',
    );

    await page.getByRole('searchbox', { name: 'Search games' }).fill('no game is called this');
    await page.getByRole('status').filter({ hasText: 'Not found' }).waitFor();
    await page.goBack();
    await expect
      .poll(() => page.getByRole('searchbox', { name: 'Search games' }).inputValue())
      .toBe('Frozen Wolf');
  });

  it('filters by a searchable theme and sorts from behind the Filters button, on a phone', async () => {
    // The page at a phone's width from its load on, as a phone's browser opens it.
    await page.setViewportSize(PHONE);
    await page.goto('/webplay/all');
    const grid = page.getByRole('region', { name: 'All games' });
    const total = async () =>
      Number.parseInt((await grid.getByRole('heading', { level: 2 }).textContent()) ?? '');
    await expect.poll(total).toBeGreaterThan(30);
    const everything = await total();
    // The search box is in view; the other filters fold behind one button.
    expect(await page.getByRole('searchbox', { name: 'Search games' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Themes' }).isVisible()).toBe(false);
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    // Tapped at once, perhaps before the app's code has arrived: answered as soon as it has.
    await filters.click();
    await expect.poll(() => filters.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Themes' }).click();
    await page.getByRole('searchbox', { name: 'Search themes' }).fill('ocea');
    // The box shows the address's state, which follows the click once the list has loaded.
    await page.getByRole('checkbox', { name: 'Ocean' }).click();
    // The first Escape closes the theme's popover; the filters stay open.
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('themes')).toBe('Ocean');
    await expect.poll(total).toBeLessThan(everything);
    expect(await page.getByRole('button', { name: 'Filters (1)' }).isVisible()).toBe(true);
    await page.getByRole('combobox').selectOption('alphdsc');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('alphdsc');
    // The list follows the address once its result has arrived: Z to A.
    const names = () => grid.getByRole('heading', { level: 3 }).allTextContents();
    await expect
      .poll(async () => {
        const shown = await names();
        const zToA = [...shown].sort((a, b) => b.localeCompare(a, 'en'));
        return shown.length > 1 && shown.join('|') === zToA.join('|');
      })
      .toBe(true);
    // Escape folds the filters again and gives the focus back to their button, which counts the chosen theme.
    await page.getByRole('combobox').focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: 'Themes (1)' }).isVisible()).toBe(false);
    const folded = page.getByRole('button', { name: 'Filters (1)' });
    expect(await folded.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await folded.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('hides the filter bar on the providers list and the provider filter on a provider page', async () => {
    await page.goto('/webplay/game-providers');
    await page.getByRole('heading', { name: 'Game providers' }).waitFor();
    expect(await page.getByRole('search').count()).toBe(0);
    await page.getByRole('link', { name: /NetEnt/ }).click();
    await page.getByRole('search').waitFor();
    expect(await page.getByRole('button', { name: 'Providers' }).count()).toBe(0);
  });
});

describe('images', () => {
  it('serves every image a page asks for', async () => {
    const failed: string[] = [];
    const listener = (response: Response) => {
      if (response.request().resourceType() === 'image' && response.status() >= 400)
        failed.push(response.url());
    };
    page.on('response', listener);
    // Every image from the server, as a new browser asks for it, not from what earlier tests left in the cache.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
    onTestFinished(async () => {
      page.off('response', listener);
      await devtools.detach();
    });
    for (const path of ['/', '/webplay/all', '/webplay/live-casino', '/webplay/category/table-games']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(failed).toEqual([]);
  });
});
