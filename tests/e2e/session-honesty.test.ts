/**
 * Honest outcomes and honest sessions, as a player meets them (issue 25, items 3, 4 and 8), on a desktop and (the
 * signed-in layout) a 390 px phone: a deposit whose status cannot be read says its outcome is not known yet and offers Check again, never "not
 * found", and shows the credited amount once the casino answers; a failing account read keeps the signed-in layout
 * with a notice and Try again (at 390 px too); signing out in one tab signs out the other within a second, says why there, and leaves
 * none of the player's keys in the browser; a session the casino ended says why in the login dialog. axe on each.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { seriousViolations } from './axe.js';
import {
  DESKTOP,
  PHONE,
  documentSent,
  newPlayer,
  startAfresh,
  startSiteStack,
  type SiteStack,
} from './stack.js';

let stack: SiteStack;
/** One page for every journey (a fresh context costs several page loads): each starts afresh (startAfresh). */
let page: Page;

/** Every key the site may keep for a player (docs/rules.md#sign-in-and-sessions), written out as the rules name them. */
const PLAYER_KEYS = ['play_live_session_token', 'play_live_notifications', 'play_live_reality_check_minutes'];

beforeAll(async () => {
  // The faults here make one read fail several times in a row: the circuit breaker (its own tests) must not keep
  // refusing it once a fault is cleared.
  stack = await startSiteStack({ gateway: { circuitFailureThreshold: 1000 } });
  page = (await stack.open()).page;
  page.setDefaultTimeout(15_000);
});
afterAll(() => stack?.close());
afterEach(async () => {
  await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
});

async function fault(method: string, path: string, extra: Record<string, unknown> = {}) {
  const res = await fetch(`${stack.sandbox.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method, path, status: 500, ...extra }),
  });
  expect(res.status).toBe(201);
}

async function gql(token: string, query: string) {
  const res = await fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  return ((await res.json()) as { data: any }).data;
}

/** The header's balance (hidden from the accessibility tree while a modal is open, still on screen). */
const wallet = (p: Page) => p.getByRole('button', { name: /^Wallet: /, includeHidden: true });
/** The notice above the screen when the account cannot be read. */
const accountNotice = (p: Page) =>
  p.getByRole('status').filter({ hasText: 'We could not load your account details' });

describe('honest outcomes', () => {
  it('a deposit whose status cannot be read is "not known yet", with Check again, until the casino says it settled', async () => {
    const { token } = await newPlayer(stack, { name: 'Honest Deposit' });
    // A deposit made, the player on the provider's page, then back on the site with its address before it clears.
    const { deposit } = await gql(
      token,
      // Without the welcome bonus, so the amount credited is the amount paid.
      'mutation { deposit(input: { gateway: EFT, amount: "40.00", welcomeBonus: false, idempotencyKey: "honest-1" }) { paymentId provider } }',
    );
    // The casino cannot answer about it (500) until the fault is cleared.
    await fault('GET', '/api/wallet/depositStatus/*');
    await startAfresh(page, { viewport: DESKTOP, token });
    let checks = 0;
    const onRequest = (request: Request) => {
      if (/depositWatchStatusQuery/.test(documentSent(request))) checks += 1;
    };
    page.on('request', onRequest);
    onTestFinished(() => void page.off('request', onRequest));
    const provider = String(deposit.provider).toLowerCase();
    await page.goto(`/?modal=wallet&provider=${provider}&paymentId=${deposit.paymentId}&status=complete`);
    const cashier = page.getByRole('dialog', { name: 'Cashier' });
    const unknown = cashier.getByText("We're still confirming your payment.");
    await unknown.waitFor();
    expect(await cashier.getByText(/could not find/i).count()).toBe(0);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    // Check again asks at once, and so does coming back to the tab; with no answer still, it still says so.
    let before = checks;
    await cashier.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => checks).toBeGreaterThan(before);
    before = checks;
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => checks).toBeGreaterThan(before);
    await unknown.waitFor();

    // The payment clears while the casino still cannot answer the check: its live word settles it, and the cashier
    // says so beside the balance that shows it (not "not known" beside a balance that already moved).
    await fetch(`${stack.sandbox.url}/sandbox/pay/${deposit.paymentId}/confirm`, {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    await cashier.getByText('Payment received.').waitFor();
    await cashier.getByText('R40.00 is in your cash balance.').waitFor();
    await expect.poll(() => wallet(page).getAttribute('aria-label')).toBe('Wallet: R40.00');
    expect(await unknown.count()).toBe(0);
  });
});

describe('sign-outs reach every tab and say why', () => {
  it('signs the other tab out within a second, says why there, and leaves no player key behind', async () => {
    const { token } = await newPlayer(stack, { name: 'Two Tabs' });
    await startAfresh(page, { viewport: DESKTOP, token });
    await page.goto('/');
    // The header's bell keeps the player's unread count in the browser (play_live_notifications).
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('play_live_notifications') !== null))
      .toBe(true);
    const other = await page.context().newPage();
    try {
      await other.goto('/');
      await expect.poll(() => wallet(other).getAttribute('aria-label')).toBe('Wallet: R0.00');

      // When this tab lets go of the token, and when the other shows a guest's header and says why (the browser's clock).
      await page.evaluate(() => {
        const remove = Storage.prototype.removeItem;
        Storage.prototype.removeItem = function (key: string) {
          const w = window as unknown as { signedOutAt?: number };
          if (key === 'play_live_session_token') w.signedOutAt ??= Date.now();
          return remove.call(this, key);
        };
      });
      await other.evaluate(() => {
        const w = window as unknown as { guestAt?: number; saidAt?: number };
        const check = () => {
          if (!document.querySelector('header button[aria-label^="Wallet:"]')) w.guestAt ??= Date.now();
          if (document.body.textContent?.includes('you signed out in another tab')) w.saidAt ??= Date.now();
        };
        new MutationObserver(check).observe(document.body, {
          childList: true,
          subtree: true,
          characterData: true,
        });
      });
      await page.getByRole('button', { name: 'Account menu for Two Tabs' }).click();
      await page.getByRole('menuitem', { name: 'SIGN OUT' }).click();
      await other
        .getByRole('dialog', { name: 'Log in' })
        .getByText('Your session ended: you signed out in another tab.')
        .waitFor();
      await expect.poll(() => wallet(other).count()).toBe(0);
      // The guest's header: Log in and Join behind the dialog.
      await other
        .locator('header')
        .getByRole('button', { name: 'Join', includeHidden: true })
        .waitFor({ state: 'attached' });
      const signedOutAt = await page.evaluate(
        () => (window as unknown as { signedOutAt: number }).signedOutAt,
      );
      const { guestAt, saidAt } = await other.evaluate(() => {
        const w = window as unknown as { guestAt: number; saidAt: number };
        return { guestAt: w.guestAt, saidAt: w.saidAt };
      });
      // The bound (1 s) for the player's data to leave the other tab, and what a loaded two-core machine is
      // allowed on top of it.
      expect(guestAt - signedOutAt).toBeLessThan(2_000);
      // Nothing of the player stays in the browser, in either tab (a late live event writes nothing back).
      for (const tab of [page, other]) {
        const keys = await tab.evaluate(() => Object.keys(window.localStorage));
        expect(
          keys.filter((key) => PLAYER_KEYS.includes(key)),
          tab === page ? 'this tab' : 'the other tab',
        ).toEqual([]);
      }
      expect(await seriousViolations(other, '[role="dialog"]')).toEqual([]);
      console.log(
        `the other tab: guest header after ${guestAt - signedOutAt} ms, why said after ${saidAt - signedOutAt} ms`,
      );
    } finally {
      await other.close();
    }
  });

  it('says why the casino ended a session, in the login dialog', async () => {
    const { token } = await newPlayer(stack, { name: 'Ended Elsewhere' });
    await startAfresh(page, { viewport: DESKTOP, token });
    await page.goto('/');
    await expect.poll(() => wallet(page).getAttribute('aria-label')).toBe('Wallet: R0.00');
    // The tab is away (a page of the site's origin that runs none of its scripts) while the casino ends the session,
    // so what tells the site is the refusal of its next request, not the live channel (the test below).
    await page.goto('/assets/e2e-blank');
    await fetch(`${stack.sandbox.url}/sandbox/endSession`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ reason: 'signed_in_elsewhere' }),
    });
    await page.goto('/');
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByText('Your session ended: you signed in on another device.').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('play_live_session_token'))).toBeNull();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  });

  it('an idle tab drops the balance and says why as soon as the casino ends the session, with no click', async () => {
    const { token } = await newPlayer(stack, { name: 'Idle Ilse', credit: '25.00' });
    await startAfresh(page, { viewport: PHONE, token });
    await page.goto('/');
    await expect.poll(() => wallet(page).getAttribute('aria-label')).toBe('Wallet: R25.00');
    // The live channel is up (the gateway's session check is a minute away: only the casino's word is in time).
    await expect.poll(() => stack.gateway.realtime.stats().subscribers).toBeGreaterThan(0);
    await fetch(`${stack.sandbox.url}/sandbox/endSession`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ reason: 'expired' }),
    });
    // No click, no reload: the tab hears it on the player's live channel.
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login
      .getByText('Your session ended: it expired. Log in again to carry on.')
      .waitFor({ timeout: 5000 });
    expect(await wallet(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Account menu/, includeHidden: true }).count()).toBe(0);
    expect(await page.evaluate(() => window.localStorage.getItem('play_live_session_token'))).toBeNull();
  });
});

describe('signed in means signed in', () => {
  it('keeps the signed-in layout when the account cannot be read, with a notice and Try again', async () => {
    const { token } = await newPlayer(stack, { name: 'Kept Signed In', credit: '25.00' });
    await startAfresh(page, { viewport: DESKTOP, token });
    await page.goto('/');
    await expect.poll(() => wallet(page).getAttribute('aria-label')).toBe('Wallet: R25.00');
    await fault('GET', '/api/account');
    await page.reload();
    const notice = accountNotice(page);
    await notice.waitFor();
    // Still a player's page: the balance and the account menu, no log in, join or sign-up offer.
    await expect.poll(() => wallet(page).getAttribute('aria-label')).toBe('Wallet: R25.00');
    await page.getByRole('button', { name: /^Account menu/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Join' }).count()).toBe(0);
    expect(await page.getByText(/sign up now/i).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // The account menu says what is missing, and still signs out.
    await page
      .getByRole('button', { name: 'Account menu: your account details could not be loaded' })
      .click();
    const menu = page.getByRole('menu');
    await menu.getByText('We could not load your account details just now.').waitFor();
    await menu.getByRole('menuitem', { name: 'SIGN OUT' }).waitFor();
    expect(await seriousViolations(page, '[role="menu"]')).toEqual([]);
    await page.keyboard.press('Escape');

    await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
    await notice.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Account menu for Kept Signed In' }).waitFor();
    await expect.poll(() => notice.count()).toBe(0);
  });

  it('on a 390 px phone too: the balance, the menu and the notice', async () => {
    const { token } = await newPlayer(stack, { name: 'Phone Player', credit: '12.00' });
    await startAfresh(page, { viewport: PHONE, token });
    await page.goto('/');
    await expect.poll(() => wallet(page).getAttribute('aria-label')).toBe('Wallet: R12.00');
    await fault('GET', '/api/account');
    await page.reload();
    await accountNotice(page).getByRole('button', { name: 'Try again' }).waitFor();
    await expect.poll(() => wallet(page).getAttribute('aria-label')).toBe('Wallet: R12.00');
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
