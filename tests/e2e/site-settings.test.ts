/**
 * What the site's settings switch, as a player sees it: the maintenance notice, a newer version, the second route
 * set, single sign-on, and the email-verified modal from the verification link.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  DEMO,
  documentSent,
  patchSiteSettings,
  startAfresh,
  startSiteStack,
  type SiteStack,
} from './stack.js';

let stack: SiteStack;
/**
 * The one page every test drives: a fresh context's first page load costs Chromium several times a load in an open
 * page, so each test starts from this page with clean storage (startAfresh in stack.ts) rather than from a context of
 * its own. Each test patches the settings before its own page load, so the site it loads reads them.
 */
let page: Page;
let defaults: Record<string, unknown>;

const patchSite = (body: Record<string, unknown>) => patchSiteSettings(stack, body);

beforeAll(async () => {
  stack = await startSiteStack();
  page = (await stack.open()).page;
  defaults = (await (await fetch(`${stack.sandbox.url}/api/settings`)).json()) as Record<string, unknown>;
});
afterEach(async () => {
  const { maintenance, app_version, alternate_routes, sso } = defaults;
  await patchSite({ maintenance, app_version, alternate_routes, sso });
});
afterAll(() => stack?.close());

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first();

describe('site settings', () => {
  it('shows the maintenance notice with its message, and its buttons lead on', async () => {
    await patchSite({ maintenance: { enabled: true, message: 'Back at 10pm, with new games.' } });
    await startAfresh(page);
    await page.goto('/');
    const notice = page.getByRole('dialog', { name: 'We are doing some maintenance' });
    await notice.getByText('Back at 10pm, with new games.').waitFor();
    await notice.getByRole('button', { name: 'Game providers' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Game providers');
    expect(new URL(page.url()).pathname).toBe('/webplay/game-providers');
  });

  it('offers a reload when the site announces a newer version than the one loaded', async () => {
    await patchSite({ app_version: '9.0.0' });
    await startAfresh(page);
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'A new version of PlayLive is ready' });
    await dialog.getByText(/Version 9\.0\.0/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Reload now' }).isVisible()).toBe(true);
  });

  it('switches to the second route set', async () => {
    await startAfresh(page);
    await page.goto('/how-to');
    await page.getByRole('heading', { name: '1. Join' }).waitFor();
    await patchSite({ alternate_routes: true });
    await page.reload();
    await page.getByText('Three steps: join, deposit, play.').waitFor();
    expect(await page.getByRole('heading', { name: '1. Join' }).count()).toBe(0);

    // The smaller home: the game sections, without the weekly promotions and the latest wins.
    await page.goto('/');
    await page.getByRole('heading', { name: 'LIVE CASINO', exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Every week at PlayLive' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Latest wins' }).count()).toBe(0);
    await patchSite({ alternate_routes: false });
    await page.reload();
    await page.getByRole('heading', { name: 'Every week at PlayLive' }).waitFor();
    await page.getByRole('heading', { name: 'Latest wins' }).waitFor();
  });

  it("sends a player who joins to the single sign-on provider's signup address after a second", async () => {
    const provider = `${stack.sandbox.url}/`;
    await patchSite({
      sso: { enabled: true, login_url: `${provider}?sso=login`, signup_url: `${provider}?sso=signup` },
    });
    await startAfresh(page);
    await page.goto('/');
    const started = Date.now();
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByText('Taking you to sign in…').waitFor();
    await page.waitForURL(`${provider}?sso=signup`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('shows the email-verified modal a second after the verification link, for a verified player', async () => {
    const login = (await (
      await fetch(`${stack.sandbox.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO),
      })
    ).json()) as { success: { token: string } };
    const token = login.success.token;
    // The onboarding is behind the demo player, so nothing else asks for attention.
    await fetch(`${stack.sandbox.url}/api/onboarding`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    await startAfresh(page, { token });
    // Timed by the page's own clock, from the root query's response (which says the player is verified; the second
    // starts once it has rendered) to the modal's appearance: timed by the test, the browser's replies come late on a
    // busy machine and eat into the second.
    const watching = await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        const dialogs = [...document.querySelectorAll('[role="dialog"]')];
        if (dialogs.some((d) => d.textContent?.includes('Your email is verified'))) {
          Object.assign(window, { modalAt: performance.now() });
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    // The page outlives the test: its next loads run no watch.
    onTestFinished(() => watching.dispose());
    await page.goto('/?email_verified=1');
    await page.getByRole('dialog', { name: 'Your email is verified' }).waitFor();
    const { modalAt, responses } = await page.evaluate(() => ({
      modalAt: (window as unknown as { modalAt: number }).modalAt,
      responses: performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname === '/graphql')
        .map((e) => ({ url: e.name, end: (e as PerformanceResourceTiming).responseEnd })),
    }));
    const rootQuery = responses.find((a) =>
      documentSent({ method: () => 'GET', url: () => a.url, postData: () => null }).startsWith(
        'query AppLayoutQuery',
      ),
    );
    expect(rootQuery).toBeDefined();
    expect(modalAt - rootQuery!.end).toBeGreaterThanOrEqual(990);
  });
});
