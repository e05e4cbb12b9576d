/**
 * Forgetting a password, as a player does it: ask for a link in the login modal, open the mailed link (the
 * sandbox's outbox stands in for the mailbox), choose a new password, and be signed in with it. Also: a screen's
 * code that fails to load (an old chunk after a deploy) reloads the page once and then works.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { newPlayer, startAfresh, startSiteStack, tokenIn, type SiteStack } from './stack.js';

let stack: SiteStack;
/**
 * The one page every test drives: a fresh context's first page load costs Chromium several times a load in an open
 * page, so each test starts from this page with clean storage (startAfresh in stack.ts) rather than from a context of its own.
 */
let page: Page;

beforeAll(async () => {
  stack = await startSiteStack();
  page = (await stack.open()).page;
});
afterAll(() => stack?.close());

describe('password reset', () => {
  it('mails a link whose page sets a new password and signs the player in', async () => {
    const { email } = await newPlayer(stack, {
      name: 'Forgetful',
      password: 'old-password-1',
      onboarded: false,
    });
    await startAfresh(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByRole('status').waitFor();

    const { mail } = (await (
      await fetch(`${stack.sandbox.url}/sandbox/mail?email=${encodeURIComponent(email)}`)
    ).json()) as { mail: { body: string }[] };
    const link = /\/password\/reset\/\S+/.exec(mail[0]!.body)![0];
    await page.goto(link);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('New password', { exact: true }).fill('new-password-2');
    await page.getByLabel('Repeat the new password').fill('new-password-3');
    await page.getByRole('button', { name: 'Save and log in' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    await page.getByLabel('Repeat the new password').fill('new-password-2');
    await page.getByRole('button', { name: 'Save and log in' }).click();
    await page.getByRole('dialog', { name: 'Welcome to PlayLive' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await tokenIn(page)).toBeTruthy();

    const login = await fetch(`${stack.sandbox.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'new-password-2' }),
    });
    expect(login.status).toBe(200);
  });
});

describe('a screen whose code fails to load', () => {
  it('asks for the code again and shows the screen, with no reload', async () => {
    await startAfresh(page);
    let refused = 0;
    // Routing also turns the browser's cache off, so the screen's code is fetched (and refused) even if an earlier
    // test loaded it.
    const chunk = /\/assets\/InfoPages-[^/]+\.js$/;
    onTestFinished(() => page.unroute(chunk));
    await page.route(chunk, (route) => {
      if (refused === 0) {
        refused += 1;
        return route.abort();
      }
      return route.continue();
    });
    // Documents the tab requested (a reload may come before the first one's load event).
    let loads = 0;
    const listener = (request: Request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
    };
    page.on('request', listener);
    onTestFinished(() => void page.off('request', listener));
    await page.goto('/about-us');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toBe('About PlayLive');
    // The second ask (a fresh address, app/lazy-route.ts) got it: one document, no reload (a reload at the
    // destination comes only when the retries fail too: e2e/offline.test.ts).
    expect(refused).toBe(1);
    expect(loads).toBe(1);
  });
});
