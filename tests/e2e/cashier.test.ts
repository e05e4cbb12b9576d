/**
 * The cashier, as a new player meets it, on a desktop and on a 390 px phone: a deposit through the sandbox's
 * payment page raises the header balance once back on the site; a refused amount says why and sends nothing;
 * withdrawing is explained until it is allowed, a double click withdraws once, and a retry after the casino timed
 * out does not withdraw twice; the transactions modal lists what happened; /capitec shows the casino's name for
 * the method and deposits with it; axe finds no serious violation in any of them.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import {
  DESKTOP,
  PHONE,
  documentSent,
  newPlayer,
  type NewPlayer,
  verifyIdentity,
  startAfresh,
  startSiteStack,
  type SiteStack,
} from './stack.js';
import { seriousViolations } from './axe.js';

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
// Some tests wait less for a step (20 s); each starts from Playwright's default again.
beforeEach(() => page.setDefaultTimeout(30_000));
afterAll(() => stack?.close());

const SHOTS = process.env.CASHIER_SHOTS;

async function gql<T = any>(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data: T; errors?: { message: string }[] };
}

const sandboxCall = (path: string, token: string | null, body: unknown = {}, method = 'POST') =>
  fetch(`${stack.sandbox.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** The player's withdrawals in the ledger, as the gateway lists them. */
async function withdrawals(token: string) {
  const { data } = await gql<{
    viewer: { transactions: { edges: { node: { type: string; amount: { formatted: string } } }[] } };
  }>('{ viewer { transactions(first: 100) { edges { node { type amount { formatted } } } } } }', {}, token);
  return data.viewer.transactions.edges
    .filter((e) => e.node.type === 'WITHDRAWAL')
    .map((e) => e.node.amount.formatted);
}

/** Every cashier mutation the page sends (to check that a refused amount sends nothing). */
function paymentRequests(page: Page) {
  const sent: string[] = [];
  const listener = (request: Request) => {
    const body = documentSent(request);
    if (/DepositMutation|WithdrawMutation/.test(body)) sent.push(body);
  };
  page.on('request', listener);
  // The page outlives the test: its next tests send nothing here.
  onTestFinished(() => void page.off('request', listener));
  return sent;
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('the cashier on a %s', (label, viewport) => {
  let player: NewPlayer;

  beforeAll(async () => {
    player = await newPlayer(stack, { name: 'Cash Tester' });
    // Past the welcome package, so deposits here are cash only (welcome-bonus.test.ts covers the bonus).
    await sandboxCall('/sandbox/welcomePackage', player.token, { expired: true });
    await startAfresh(page, { viewport, token: player.token });
    // A step that does not happen fails at that step, well before the test's own time limit.
    page.setDefaultTimeout(20_000);
  });

  // The header's balance, read while a modal makes the page behind it inert (hidden from the accessibility tree).
  const wallet = () => page.getByRole('button', { name: /^Wallet: /, includeHidden: true });
  const cashier = () => page.getByRole('dialog', { name: 'Cashier' });

  it('deposits through the payment page, and the header balance rises once back', async () => {
    await page.goto('/');
    await expect.poll(() => wallet().getAttribute('aria-label')).toBe('Wallet: R0.00');
    // The header's Deposit, beside the balance, opens the cashier on its deposit tab.
    await page.getByRole('banner').getByRole('button', { name: 'Deposit', exact: true }).click();
    const dialog = cashier();
    await dialog.getByText('Total balance').waitFor();
    // Every method the sandbox switches on by default, by the names players see, Capitec under its default name.
    for (const name of [
      'Pay by bank',
      'Voucher',
      'Capitec ETF',
      'Discovery Bank',
      'Instant EFT',
      'Card',
      'Bitcoin',
    ])
      expect(await dialog.getByRole('radio', { name: new RegExp(`^${name}`) }).count(), name).toBe(1);
    await dialog.getByText('From R10.00 to R50,000.00.').waitFor();
    await shot(page, `${label}-wallet`);
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('radio', { name: /^Capitec ETF/ }).check();
    await dialog.getByLabel('Amount to deposit (R)').fill('250');
    await dialog.getByRole('button', { name: 'Deposit', exact: true }).click();

    // The sandbox's payment page, then back to the site with the deposit named in the address.
    await page.getByRole('heading', { name: 'Sandbox payment' }).waitFor();
    expect(page.url()).toContain(`${stack.sandbox.url}/sandbox/pay/`);
    await page.getByText('capitec (paypump): R250.00').waitFor();
    await page.getByRole('button', { name: 'Pay R250.00' }).click();

    await cashier().getByText('Payment received.').waitFor();
    await cashier().getByText('R250.00 is in your cash balance.').waitFor();
    await expect.poll(() => wallet().getAttribute('aria-label')).toBe('Wallet: R250.00');
    // The return's parameters are read once and leave the address.
    expect(new URL(page.url()).search).toBe('');
    await shot(page, `${label}-deposit-returned`);
    expect(await seriousViolations(page)).toEqual([]);
    await cashier().getByRole('button', { name: 'Done' }).click();
    await cashier().getByText('Payment received.').waitFor({ state: 'detached' });
  });

  it('says why a refused amount is refused, and sends nothing', async () => {
    const sent = paymentRequests(page);
    const dialog = cashier();
    await dialog.getByLabel('Amount to deposit (R)').fill('5');
    await dialog.getByRole('button', { name: 'Deposit', exact: true }).click();
    await dialog.getByText('The smallest deposit is R10.00.').waitFor();
    await dialog.getByLabel('Amount to deposit (R)').fill('12.345');
    await dialog.getByRole('button', { name: 'Deposit', exact: true }).click();
    await dialog.getByText('Use at most two decimals, for example 150.50.').waitFor();
    await shot(page, `${label}-refused`);
    expect(sent).toEqual([]);

    // Not yet allowed to withdraw (the email is not verified): the reason, and no form.
    await dialog.getByRole('tab', { name: 'Withdraw' }).click();
    await dialog.getByText('Withdrawals are closed for now.').waitFor();
    await dialog.getByText('Withdrawals open once your email address is verified.').waitFor();
    expect(await dialog.getByLabel('Amount to withdraw (R)').count()).toBe(0);
  });

  it('withdraws once for a double click, and refuses more than the cash balance', async () => {
    await sandboxCall('/sandbox/verifyEmail', player.token);
    await verifyIdentity(stack, player);
    // The payout account form has its own journey (withdrawals.test.ts): saved here at the casino.
    await sandboxCall(
      '/api/bankAccount',
      player.token,
      { bank: 'capitec', holder: 'Cash Tester', account_number: '1480231234', account_type: 'savings' },
      'PUT',
    );
    await page.goto('/?modal=wallet');
    const dialog = cashier();
    await dialog.getByRole('tab', { name: 'Withdraw' }).click();
    await dialog.getByText('Available to withdraw:').waitFor();
    const sent = paymentRequests(page);
    await dialog.getByLabel('Amount to withdraw (R)').fill('300');
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await dialog.getByText('You can withdraw up to R250.00, your cash balance.').waitFor();
    expect(sent).toEqual([]);

    await dialog.getByLabel('Amount to withdraw (R)').fill('60');
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).dblclick();
    await dialog.getByText('Your withdrawal of R60.00 is requested.').waitFor();
    await expect.poll(() => wallet().getAttribute('aria-label')).toBe('Wallet: R190.00');
    await shot(page, `${label}-withdrawn`);
    expect(await withdrawals(player.token)).toEqual(['-R60.00']);
    expect(sent.length).toBeLessThanOrEqual(1);
  });

  it('does not withdraw twice when a retry follows a lost response', async () => {
    // The withdrawal reaches the casino and is made, but its response never reaches the browser (a dropped
    // connection, a timeout): the player is told the outcome is not known yet, never that it failed, and the site
    // checks again with the same request.
    let dropped = false;
    await page.route('**/graphql', async (route) => {
      if (!dropped && /WithdrawMutation/.test(documentSent(route.request()))) {
        dropped = true;
        await route.fetch();
        return route.abort('timedout');
      }
      return route.continue();
    });
    try {
      const dialog = cashier();
      await dialog.getByLabel('Amount to withdraw (R)').fill('50');
      await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await dialog.getByText('We have not heard back about your withdrawal of R50.00 yet.').waitFor();
      await dialog.getByRole('button', { name: 'Check again' }).waitFor();
      expect(await withdrawals(player.token)).toEqual(['-R50.00', '-R60.00']);
      // The same intent again (the site's own check): the casino returns the first withdrawal, and takes nothing more.
      await dialog.getByText('Your withdrawal of R50.00 is requested.').waitFor();
      expect(await withdrawals(player.token)).toEqual(['-R50.00', '-R60.00']);
      await expect.poll(() => wallet().getAttribute('aria-label')).toBe('Wallet: R140.00');
    } finally {
      await page.unroute('**/graphql');
    }
  });

  it('lists the transactions, newest first, in Johannesburg time', async () => {
    await cashier().getByRole('button', { name: 'See your transactions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transactions' });
    await dialog.getByText('Showing 3 of 3, newest first.', { exact: false }).waitFor();
    const entries = dialog.getByRole('listitem');
    expect(await entries.count()).toBe(3);
    await entries.nth(0).getByText('Withdrawal to Capitec ····1234', { exact: true }).waitFor();
    await entries.nth(0).getByText('-R50.00').waitFor();
    await entries.nth(2).getByText('Deposit · Capitec ETF', { exact: true }).waitFor();
    await entries.nth(2).getByText('+R250.00').waitFor();
    const shown = await entries.nth(0).locator('time').textContent();
    const iso = await entries.nth(0).locator('time').getAttribute('datetime');
    const johannesburg = new Date(Date.parse(iso!) + 2 * 3600_000)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ');
    expect(shown).toBe(johannesburg);
    await shot(page, `${label}-transactions`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows /capitec under the casino’s name for it, and deposits with it', async () => {
    await page.goto('/capitec');
    await page.getByRole('heading', { level: 1, name: 'Capitec ETF' }).waitFor();
    await page.getByRole('heading', { name: 'Deposit with Capitec ETF' }).waitFor();
    await page.getByText('From R10.00 to R50,000.00.').waitFor();
    await shot(page, `${label}-capitec`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Amount to deposit (R)').fill('100');
    await page
      .getByRole('form', { name: 'Deposit' })
      .getByRole('button', { name: 'Deposit', exact: true })
      .click();
    await page.getByRole('button', { name: 'Pay R100.00' }).click();
    await cashier().getByText('R100.00 is in your cash balance.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/capitec');
    await expect.poll(() => wallet().getAttribute('aria-label')).toBe('Wallet: R240.00');
  });
});

describe('the cashier for everyone', () => {
  it('gives a guest not-found on /capitec, and the login modal for the wallet', async () => {
    await startAfresh(page, { viewport: DESKTOP, token: null });
    await page.goto('/capitec');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Capitec ETF' }).count()).toBe(0);
    await page.goto('/?modal=wallet');
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
  });

  it('says when there are no transactions yet, and shows more of a long ledger on request', async () => {
    const { token } = await newPlayer(stack, { name: 'Cash Tester' });
    await startAfresh(page, { viewport: PHONE, token });
    page.setDefaultTimeout(20_000);
    await page.goto('/?modal=transactions');
    const dialog = page.getByRole('dialog', { name: 'Transactions' });
    await dialog.getByText('No transactions yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    for (let i = 1; i <= 22; i += 1) await sandboxCall('/sandbox/credit', token, { amount: `${i}.00` });
    await page.goto('/?modal=transactions');
    await dialog.getByText('Showing 20 of 22, newest first.', { exact: false }).waitFor();
    await dialog.getByRole('listitem').first().getByText('+R22.00').waitFor();
    await dialog.getByRole('button', { name: 'Show more' }).click();
    await dialog.getByText('Showing 22 of 22, newest first.', { exact: false }).waitFor();
    await dialog.getByRole('listitem').last().getByText('+R1.00').waitFor();
    expect(await dialog.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Back to the cashier' }).click();
    await page.getByRole('dialog', { name: 'Cashier' }).getByText('R253.00').first().waitFor();
  });

  it('names the game of each bet and win in the transactions', async () => {
    const { token } = await newPlayer(stack, { name: 'Cash Tester', credit: '20.00' });
    const spin = await sandboxCall('/sandbox/spin', token, {
      gameCode: 'netent-premier-roulette',
      stake: '2.00',
    });
    expect(spin.status).toBe(200);
    await startAfresh(page, { viewport: DESKTOP, token });
    await page.goto('/?modal=transactions');
    const dialog = page.getByRole('dialog', { name: 'Transactions' });
    const bet = dialog.getByRole('listitem').filter({ hasText: /^Bet/ });
    await bet.getByText('-R2.00').waitFor();
    await bet.getByText('· Premier Roulette').waitFor();
    expect(await dialog.getByText(/spin:/).count()).toBe(0);
  });

  it('checks a payment the bank has not confirmed yet silently, until it clears', async () => {
    const { token } = await newPlayer(stack, { name: 'Cash Tester' });
    await sandboxCall('/sandbox/welcomePackage', token, { expired: true });
    await startAfresh(page, { viewport: DESKTOP, token });
    page.setDefaultTimeout(20_000);
    await page.goto('/?modal=wallet');
    const dialog = page.getByRole('dialog', { name: 'Cashier' });
    await dialog.getByRole('radio', { name: /^Instant EFT/ }).check();
    await dialog.getByLabel('Amount to deposit (R)').fill('75.50');
    await dialog.getByRole('button', { name: 'Deposit', exact: true }).click();
    await page.getByRole('button', { name: 'Pay R75.50' }).waitFor();
    const paymentId = new URL(page.url()).pathname.split('/').pop()!;

    // The payment page sends the player back before the bank has responded.
    const checks: string[] = [];
    let checked = 0;
    const isCheck = (request: Request) => /depositWatchStatusQuery/.test(documentSent(request));
    const onRequest = (request: Request) => {
      if (isCheck(request)) checks.push(`${request.method()} ${request.url()}`);
    };
    const onFinished = (request: Request) => {
      if (isCheck(request)) checked += 1;
    };
    page.on('request', onRequest);
    page.on('requestfinished', onFinished);
    onTestFinished(() => {
      page.off('request', onRequest);
      page.off('requestfinished', onFinished);
    });
    await page.goto(`/?modal=wallet&provider=callpay&paymentId=${paymentId}&status=pending`);
    await dialog.getByText('Checking your payment of R75.50 with the bank…').waitFor();
    // The header's loader stays still while the cashier asks again and again: watched until the cashier has asked
    // at least twice and at least one check has come back while watched, and a frame after (no fixed time).
    await page.evaluate(() => {
      const header = document.querySelector('header')!;
      const watch = {
        seen: header.querySelector('[role=status]') !== null,
        observer: null as MutationObserver | null,
      };
      watch.observer = new MutationObserver(() => {
        if (header.querySelector('[role=status]')) watch.seen = true;
      });
      watch.observer.observe(header, { childList: true, subtree: true });
      (window as unknown as { loaderWatch: typeof watch }).loaderWatch = watch;
    });
    const checkedBefore = checked;
    await expect.poll(() => checks.length >= 2 && checked > checkedBefore).toBe(true);
    const loaderShown = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() => {
            const watch = (
              window as unknown as { loaderWatch: { seen: boolean; observer: MutationObserver } }
            ).loaderWatch;
            watch.observer.disconnect();
            resolve(watch.seen);
          }),
        ),
    );
    expect(checks.length).toBeGreaterThanOrEqual(2);
    // The provider's return parameters go in a POST's body, never in an address a proxy would log.
    for (const check of checks) expect(check).toMatch(/^POST .*\/graphql$/);
    expect(loaderShown).toBe(false);
    await shot(page, 'desktop-deposit-checking');

    // The bank confirms: the next check sees it, and the balance follows.
    await fetch(`${stack.sandbox.url}/sandbox/pay/${paymentId}/confirm`, {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    await dialog.getByText('R75.50 is in your cash balance.').waitFor();
    await expect
      .poll(() =>
        page.getByRole('button', { name: /^Wallet: /, includeHidden: true }).getAttribute('aria-label'),
      )
      .toBe('Wallet: R75.50');
  });

  it('says when Capitec is switched off, and says a payment cancelled on the payment page was cancelled', async () => {
    const { token } = await newPlayer(stack, { name: 'Cash Tester' });
    await startAfresh(page, { viewport: PHONE, token });
    await sandboxCall(
      '/sandbox/settings/payments',
      null,
      { is_capitec_enabled: false, payment_method_capitec_name: 'Capitec Pay' },
      'PATCH',
    );
    try {
      await page.goto('/capitec');
      await page.getByText('Capitec Pay is not available right now.').waitFor();
      await page.getByRole('button', { name: 'Open the cashier' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cashier' });
      await dialog.getByRole('radio', { name: /^Card/ }).waitFor();
      expect(await dialog.getByRole('radio', { name: /^Capitec|^Discovery/ }).count()).toBe(0);
      await dialog.getByRole('radio', { name: /^Card/ }).check();
      await dialog.getByLabel('Amount to deposit (R)').fill('40');
      await dialog.getByRole('button', { name: 'Deposit', exact: true }).click();
      await page.getByRole('button', { name: 'Cancel payment' }).click();
      // Cancelled on the payment page, and said so (not a bare "failed").
      await page.getByRole('dialog', { name: 'Cashier' }).getByText('The payment was cancelled.').waitFor();
      // The method the player chose is still chosen (not the first, Pay by bank), ready to try again.
      const back = page.getByRole('dialog', { name: 'Cashier' });
      await expect.poll(() => back.getByRole('radio', { name: /^Card/ }).isChecked()).toBe(true);
      expect(await back.getByRole('radio', { name: /^Pay by bank/ }).isChecked()).toBe(false);
      await shot(page, 'phone-deposit-failed');
      await expect
        .poll(() =>
          page.getByRole('button', { name: /^Wallet: /, includeHidden: true }).getAttribute('aria-label'),
        )
        .toBe('Wallet: R0.00');
    } finally {
      await sandboxCall(
        '/sandbox/settings/payments',
        null,
        { is_capitec_enabled: true, payment_method_capitec_name: 'Capitec ETF' },
        'PATCH',
      );
    }
  });
});
