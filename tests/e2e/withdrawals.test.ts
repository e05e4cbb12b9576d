/**
 * Withdrawals a player understands (issue 25, item 5): a player with a verified email and cash names the bank
 * account to pay into (the form says what is missing), sees "Paying to Capitec ····1234", withdraws and sees it
 * requested, cancels one (the money is back), watches another move to approved and paid live (the casino's back
 * office: the sandbox's control route), and reads every step in Transactions with its method, status and the
 * reference to quote; on a 390 px phone the same screens render and work. axe finds no serious violation.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import {
  DESKTOP,
  PHONE,
  newPlayer,
  startAfresh,
  startSiteStack,
  type NewPlayer,
  type SiteStack,
} from './stack.js';

let stack: SiteStack;
let page: Page;

beforeAll(async () => {
  stack = await startSiteStack();
  page = (await stack.open()).page;
  page.setDefaultTimeout(20_000);
});
afterAll(() => stack?.close());

/** A player who may withdraw (a verified email and identity) with R500 of cash. */
const payee = (name: string): Promise<NewPlayer> =>
  newPlayer(stack, { name, credit: '500.00', mayWithdraw: true });

/** The casino's back office moving the player's latest withdrawal on. */
async function advanceLatest(player: NewPlayer, status: 'approved' | 'paid') {
  const list = await fetch(`${stack.sandbox.url}/api/withdrawals?limit=1`, { headers: player.auth });
  const [latest] = ((await list.json()) as { data: { id: string }[] }).data;
  const res = await fetch(`${stack.sandbox.url}/sandbox/withdrawals/${latest!.id}/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { withdrawal: { reference: string } }).withdrawal.reference;
}

const cashier = () => page.getByRole('dialog', { name: 'Cashier' });

/** Opens the cashier's withdraw tab. */
async function openWithdraw() {
  await page.goto('/?modal=wallet');
  await cashier().getByRole('tab', { name: 'Withdraw' }).click();
}

/** Fills the payout account form and saves it. */
async function addAccount(holder: string) {
  const form = cashier().getByRole('form', { name: 'Your bank account' });
  await form.getByLabel('Bank').selectOption({ label: 'Capitec' });
  await form.getByLabel('Account holder').fill(holder);
  await form.getByLabel('Account number').fill('1480 2312 34');
  await form.getByLabel('Account type').selectOption({ label: 'Savings' });
  await form.getByRole('button', { name: 'Save bank account' }).click();
  await cashier().getByText('Paying to').waitFor();
}

async function withdraw(amount: string) {
  await cashier().getByLabel('Amount to withdraw (R)').fill(amount);
  await cashier().getByRole('button', { name: 'Withdraw', exact: true }).click();
  await cashier().getByText(`Your withdrawal of R${amount}.00 is requested.`).waitFor();
}

/** The card of one withdrawal in the withdraw tab, by its amount. */
const card = (amount: string) =>
  cashier().getByRole('listitem', { name: `Withdrawal of R${amount}.00 to Capitec ····1234` });

describe('withdrawals on a desktop', () => {
  it('adds a bank account, withdraws, cancels one, and watches another get paid live', async () => {
    const player = await payee('Thandi Nkosi');
    await startAfresh(page, { viewport: DESKTOP, token: player.token });
    await openWithdraw();

    // The first withdrawal asks where to pay it; the form says what is missing.
    const form = cashier().getByRole('form', { name: 'Your bank account' });
    await form.getByLabel('Account holder').fill('');
    await form.getByRole('button', { name: 'Save bank account' }).click();
    await form.getByText('Choose your bank.').waitFor();
    await form.getByText('Enter the account holder’s name as your bank has it.').waitFor();
    await form.getByText('Enter your account number.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await addAccount('Thandi Nkosi');
    await cashier().getByText('Capitec ····1234', { exact: true }).waitFor();
    await cashier().getByText('Available to withdraw: R500.00').waitFor();

    await withdraw('100');
    await card('100').getByText('Requested', { exact: true }).waitFor();
    await cashier().getByText('Available to withdraw: R400.00').waitFor();
    await card('100').getByRole('button', { name: 'Cancel withdrawal of R100.00' }).click();
    await card('100').getByText('Cancelled', { exact: true }).waitFor();
    await cashier().getByText('Available to withdraw: R500.00').waitFor();
    expect(await card('100').getByRole('button').count()).toBe(0);

    await withdraw('150');
    await card('150').getByText('Requested', { exact: true }).waitFor();
    // The back office approves, then pays: the card follows live, with no reload.
    await advanceLatest(player, 'approved');
    await card('150').getByText('Approved', { exact: true }).waitFor();
    expect(await card('150').getByRole('button').count()).toBe(0);
    const reference = await advanceLatest(player, 'paid');
    await card('150').getByText('Paid', { exact: true }).waitFor();
    await card('150').getByText(reference, { exact: false }).waitFor();

    // Every step in Transactions: what, where to, its status, its balance and the reference to quote.
    await cashier().getByRole('button', { name: 'See your transactions' }).click();
    const ledger = page.getByRole('dialog', { name: 'Transactions' });
    const rows = ledger.getByRole('listitem');
    await ledger.getByText('Showing 4 of 4', { exact: false }).waitFor();
    const expected = [
      ['Withdrawal to Capitec ····1234', 'Paid', '-R150.00', 'Balance R350.00'],
      ['Refund of cancelled withdrawal · Capitec ····1234', 'Cancelled', '+R100.00', 'Balance R500.00'],
      ['Withdrawal to Capitec ····1234', 'Cancelled', '-R100.00', 'Balance R400.00'],
      ['Credit', 'Completed', '+R500.00', 'Balance R500.00'],
    ];
    for (const [i, texts] of expected.entries()) {
      for (const text of texts) await rows.nth(i).getByText(text, { exact: true }).waitFor();
    }
    await rows.nth(0).getByText(`Ref ${reference}`, { exact: false }).waitFor();
    expect(
      await rows
        .nth(1)
        .getByText(/Ref PL-[0-9A-Z]{6}/)
        .count(),
    ).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await ledger.getByRole('button', { name: 'Withdrawals' }).click();
    await ledger.getByText('Showing 3 of 3', { exact: false }).waitFor();
    expect(await ledger.getByText('Credit', { exact: true }).count()).toBe(0);
  });
});

describe('withdrawals on a phone', () => {
  it('adds an account, withdraws and cancels, and filters Transactions at 390 px', async () => {
    const player = await payee('Sipho Mokoena');
    await startAfresh(page, { viewport: PHONE, token: player.token });
    await openWithdraw();
    await addAccount('Sipho Mokoena');
    await withdraw('50');
    await card('50').getByRole('button', { name: 'Cancel withdrawal of R50.00' }).click();
    await card('50').getByText('Cancelled', { exact: true }).waitFor();
    // Nothing of the tab is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);

    await cashier().getByRole('button', { name: 'See your transactions' }).click();
    const ledger = page.getByRole('dialog', { name: 'Transactions' });
    await ledger.getByRole('button', { name: 'Deposits' }).click();
    await ledger.getByText('Nothing here yet.').waitFor();
    await ledger.getByRole('button', { name: 'Withdrawals' }).click();
    await ledger.getByText('Showing 2 of 2', { exact: false }).waitFor();
    // The Transactions dialog itself is scanned on the desktop.
  });
});
