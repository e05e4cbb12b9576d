/**
 * Promotions, news and the promotional pages as players meet them, at a desktop's and a phone's width: a guest and a
 * player each see their promotions (and a failed list says so and recovers on Try again); the news list leads to
 * an article and to a category; an unknown article or category is not found; a promotional page shows its content
 * while its flag is on and is not found when it is off. axe over each screen.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import {
  DESKTOP,
  PHONE,
  newPlayer,
  signInBrowser,
  patchSiteSettings,
  startAfresh,
  startSiteStack,
  type SiteStack,
} from './stack.js';
import { seriousViolations } from './axe.js';

let stack: SiteStack;
let defaults: Record<string, unknown>;

beforeAll(async () => {
  stack = await startSiteStack();
  defaults = (await (await fetch(`${stack.sandbox.url}/api/settings`)).json()) as Record<string, unknown>;
});
afterEach(async () => {
  await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
  await patchSite({ promo_pages: defaults.promo_pages, alternate_routes: defaults.alternate_routes });
});
afterAll(() => stack?.close());

const patchSite = (body: Record<string, unknown>) => patchSiteSettings(stack, body);

/** Logs a new player in from the page's own Log in button, as a guest does. */
async function logInHere(page: Page) {
  const { email, password } = await newPlayer(stack, { name: 'Reader' });
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).last().click();
  await expect.poll(() => dialog.count()).toBe(0);
}

/** The shared page's loads find a new player signed in (signInBrowser) until the test ends. */
async function signInUntilTestEnds(context: BrowserContext) {
  const signedIn = await signInBrowser(context, (await newPlayer(stack, { name: 'Reader' })).token);
  onTestFinished(() => signedIn.dispose());
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first();
const card = (page: Page, title: string) => page.getByRole('article', { name: title });

for (const [width, viewport] of [
  ['1366 px', DESKTOP],
  ['390 px', PHONE],
] as const) {
  describe(`content at ${width}`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await stack.open(viewport));
    });
    beforeEach(() => startAfresh(page, { viewport }));

    it('shows a guest the public promotions, the new ones, their terms and an invitation to join', async () => {
      await page.goto('/promotions');
      await expect.poll(() => heading(page).textContent()).toBe('Promotions');
      const cashback = card(page, 'Weekly Cashback');
      await cashback.waitFor();
      expect(await cashback.getByText('10% of your weekly net losses back').isVisible()).toBe(true);
      // Players-only promotions are not a guest's.
      expect(await card(page, 'Loyalty Chests').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Players get more' }).isVisible()).toBe(true);

      // The terms unfold on demand.
      const terms = cashback.getByText(/Minimum net loss R100/);
      expect(await terms.isVisible()).toBe(false);
      await cashback.getByText('Terms and conditions', { exact: true }).click();
      await terms.waitFor();

      // The new-promotions feed leads to the card on the page.
      const feed = page.getByRole('region', { name: 'Just added' });
      await feed.getByRole('link', { name: /Tournament Tuesdays/ }).click();
      await expect.poll(() => new URL(page.url()).hash).toBe('#tournament-tuesdays');

      // The first card's picture loads in its fixed box.
      await expect
        .poll(() =>
          page
            .locator('article img')
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);

      await page.getByRole('button', { name: 'Join now' }).first().click();
      await page.getByRole('dialog', { name: 'Join PlayLive' }).waitFor();
      await page.keyboard.press('Escape');
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('shows a player the signed-in promotions, players-only ones included', async () => {
      await signInUntilTestEnds(context);
      await page.goto('/promotions');
      await expect.poll(() => heading(page).textContent()).toBe('Promotions');
      const loyalty = card(page, 'Loyalty Chests');
      await loyalty.waitFor();
      expect(await loyalty.getByText('Players only').isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Your promotions' }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Players get more' }).count()).toBe(0);
      // The players' new promotions are in the feed too.
      const feed = page.getByRole('region', { name: 'Just added' });
      await feed.getByRole('link', { name: /Midweek Reload/ }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('shows the smaller promotions page of the second route set: the list alone, without pictures', async () => {
      await patchSite({ alternate_routes: true });
      await page.goto('/promotions');
      await card(page, 'Weekly Cashback').waitFor();
      expect(await page.locator('main article article img').count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Just added' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('turns the guest list into the signed-in one when the guest logs in there', async () => {
      await page.goto('/promotions');
      await card(page, 'Weekly Cashback').waitFor();
      expect(await card(page, 'Loyalty Chests').count()).toBe(0);
      await logInHere(page);
      await card(page, 'Loyalty Chests').waitFor();
      expect(new URL(page.url()).pathname).toBe('/promotions');
      expect(await page.getByRole('heading', { name: 'Players get more' }).count()).toBe(0);
    });

    it('says when the promotions cannot load, and shows them on Try again', async () => {
      await fetch(`${stack.sandbox.url}/sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'GET', path: '/api/promotions', status: 500 }),
      });
      stack.gateway.cache.clear();
      await page.goto('/promotions');
      const alert = page.getByRole('alert').filter({ hasText: 'We could not load the promotions just now.' });
      await alert.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
      await alert.getByRole('button', { name: 'Try again' }).click();
      await card(page, 'Weekly Cashback').waitFor();
      expect(await alert.count()).toBe(0);
    });

    it('leads from the news list to more articles, an article and its category', async () => {
      await page.goto('/news');
      await expect.poll(() => heading(page).textContent()).toBe('News');
      await page.getByText('Showing 9 of 12').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Show more' }).click();
      await page.getByText('Showing 12 of 12').waitFor();
      expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);

      await page.getByRole('link', { name: 'Johannesburg teacher scoops the jackpot' }).click();
      await expect.poll(() => heading(page).textContent()).toBe('Johannesburg teacher scoops the jackpot');
      expect(new URL(page.url()).pathname).toBe('/news/johannesburg-teacher-wins-jackpot');
      // Published 2025-11-03T09:00Z: 11:00 in Johannesburg.
      expect(await page.locator('main time').first().textContent()).toBe('3 November 2025');
      await page.getByText('Thandi had been playing for ten minutes').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Winners' })
        .click();
      await expect.poll(() => heading(page).textContent()).toBe('News: Winners');
      const nav = page.getByRole('navigation', { name: 'News categories' });
      expect(await nav.getByRole('link', { name: 'Winners' }).getAttribute('aria-current')).toBe('page');
      await page.getByText('Showing 2 of 2').waitFor();
      expect(
        await page.getByRole('link', { name: 'Durban player lands R245,000 on a wolf slot' }).count(),
      ).toBe(1);
      expect(await page.getByRole('link', { name: 'Welcome to PlayLive' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      await nav.getByRole('link', { name: 'All news' }).click();
      await expect.poll(() => heading(page).textContent()).toBe('News');
    });

    it('says when an article or the news cannot load, and shows them on Try again', async () => {
      const fault = async (path: string) => {
        await fetch(`${stack.sandbox.url}/sandbox/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ method: 'GET', path, status: 500 }),
        });
        stack.gateway.cache.clear();
      };
      const heal = () => fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });

      await fault('/api/news/welcome-to-playlive');
      await page.goto('/news/welcome-to-playlive');
      const articleAlert = page
        .getByRole('alert')
        .filter({ hasText: 'We could not load this article just now.' });
      await articleAlert.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await heal();
      await articleAlert.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => heading(page).textContent()).toBe('Welcome to PlayLive');

      await fault('/api/news');
      await page.goto('/news');
      const listAlert = page.getByRole('alert').filter({ hasText: 'We could not load the news just now.' });
      await listAlert.waitFor();
      await heal();
      await listAlert.getByRole('button', { name: 'Try again' }).click();
      await page.getByText('Showing 9 of 12').waitFor();
      expect(await listAlert.count()).toBe(0);
    });

    it('does not find an unknown article or category', async () => {
      await page.goto('/news/no-such-article');
      await expect.poll(() => heading(page).textContent()).toBe('Page not found');
      await page.goto('/news/category/no-such-category');
      await expect.poll(() => heading(page).textContent()).toBe('Page not found');
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('shows a promotional page while its flag is on, and not at all when it is off', async () => {
      await patchSite({
        promo_pages: {
          pumpkin_patch: true,
          stocking_stash: false,
          easter_promo: true,
          predict_and_win: true,
        },
      });
      await page.goto('/pumpkin-patch');
      await expect.poll(() => heading(page).textContent()).toBe('Pumpkin Patch: Halloween Free Spins');
      await page.getByText('On 31 October at 9pm we draw 50 winners').waitFor();
      await page.getByRole('heading', { name: 'Terms and conditions' }).waitFor();
      expect(await page.getByRole('button', { name: 'Join to take part' }).isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // The promotions page points to the seasonal pages that are on.
      await page.goto('/promotions');
      const seasonal = page.getByRole('region', { name: 'Seasonal promotions' });
      await seasonal.getByRole('link', { name: /Pumpkin Patch/ }).waitFor();
      expect(await seasonal.getByRole('link', { name: /Stocking Stash/ }).count()).toBe(0);

      // Signing in on Predict and Win stays on it.
      await page.goto('/predict-and-win');
      await expect.poll(() => heading(page).textContent()).toBe('Predict and Win');
      await logInHere(page);
      await page.getByRole('button', { name: 'Deposit now' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/predict-and-win');
      await page.getByRole('button', { name: /Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'SIGN OUT' }).click();
      await page.getByRole('button', { name: 'Join to take part' }).waitFor();

      // Easter is for players only: a guest does not find it.
      await page.goto('/easter-promo');
      await expect.poll(() => heading(page).textContent()).toBe('Page not found');

      await patchSite({ promo_pages: { ...(defaults.promo_pages as object), pumpkin_patch: false } });
      await page.goto('/pumpkin-patch');
      await expect.poll(() => heading(page).textContent()).toBe('Page not found');
    });

    it("shows a player the players' promotional page", async () => {
      await patchSite({ promo_pages: { ...(defaults.promo_pages as object), easter_promo: true } });
      await signInUntilTestEnds(context);
      await page.goto('/easter-promo');
      await expect.poll(() => heading(page).textContent()).toBe('Easter Egg Hunt');
      await page.getByText('Collect five eggs for a guaranteed R250 bonus.').waitFor();
      expect(await page.getByRole('button', { name: 'Deposit now' }).isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
