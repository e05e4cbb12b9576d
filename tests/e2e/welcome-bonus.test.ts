/**
 * The welcome package as a new player meets it (docs/rules.md#welcome-package, #bonus-money): the header's Deposit
 * opens the cashier, which says before paying what the first deposit will credit; the deposit goes through the
 * sandbox's payment page; back on the site the outcome names the bonus, the balance rises by cash and bonus, and the
 * balance's breakdown says what can be withdrawn and what is locked and why (Escape closes it). On a 390 px phone
 * Deposit sits beside the balance and at the top of the menu drawer. axe finds no serious violation.
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
let player: NewPlayer;

beforeAll(async () => {
  stack = await startSiteStack();
  page = (await stack.open()).page;
  page.setDefaultTimeout(20_000);
  player = await newPlayer(stack, { name: 'Welcome Tester' });
});
afterAll(() => stack?.close());

/** Screenshots for a person to look at, when E2E_SHOTS_DIR names a folder. */
async function shot(name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

const pill = () => page.getByRole('button', { name: /^Wallet: /, includeHidden: true });
const cashier = () => page.getByRole('dialog', { name: 'Cashier' });

describe('the welcome package', () => {
  it('previews the first deposit, pays it on the payment page, and shows the bonus arrive', async () => {
    await startAfresh(page, { viewport: DESKTOP, token: player.token });
    await page.goto('/');
    await expect.poll(() => pill().getAttribute('aria-label')).toBe('Wallet: R0.00');
    await page.getByRole('banner').getByRole('button', { name: 'Deposit', exact: true }).click();
    const dialog = cashier();
    expect(await dialog.getByRole('tab', { name: 'Deposit' }).getAttribute('aria-selected')).toBe('true');
    await dialog
      .getByText(
        'Get 250% of this deposit as bonus money, up to R2,500.00. Wager 35× the bonus before it becomes cash.',
      )
      .waitFor();
    const claim = dialog.getByRole('checkbox', { name: 'Add my welcome bonus to this deposit' });
    // Opt-in: unticked until the player ticks it.
    expect(await claim.isChecked()).toBe(false);
    // The terms, one click away; "Wager 35 %" is gone for words a player reads.
    await dialog.getByText('How the welcome bonus works').click();
    await dialog.getByText(/wager 35× the bonus: your stakes/).waitFor();
    expect(await dialog.getByText('35%').count()).toBe(0);

    await dialog.getByLabel('Amount to deposit (R)').fill('100');
    await dialog.getByText('You get R100.00 cash.').waitFor();
    await claim.check();
    await dialog.getByText('You get R100.00 cash + R250.00 bonus.').waitFor();
    // No cash of the player's yet: nothing else to lock, no warning.
    expect(await dialog.getByTestId('lock-warning').count()).toBe(0);
    await dialog.getByText(/Wager 35× the bonus, R8,750\.00, before withdrawing/).waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    await dialog.getByRole('radio', { name: /^Instant EFT/ }).check();
    await dialog.getByText('You finish paying with Instant EFT on a secure payment page').waitFor();
    await dialog.getByRole('button', { name: 'Deposit', exact: true }).click();
    await page.getByRole('button', { name: 'Pay R100.00' }).click();

    await cashier().getByText('Payment received.').waitFor();
    await cashier()
      .getByText(/Your welcome bonus of R250\.00 is in your bonus balance/)
      .waitFor();
    await expect.poll(() => pill().getAttribute('aria-label')).toBe('Wallet: R350.00');
    // Used: the offer is gone from the deposit tab.
    expect(await cashier().getByText('Welcome bonus', { exact: true }).count()).toBe(0);
    await cashier().getByRole('button', { name: 'Done' }).click();
    await page.keyboard.press('Escape');
    await cashier().waitFor({ state: 'detached' });
  });

  it("opens the balance's breakdown: cash, bonus and its wagering, what is locked and why; Escape closes it", async () => {
    await pill().click();
    const breakdown = page.getByRole('dialog', { name: 'Your balance' });
    await breakdown.waitFor();
    const row = (name: string) =>
      breakdown.locator('dl > div').filter({ has: page.getByText(name, { exact: true }) });
    expect(await row('Cash').locator('dd').textContent()).toBe('R100.00');
    expect(await row('Bonus').locator('dd').textContent()).toBe('R250.00');
    expect(await row('Withdrawable now').locator('dd').textContent()).toBe('R0.00');
    expect(await row('Locked').locator('dd').textContent()).toBe('R350.00');
    await breakdown.getByText('R0.00 of R8,750.00').waitFor();
    await breakdown.getByText('Your cash (R100.00) is locked while your bonus is being wagered.').waitFor();
    await breakdown
      .getByText(/you lose the bonus \(R250\.00 now\) and can withdraw your cash at once/)
      .waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await breakdown.waitFor({ state: 'detached' });
    expect(await pill().evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('puts Deposit beside the balance and in the drawer on a 390 px phone', async () => {
    await startAfresh(page, { viewport: PHONE, token: player.token });
    await page.goto('/');
    await expect.poll(() => pill().getAttribute('aria-label')).toBe('Wallet: R350.00');
    const header = page.getByRole('banner');
    // Everything of the player's header is on screen, Deposit and the account button included.
    // Polled: the wallet's stand-in is replaced by the real buttons once their code has loaded, and a box read across
    // that swap is null.
    const rightEdge = async (control: ReturnType<typeof pill>) => {
      const box = await control.boundingBox();
      return box ? box.x + box.width : Infinity;
    };
    for (const control of [header.getByRole('button', { name: 'Deposit', exact: true }), pill()]) {
      await expect.poll(() => rightEdge(control)).toBeLessThanOrEqual(PHONE.width);
    }
    await expect.poll(() => rightEdge(header.getByRole('button').last())).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: 'Open the menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('button', { name: 'Deposit', exact: true }).waitFor();
    expect(await seriousViolations(page, 'header, [role="dialog"]')).toEqual([]);
    await drawer.getByRole('button', { name: 'Deposit', exact: true }).click();
    await cashier().getByText('You finish paying with', { exact: false }).waitFor();
    expect(await cashier().getByRole('tab', { name: 'Deposit' }).getAttribute('aria-selected')).toBe('true');
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`says in rands, before Deposit, the cash a ticked bonus would lock (${viewport.width} px)`, async () => {
      const holder = await newPlayer(stack, { name: 'Cash Holder', credit: '1000' });
      await startAfresh(page, { viewport, token: holder.token });
      await page.goto('/');
      await expect.poll(() => pill().getAttribute('aria-label')).toBe('Wallet: R1,000.00');
      await page.getByRole('banner').getByRole('button', { name: 'Deposit', exact: true }).click();
      const dialog = cashier();
      const claim = dialog.getByRole('checkbox', { name: 'Add my welcome bonus to this deposit' });
      await claim.waitFor();
      expect(await claim.isChecked()).toBe(false);
      await dialog.getByLabel('Amount to deposit (R)').fill('50');
      await dialog.getByText('You get R50.00 cash.').waitFor();
      expect(await dialog.getByTestId('lock-warning').count()).toBe(0);
      await claim.check();
      await dialog.getByText('You get R50.00 cash + R125.00 bonus.').waitFor();
      const warning = dialog.getByTestId('lock-warning');
      await warning.waitFor();
      expect((await warning.textContent())?.replace(/\s+/g, ' ')).toBe(
        'Your R1,000.00 cash will also be locked until you wager R4,375.00.',
      );
      // Above the Deposit button, where the player reads it before committing.
      const deposit = dialog.getByRole('button', { name: 'Deposit', exact: true });
      const [w, d] = [await warning.boundingBox(), await deposit.boundingBox()];
      expect(w!.y).toBeLessThan(d!.y);
      expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await warning.scrollIntoViewIfNeeded();
      await shot(`welcome-lock-warning-${viewport.width}`);
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    });
  }
});
