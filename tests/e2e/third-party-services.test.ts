/**
 * The third-party services, through the sandbox's fakes: the live chat widget loads only when the site switches it
 * on and hides while a game is played; unhandled errors reach the error reporter for a sampled session; each page
 * view reaches the tag manager; with the chat off, the site contacts nothing outside the system.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { appReady, patchSiteSettings, startAfresh, startSiteStack, type SiteStack } from './stack.js';

let stack: SiteStack;
/**
 * The one page every test drives: a fresh context's first page load costs Chromium several times a load in an open
 * page, so each test starts from this page with clean storage (startAfresh in stack.ts) rather than from a context of its own.
 */
let page: Page;

const patchSite = (body: Record<string, unknown>) => patchSiteSettings(stack, body);

beforeAll(async () => {
  stack = await startSiteStack();
  page = (await stack.open()).page;
});
afterAll(() => stack?.close());

describe('third-party services', () => {
  it('contacts nothing but its own origin while the services are off', async () => {
    await startAfresh(page);
    const origins = new Set<string>();
    const listener = (request: Request) => origins.add(new URL(request.url()).origin);
    page.on('request', listener);
    // The page outlives the test: its next tests' requests are not counted here.
    onTestFinished(() => void page.off('request', listener));
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // The site, the casino's own images (its assets host) and the tag manager the casino's settings name (both the
    // sandbox here): nothing outside the system.
    expect([...origins].every((o) => o === stack.site.url || o === stack.sandbox.url)).toBe(true);
    expect(origins.has(stack.site.url)).toBe(true);
    expect(await page.locator('#chat-widget-container').count()).toBe(0);
  });

  it('loads the live chat when switched on, and hides it during game play', async () => {
    // Refused unless the settings took (patchSiteSettings), and the gateway's cache starts fresh.
    await patchSite({
      live_chat: { enabled: true, script_url: '/third-party/live-chat.js', license_id: '777' },
      error_reporter: { dsn: '/third-party/errors', sample_rate: 1 },
    });
    await startAfresh(page);
    await page.goto('/how-to');
    const chat = page.getByRole('button', { name: 'Chat with us' });
    await chat.waitFor();
    expect(await page.locator('#chat-widget-container').getAttribute('data-license')).toBe('777');
    await page.goto('/how-to?play=1');
    await page.getByRole('dialog').waitFor();
    await expect.poll(() => chat.isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => chat.isVisible()).toBe(true);
  });

  it('sends an unhandled error to the error reporter', async () => {
    await patchSite({ error_reporter: { dsn: '/third-party/errors', sample_rate: 1 } });
    await startAfresh(page);
    await page.goto('/about-us');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The reporter is part of the app: the error comes once the app has taken the server's page over.
    await appReady(page);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e: something broke');
      });
    });
    await expect
      .poll(async () => {
        const { reports } = (await (await fetch(`${stack.sandbox.url}/third-party/errors`)).json()) as {
          reports: { report: { message: string; path: string; release: string } }[];
        };
        return reports.map((r) => r.report);
      })
      .toContainEqual(
        expect.objectContaining({ message: 'e2e: something broke', path: '/about-us', release: '2.6.0' }),
      );
  });

  it('reports each page view to the tag manager, with its route name and full path', async () => {
    const pageViews = async () =>
      (
        (await (await fetch(`${stack.sandbox.url}/third-party/page-views`)).json()) as {
          pageViews: { container: string; name: string; path: string }[];
        }
      ).pageViews;
    await startAfresh(page);
    const first = `/?from=e2e-${Date.now()}`;
    await page.goto(first);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The first view, pushed before the tag manager loaded, reaches it as well as a later one.
    await expect.poll(pageViews, { timeout: 10_000 }).toContainEqual({
      receivedAt: expect.any(String),
      container: 'GTM-PLV7Q2K',
      name: 'home',
      path: first,
    });
    await page.locator('a[href="/how-to"]').first().click();
    await page.getByRole('heading', { name: 'How to play' }).waitFor();
    await expect
      .poll(
        async () => {
          const views = await pageViews();
          return views.slice(views.findIndex((v) => v.path === first)).map((v) => `${v.name} ${v.path}`);
        },
        { timeout: 10_000 },
      )
      .toEqual([`home ${first}`, 'how-to /how-to']);
  });
});
