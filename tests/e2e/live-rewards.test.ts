/**
 * Live rewards, as a player meets them, at desktop (1366 px) and phone (390 px) widths: real spins move the header's
 * balance and earn a diamond that fills the loyalty chest's ring and the loyalty modal without a reload; ten make a
 * chest that opens for a cash reward; a new notification raises the unread badge and lands at the top of the
 * notifications modal, which marks it read on opening; sign-out forgets the kept notifications. axe over both
 * modals.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  DESKTOP,
  PHONE,
  documentSent,
  newPlayer,
  startAfresh,
  startSiteStack,
  type SiteStack,
} from './stack.js';
import { seriousViolations } from './axe.js';

let stack: SiteStack;
/**
 * The one page every test drives: a fresh context's first page load costs Chromium several times a load in an open
 * page, so each test starts from this page with clean storage and its own player (startAfresh in stack.ts) rather than
 * from a context of its own.
 */
let page: Page;
let game: { code: string; gameId: number };

beforeAll(async () => {
  stack = await startSiteStack();
  page = (await stack.open()).page;
  const res = await fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: '{ games(first: 1, filter: { category: "slots" }) { edges { node { code gameId } } } }',
    }),
  });
  game = ((await res.json()) as any).data.games.edges[0].node;
});
afterAll(() => stack?.close());

/** One real R10 spin of the sandbox slot, as its page sends it (the player's own token). */
async function spin(auth: Record<string, string>) {
  const res = await fetch(`${stack.sandbox.url}/sandbox/spin`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ gameCode: game.code, stake: '10.00', demo: false }),
  });
  expect(res.status).toBe(200);
  // Read to the end, so the connection is free again (the sandbox waits for busy ones when it closes).
  await res.arrayBuffer();
}

/**
 * Spins until the header's balance moves without a reload: the live connection opens a moment after the page, and
 * an event sent before it is not replayed.
 */
async function untilLive(page: Page, auth: Record<string, string>) {
  const before = await headerWallet(page).getAttribute('aria-label');
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await spin(auth);
    const moved = await headerWallet(page)
      .evaluate(
        (button, label) =>
          new Promise<boolean>((resolve) => {
            const check = () => button.getAttribute('aria-label') !== label;
            if (check()) return resolve(true);
            const observer = new MutationObserver(() => check() && resolve(true));
            observer.observe(button, { attributes: true });
            setTimeout(() => resolve(check()), 1000);
          }),
        before,
      )
      .catch(() => false);
    if (moved) return;
  }
  throw new Error('The balance never moved live.');
}

async function notify(auth: Record<string, string>, type: string, subject: string, message: string) {
  const res = await fetch(`${stack.sandbox.url}/sandbox/notifications`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ type, subject, message }),
  });
  expect(res.status).toBe(201);
  await res.arrayBuffer();
}

// The header stays on the page under an open modal (hidden from assistive tech there): read it by its markup.
const headerWallet = (page: Page) => page.locator('header button[aria-label^="Wallet: "]');
const headerChest = (page: Page) => page.locator('header button[aria-label^="Loyalty chests"]');
const headerBell = (page: Page) => page.locator('header button[aria-label^="Notifications"]');

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('live rewards on a %s', (_name, viewport) => {
  it('moves the balance and the loyalty chest live as the player spins, and opens a chest', async () => {
    const { token, auth } = await newPlayer(stack, { name: 'Lindiwe', credit: '500.00' });
    await startAfresh(page, { viewport, token });
    await page.goto('/');
    await expect.poll(() => headerWallet(page).getAttribute('aria-label')).toBe('Wallet: R500.00');
    await expect
      .poll(() => headerChest(page).getAttribute('aria-label'))
      .toBe('Loyalty chests, 0 ready, 0 of 10 diamonds toward the next chest');

    // Real spins in the game: the balance and the chest's ring change while the game is still open. (The live
    // connection opens a moment after the page: the player spins until the balance moves.)
    await page.goto(`/?play=${game.gameId}`);
    const spinButton = page.frameLocator('iframe').getByRole('button', { name: 'Spin' });
    let spins = 0;
    while ((await headerWallet(page).getAttribute('aria-label')) === 'Wallet: R500.00') {
      expect(spins).toBeLessThan(8);
      await spinButton.click();
      spins += 1;
      await expect.poll(() => spinButton.isEnabled()).toBe(true);
      // The balance moves as soon as the live connection carries the spin; one sent before the connection opened
      // leaves it, and the loop spins again.
      await page
        .waitForFunction(
          (selector) => document.querySelector(selector)?.getAttribute('aria-label') !== 'Wallet: R500.00',
          'header button[aria-label^="Wallet: "]',
          { timeout: 2_000 },
        )
        .catch(() => {});
    }
    await expect
      .poll(() => headerChest(page).getAttribute('aria-label'))
      .toBe(`Loyalty chests, 0 ready, ${spins} of 10 diamonds toward the next chest`);
    await page.getByRole('button', { name: 'Stop playing' }).click();

    // The loyalty modal follows further spins with no reload.
    await headerChest(page).click();
    const modal = page.getByRole('dialog', { name: 'Loyalty chests' });
    const bronze = modal.getByRole('listitem', { name: 'Bronze' });
    await bronze.getByText(`${spins} of 10 diamonds toward the next chest`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await spin(auth);
    spins += 1;
    await bronze.getByText(`${spins} of 10 diamonds toward the next chest`).waitFor();

    // Ten diamonds make a chest: it shows at once, and opens for a reward that lands in the balance.
    while (spins < 10) {
      await spin(auth);
      spins += 1;
    }
    await bronze.getByText('1 chest ready').waitFor();
    await expect.poll(() => modal.getByTestId('chests-ready').textContent()).toBe('1');
    await expect
      .poll(() => headerChest(page).getAttribute('aria-label'))
      .toBe('Loyalty chests, 1 ready, 0 of 10 diamonds toward the next chest');
    const before = await headerWallet(page).getAttribute('aria-label');
    await modal.getByRole('button', { name: 'Open a Bronze chest' }).click();
    await modal.getByText(/You opened a Bronze chest and won R[\d,.]+\. It is in your balance\./).waitFor();
    await bronze.getByText('No chest ready').waitFor();
    expect(await modal.getByTestId('chests-ready').textContent()).toBe('0');
    await expect.poll(() => headerWallet(page).getAttribute('aria-label')).not.toBe(before);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('raises the badge for a new notification live; the modal shows it and marks it read', async () => {
    const { token, auth } = await newPlayer(stack, { name: 'Lindiwe', credit: '500.00' });
    await startAfresh(page, { viewport, token });
    await page.goto('/');
    // A new player has their welcome message, unread.
    await expect.poll(() => headerBell(page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    // A spin moves the balance live: the player's live events are flowing.
    await expect.poll(() => headerWallet(page).getAttribute('aria-label')).toBe('Wallet: R500.00');
    await untilLive(page, auth);

    await notify(auth, 'jackpot_win', 'Jackpot!', 'You hit the Mega Moolah jackpot: R12,500.00 is yours.');
    await expect.poll(() => headerBell(page).getAttribute('aria-label')).toBe('Notifications, 2 unread');
    await expect.poll(() => headerBell(page).locator('span').textContent()).toBe('2');

    await headerBell(page).click();
    const modal = page.getByRole('dialog', { name: 'Notifications' });
    const list = modal.getByRole('list', { name: 'Notifications' });
    await list.getByText('Jackpot!').waitFor();
    const items = list.getByRole('listitem');
    expect(await items.first().textContent()).toContain('Jackpot win');
    expect(await items.first().textContent()).toContain('New');
    expect(await items.nth(1).textContent()).toContain('Welcome to PlayLive');
    // Opening marked them read: the badge is gone, and stays gone after a reload.
    await expect.poll(() => headerBell(page).getAttribute('aria-label')).toBe('Notifications');
    expect(await seriousViolations(page)).toEqual([]);

    // One that arrives while the modal is open lands at the top, and is marked read too (the player is looking).
    const markedAgain = page.waitForResponse((response) =>
      documentSent(response.request()).includes('markNotificationsRead'),
    );
    await notify(auth, 'withdrawal_success', 'Withdrawal paid', 'R300.00 is on its way to your bank.');
    await expect.poll(() => items.first().textContent()).toContain('Withdrawal paid');
    expect(await items.count()).toBe(3);
    // Marking reads every notification read: one sent before that response could be read with them.
    await markedAgain;
    await page.keyboard.press('Escape');
    // Closed before the next one is sent: one that arrives while the modal is still open is read at once (above).
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => headerBell(page).getAttribute('aria-label')).toBe('Notifications');

    // The browser keeps the count for this player: after a reload the badge is right before the bell's own response
    // arrives (held here until the badge has been read).
    await notify(auth, 'cashback', 'Weekly cashback', 'Your weekly cashback of R35.20 has been paid.');
    await expect.poll(() => headerBell(page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    const kept = () => page.evaluate(() => window.localStorage.getItem('play_live_notifications'));
    expect(JSON.parse((await kept()) ?? 'null')).toMatchObject({ unreadCount: 1 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    // The page outlives the test: should a step fail while the bell's query is held, the next test's loads are not.
    onTestFinished(async () => {
      release();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
    const isBellQuery = (request: Parameters<typeof documentSent>[0]) =>
      documentSent(request).includes('query NotificationBellQuery');
    await page.route(
      (url) => url.pathname === '/graphql',
      async (route) => {
        if (isBellQuery(route.request())) {
          holding = true;
          await held;
        }
        await route.continue();
      },
    );
    await page.reload();
    await headerBell(page).waitFor();
    await expect.poll(() => holding).toBe(true);
    expect(await headerBell(page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    // The response, when it comes, agrees.
    const responded = page.waitForResponse((response) => isBellQuery(response.request()));
    release();
    await (await responded).finished();
    expect(await headerBell(page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await page.unrouteAll();

    // Sign-out forgets them.
    await page.getByRole('button', { name: 'Account menu for Lindiwe' }).click();
    await page.getByRole('menuitem', { name: 'SIGN OUT' }).click();
    await page.getByRole('button', { name: 'Log in' }).first().waitFor();
    expect(await kept()).toBeNull();
  });
});
