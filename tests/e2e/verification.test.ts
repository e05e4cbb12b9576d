/**
 * Know your player (issue 39), as a new player lives it on a phone (390 px) and on a desktop (1366 px): register with
 * a South African ID number (the casino fills in the date of birth it holds), deposit, find the withdrawal waiting for
 * FICA verification and follow the way to the verification page, upload an identity document (its first upload
 * dropped by the network, retried with the same file) and a proof of address, submit them, watch the back office's
 * decision arrive live, and withdraw. And a self-excluded person who comes back with a new email is refused by the
 * casino, with the end date. axe finds no serious violation on the new screens.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testIdentity } from '../../sandbox/test/identities.js';
import { seriousViolations } from './axe.js';
import {
  DESKTOP,
  PHONE,
  TINY_PDF,
  TINY_PNG,
  startAfresh,
  startSiteStack,
  tokenIn,
  type SiteStack,
} from './stack.js';

let stack: SiteStack;
let page: Page;
const SHOTS = process.env.E2E_SHOTS_DIR;

beforeAll(async () => {
  stack = await startSiteStack();
  page = (await stack.open()).page;
  page.setDefaultTimeout(20_000);
});
afterAll(() => stack?.close());

const shot = async (name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** A call the casino's back office (or the player on another device) makes, as the player. */
async function casino(token: string, path: string, body: unknown = {}, method = 'POST') {
  const res = await fetch(`${stack.sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** Registers through the site's form with a South African ID number; returns the session token. */
async function register(name: string, email: string, idNumber: string) {
  await page.goto('/?signup=1');
  const dialog = page.getByRole('dialog', { name: 'Join PlayLive' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('correct-horse-9');
  await dialog.getByLabel('South African ID number').fill(idNumber);
  return dialog;
}

const cashier = () => page.getByRole('dialog', { name: 'Cashier' });

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('verifying a new player on a %s', (label, viewport) => {
  it('registers with an ID number, deposits, verifies with two documents, and withdraws', async () => {
    await startAfresh(page, { viewport });
    const identity = testIdentity('1991-04-23');
    const name = `Ayanda ${label === 'phone' ? 'Mokoena' : 'Dlamini'}`;
    const dialog = await register(name, `kyp-${label}-${Date.now()}@example.test`, identity.idNumber);
    // The casino read the birth date from the ID number: the form fills it in.
    await expect.poll(() => dialog.getByLabel('Date of birth').inputValue()).toBe('1991-04-23');
    await dialog.getByText('Filled in from your ID number.').waitFor();
    await dialog.getByText('We need your ID to confirm you are 18 or older, as the law requires.').waitFor();
    await shot(`kyp-${label}-register`);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    const welcome = page.getByRole('dialog', { name: 'Welcome to PlayLive' });
    await welcome.getByRole('button', { name: "Let's play" }).click();
    await page.getByRole('button', { name: `Account menu for ${name}` }).waitFor();
    const token = (await tokenIn(page))!;
    // The account shows the number masked, never whole.
    const account = (await (
      await fetch(`${stack.sandbox.url}/api/account`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id_number_masked: string };
    expect(account.id_number_masked).toBe(`${identity.idNumber.slice(0, 6)}*******`);
    // The email link the player would follow, and a bank account to be paid into (withdrawals.test.ts has its form).
    await casino(token, '/sandbox/verifyEmail');
    await casino(
      token,
      '/api/bankAccount',
      { bank: 'capitec', holder: name, account_number: '1480231234', account_type: 'savings' },
      'PUT',
    );

    // A deposit, paid on the casino's payment page, without the welcome bonus (opt-in: the box starts unticked), so
    // all of it is cash.
    await page.goto('/?modal=wallet');
    await cashier().getByLabel('Add my welcome bonus to this deposit').uncheck();
    await cashier()
      .getByRole('radio', { name: /^Instant EFT/ })
      .check();
    await cashier().getByLabel('Amount to deposit (R)').fill('200');
    await cashier().getByRole('button', { name: 'Deposit', exact: true }).click();
    await page.getByRole('button', { name: 'Pay R200.00' }).click();
    await cashier().getByText('R200.00 is in your cash balance.').waitFor();
    await cashier().getByRole('button', { name: 'Done' }).click();

    // The withdrawal waits for FICA, says why, and leads to the verification page.
    await cashier().getByRole('tab', { name: 'Withdraw' }).click();
    await cashier()
      .getByText('We need to verify your identity before your first withdrawal (FICA).')
      .waitFor();
    expect(await cashier().getByLabel('Amount to withdraw (R)').count()).toBe(0);
    await shot(`kyp-${label}-withdraw-blocked`);
    await cashier().getByRole('link', { name: 'Verify your account' }).click();
    await page.getByRole('heading', { name: 'Verify your account', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/verification');
    const status = page.getByRole('status', { name: 'Your verification' });
    await status.getByText('Not verified yet').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(`kyp-${label}-verify`);

    // The identity document's first upload is dropped by the network on its way to the casino.
    let dropped = 0;
    await page.route(`${stack.sandbox.url}/uploads/verification/**`, async (route) => {
      if (route.request().method() === 'PUT' && dropped === 0) {
        dropped += 1;
        return route.abort('connectionreset');
      }
      return route.fallback();
    });
    const identityCard = page.getByRole('region', { name: 'Identity document' });
    await identityCard
      .getByLabel('Choose a file of your identity document')
      .setInputFiles({ name: 'my-id.png', mimeType: 'image/png', buffer: TINY_PNG });
    await identityCard.getByText('Upload interrupted.').waitFor();
    await shot(`kyp-${label}-interrupted`);
    // Retry sends the same file: nothing to choose again.
    await identityCard.getByRole('button', { name: 'Retry' }).click();
    await identityCard.getByText('my-id.png uploaded.').waitFor();
    expect(dropped).toBe(1);
    await page.unroute(`${stack.sandbox.url}/uploads/verification/**`);

    const addressCard = page.getByRole('region', { name: 'Proof of address' });
    await addressCard
      .getByLabel('Choose a file of your proof of address')
      .setInputFiles({ name: 'municipal-bill.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await addressCard.getByText('municipal-bill.pdf uploaded.').waitFor();
    await status
      .getByText('Your documents are uploaded: submit them for review.', { exact: false })
      .waitFor();

    await page.getByRole('button', { name: 'Submit for review' }).click();
    await status.getByText('We are checking your documents').waitFor();
    await shot(`kyp-${label}-pending`);

    // The back office verifies: the page follows live, with no reload.
    const loads = { count: 0 };
    page.on('load', () => (loads.count += 1));
    await casino(token, '/sandbox/verification', { status: 'verified' });
    await status.getByText('Your account is verified').waitFor();
    expect(loads.count).toBe(0);
    await shot(`kyp-${label}-verified`);

    // And the withdrawal goes through.
    await page.goto('/?modal=wallet');
    await cashier().getByRole('tab', { name: 'Withdraw' }).click();
    await cashier().getByLabel('Amount to withdraw (R)').fill('50');
    await cashier().getByRole('button', { name: 'Withdraw', exact: true }).click();
    await cashier().getByText('Your withdrawal of R50.00 is requested.').waitFor();
  });
});

describe('self-exclusion follows the person', () => {
  it('refuses a self-excluded identity that registers again under a new email, with the end date', async () => {
    await startAfresh(page, { viewport: PHONE });
    const identity = testIdentity('1985-09-30');
    const first = await fetch(`${stack.sandbox.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Pieter Botha',
        email: `excluded-${Date.now()}@example.test`,
        password: 'correct-horse-9',
        date_of_birth: identity.dateOfBirth,
        id_number: identity.idNumber,
      }),
    });
    const { token } = (await first.json()) as { token: string };
    await casino(token, '/api/selfExclusion', { length: '6m', confirm: true });

    const dialog = await register('Pieter Botha', `again-${Date.now()}@example.test`, identity.idNumber);
    await expect.poll(() => dialog.getByLabel('Date of birth').inputValue()).toBe('1985-09-30');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await dialog
      .getByText(/You have excluded yourself from PlayLive until \d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
      .waitFor();
    expect(await tokenIn(page)).toBeNull();
    await shot('kyp-self-excluded');
  });
});
