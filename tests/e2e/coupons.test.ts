/**
 * Coupons, bonus wagering and the profile, as a player meets them, on a desktop and on a 390 px phone: a new
 * player redeems the welcome coupon and sees the bonus in the header and its wagering move after a stake; a
 * refused code shows the casino's text; opting out of the coupon or of the bonus asks first and says how it went;
 * a failed part of a modal says so; the profile edit checks its fields, saves and shows the new name; the account
 * menu's optional entries follow the site's flags. axe over the coupon, wagering and profile modals.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  newPlayer,
  patchSiteSettings,
  startAfresh,
  startSiteStack,
  type SiteStack,
} from './stack.js';
import { seriousViolations } from './axe.js';

let stack: SiteStack;
let game: { code: string };
/**
 * The one page every test drives: a fresh context's first page load costs Chromium several times a load in an open
 * page, so each test starts from this page with clean storage (openAs) rather than from a context of its own.
 */
let shared: Page;

beforeAll(async () => {
  stack = await startSiteStack();
  shared = (await stack.open()).page;
  const res = await fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: '{ games(first: 1, filter: { category: "slots" }) { edges { node { code } } } }',
    }),
  });
  game = ((await res.json()) as any).data.games.edges[0].node;
});
afterAll(() => stack?.close());
afterEach(async () => {
  await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
});

/** Screenshots for a person to look at, when E2E_SHOTS_DIR names a folder. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

async function sandbox(path: string, token: string | null, body: unknown, method = 'POST') {
  const res = await fetch(`${stack.sandbox.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The shared page at this size, made new (startAfresh) with the player signed in, at this path. */
async function openAs(viewport: { width: number; height: number }, token: string, path = '/') {
  const page = shared;
  // A step that cannot happen fails soon, naming what it waited for.
  page.setDefaultTimeout(15_000);
  await startAfresh(page, { viewport, token });
  await page.goto(path);
  return page;
}

/** axe over the open modal alone. */
const modalViolations = (page: Page) => seriousViolations(page, '[role="dialog"]');

async function accountMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  return page.getByRole('menu');
}

/** The header's balance (hidden from the accessibility tree while a modal is open, still on screen). */
const wallet = (page: Page) => page.getByRole('button', { name: /^Wallet: /, includeHidden: true });

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`coupons and wagering on a ${label}`, () => {
    it('says in rands the cash a coupon would lock, before it is applied, and applies it on Confirm', async () => {
      const player = await newPlayer(stack, { name: 'Cash Keeper', credit: '1000' });
      const page = await openAs(viewport, player.token);
      await expect.poll(() => wallet(page).getAttribute('aria-label')).toBe('Wallet: R1,000.00');
      await (await accountMenu(page, player.name)).getByRole('menuitem', { name: 'REDEEM COUPON' }).click();
      const dialog = page.getByRole('dialog', { name: 'Redeem a coupon' });
      await dialog.getByLabel('Coupon code').fill('SPIN25');
      await dialog.getByRole('button', { name: 'Redeem' }).click();
      await dialog.getByText('Coupon SPIN25').waitFor();
      await dialog.getByText('5× the bonus, R125.00').waitFor();
      const lock = dialog.getByTestId('coupon-lock');
      expect(await lock.textContent()).toContain(
        'Your R1,000.00 cash will also be locked until you wager R125.00.',
      );
      // Not applied yet: the balance is the cash alone.
      expect(await wallet(page).getAttribute('aria-label')).toBe('Wallet: R1,000.00');
      expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await shot(page, `coupon-lock-warning-${label}`);
      expect(await modalViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByText('Coupon redeemed: R25.00 bonus added to your wallet.').waitFor();
      await expect.poll(() => wallet(page).getAttribute('aria-label')).toBe('Wallet: R1,025.00');
    });

    it('offers the coupon a promotion advertises with the casino’s terms, and redeems it from there', async () => {
      const player = await newPlayer(stack, { name: 'Reload Reader', credit: '500' });
      const page = await openAs(viewport, player.token, '/promotions#midweek-reload');
      const card = page.getByRole('article', { name: 'Midweek Reload' });
      // The numbers are the coupon's own, read from the casino (GET /api/couponPreview says the same).
      const res = await fetch(`${stack.sandbox.url}/api/couponPreview?code=RELOAD50`, {
        headers: { authorization: `Bearer ${player.token}` },
      });
      expect(await res.json()).toMatchObject({
        bonus_amount: '50.00',
        wager_multiplier: 20,
        wagering_required: '1000.00',
      });
      expect(await card.getByTestId('promotion-coupon').textContent()).toBe(
        'Coupon RELOAD50: R50.00 bonus, wager 20× the bonus, R1,000.00.',
      );
      await shot(page, `promotion-coupon-${label}`);
      await card.getByRole('button', { name: 'Redeem RELOAD50' }).click();
      const dialog = page.getByRole('dialog', { name: 'Redeem a coupon' });
      expect(await dialog.getByLabel('Coupon code').inputValue()).toBe('RELOAD50');
      await dialog.getByRole('button', { name: 'Redeem' }).click();
      await dialog.getByText('20× the bonus, R1,000.00').waitFor();
      expect(await dialog.getByTestId('coupon-lock').textContent()).toContain(
        'Your R500.00 cash will also be locked until you wager R1,000.00.',
      );
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByText('Coupon redeemed: R50.00 bonus added to your wallet.').waitFor();
    });

    it('redeems the welcome coupon: the bonus in the header, then its wagering moving after a stake', async () => {
      const player = await newPlayer(stack, { name: 'Coupon Tester' });
      const page = await openAs(viewport, player.token);
      await expect.poll(() => wallet(page).getAttribute('aria-label')).toBe('Wallet: R0.00');

      await (await accountMenu(page, player.name)).getByRole('menuitem', { name: 'REDEEM COUPON' }).click();
      const dialog = page.getByRole('dialog', { name: 'Redeem a coupon' });
      const code = dialog.getByLabel('Coupon code');
      await code.waitFor();

      await dialog.getByRole('button', { name: 'Redeem' }).click();
      await dialog.getByText('Enter a coupon code.').waitFor();

      await code.fill('NOT-A-COUPON');
      await dialog.getByRole('button', { name: 'Redeem' }).click();
      await dialog.getByText('Invalid coupon code.').waitFor();
      await shot(page, `coupon-invalid-${label}`);
      expect(await modalViolations(page)).toEqual([]);

      await code.fill('welcome100 '.toUpperCase());
      await dialog.getByRole('button', { name: 'Redeem' }).click();
      // Two steps: the coupon's terms first (no cash of the player's to lock), then Confirm applies it.
      await dialog.getByText('10× the bonus, R1,000.00').waitFor();
      await dialog.getByText('While you wager it, withdrawals are closed.', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByText('Coupon redeemed: R100.00 bonus added to your wallet.').waitFor();
      await dialog.getByText('R0.00 wagered of R1,000.00').waitFor();
      // The payload's wallet reaches the header without a reload.
      await expect.poll(() => wallet(page).getAttribute('aria-label')).toBe('Wallet: R100.00');
      await shot(page, `coupon-redeemed-${label}`);
      expect(await modalViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'See bonus wagering' }).click();
      const wagering = page.getByRole('dialog', { name: 'Bonus wagering' });
      await wagering.getByText('R0.00 wagered of R1,000.00').waitFor();
      const wallets = wagering.getByRole('region', { name: 'Your wallets' });
      await expect
        .poll(() => wallets.getByRole('listitem').allInnerTexts())
        .toEqual([expect.stringMatching(/Cash\s+R0\.00/), expect.stringMatching(/Bonus\s+R100\.00/)]);
      await shot(page, `wagering-${label}`);
      expect(await modalViolations(page)).toEqual([]);
      await wagering.getByRole('button', { name: 'Close' }).click();

      // A R10 stake (from the bonus: there is no money) counts toward the R1,000 requirement.
      await sandbox('/sandbox/spin', player.token, { gameCode: game.code, stake: '10.00' });
      await (await accountMenu(page, player.name)).getByRole('menuitem', { name: 'BONUS WAGERING' }).click();
      await wagering.getByText('R10.00 wagered of R1,000.00').waitFor();
      expect(
        await wagering.getByRole('progressbar', { name: 'Wagering progress' }).getAttribute('aria-valuenow'),
      ).toBe('1');
      await wagering.getByText('R990.00').waitFor();
    });

    it("opts out of the coupon, asking first, and says so in the casino's words", async () => {
      const player = await newPlayer(stack, { name: 'Coupon Tester' });
      await sandbox('/api/couponRedeem', player.token, { code: 'WELCOME100' });
      const page = await openAs(viewport, player.token, '/?modal=coupon');
      const dialog = page.getByRole('dialog', { name: 'Redeem a coupon' });
      await dialog.getByRole('region', { name: 'Coupon WELCOME100' }).waitFor();
      await expect.poll(() => wallet(page).getAttribute('aria-label')).toBe('Wallet: R100.00');

      await dialog.getByRole('button', { name: 'Opt out of this bonus' }).click();
      await dialog.getByRole('button', { name: 'Keep my bonus' }).click();
      await dialog.getByRole('button', { name: 'Opt out of this bonus' }).click();
      await shot(page, `coupon-opt-out-confirm-${label}`);
      expect(await modalViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Yes, opt out' }).click();
      await dialog.getByText('You successfully opted out of the bonus.').waitFor();
      await expect.poll(() => wallet(page).getAttribute('aria-label')).toBe('Wallet: R0.00');
      // The code field is back: another coupon can be redeemed.
      await dialog.getByLabel('Coupon code').waitFor();
      await shot(page, `coupon-opted-out-${label}`);
    });

    it('opts out of the bonus from the wagering modal, then shows there is nothing to wager', async () => {
      const player = await newPlayer(stack, { name: 'Coupon Tester' });
      await sandbox('/api/couponRedeem', player.token, { code: 'SPIN25' });
      const page = await openAs(viewport, player.token, '/?modal=wagering');
      const dialog = page.getByRole('dialog', { name: 'Bonus wagering' });
      await dialog.getByText('R0.00 wagered of R125.00').waitFor();
      await dialog.getByRole('button', { name: 'Opt out of the bonus' }).click();
      await dialog.getByText(/forfeits your bonus balance of R25\.00/).waitFor();
      await dialog.getByRole('button', { name: 'Yes, opt out' }).click();
      await dialog.getByText('You opted out of your bonus. Its balance has been removed.').waitFor();
      await dialog.getByText('You have no bonus to wager.').waitFor();
      await expect.poll(() => wallet(page).getAttribute('aria-label')).toBe('Wallet: R0.00');
      await shot(page, `wagering-empty-${label}`);
      expect(await modalViolations(page)).toEqual([]);

      // The coupon modal no longer shows the coupon.
      await dialog.getByRole('button', { name: 'Redeem a coupon' }).click();
      await page.getByRole('dialog', { name: 'Redeem a coupon' }).getByLabel('Coupon code').waitFor();
    });

    it('edits the profile: checks beside the fields, saves and says so, and the new name shows', async () => {
      const player = await newPlayer(stack, { name: 'Thandi Original' });
      const page = await openAs(viewport, player.token);
      await (await accountMenu(page, player.name)).getByRole('menuitem', { name: 'PROFILE' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your profile' });
      const name = dialog.getByLabel('Name');
      await expect.poll(() => name.inputValue()).toBe('Thandi Original');
      await dialog.getByText(player.email).waitFor();

      await name.fill('  ');
      await dialog.getByLabel('Mobile number (optional)').fill('call me');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.getByText('Enter your name.').waitFor();
      await shot(page, `profile-errors-${label}`);
      expect(await modalViolations(page)).toEqual([]);
      // Not a mobile number, or too short for one: the casino's word beside the field, and nothing is saved.
      await name.fill('Thandi Mokoena');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.getByText(/must be a South African mobile number/).waitFor();
      await dialog.getByLabel('Mobile number (optional)').fill('082 555');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.getByText(/must be a South African mobile number/).waitFor();
      expect(await dialog.getByLabel('Mobile number (optional)').getAttribute('aria-invalid')).toBe('true');

      await dialog.getByLabel('Mobile number (optional)').fill('+27 82 555 0199');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      // Saved: the dialog says so, and shows the number as the casino keeps it.
      await dialog.getByRole('status').getByText('Your profile is saved.').waitFor();
      await expect
        .poll(() => dialog.getByLabel('Mobile number (optional)').inputValue())
        .toBe('+27825550199');
      await shot(page, `profile-saved-${label}`);
      await page
        .getByRole('button', { name: 'Account menu for Thandi Mokoena', includeHidden: true })
        .waitFor();
      await dialog.getByText('Close', { exact: true }).click();
      await expect.poll(() => dialog.count()).toBe(0);

      // Saved at the casino: a fresh page shows it too.
      await page.reload();
      const menu = await accountMenu(page, 'Thandi Mokoena');
      await menu.getByRole('menuitem', { name: 'PROFILE' }).click();
      await expect
        .poll(() => dialog.getByLabel('Mobile number (optional)').inputValue())
        .toBe('+27825550199');
    });
  });
}

describe('coupons when things go wrong, and the flags', () => {
  it('says when the active coupon cannot be checked, still offers the code field, and tries again', async () => {
    const player = await newPlayer(stack, { name: 'Coupon Tester' });
    await sandbox('/sandbox/faults', null, { method: 'GET', path: '/api/getActiveCoupon', status: 500 });
    const page = await openAs(DESKTOP, player.token, '/?modal=coupon');
    const dialog = page.getByRole('dialog', { name: 'Redeem a coupon' });
    await dialog.getByText('We could not check for an active coupon right now.').waitFor();
    await dialog.getByLabel('Coupon code').waitFor();
    // Once the casino responds again, trying again shows the coupon.
    await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
    await sandbox('/api/couponRedeem', player.token, { code: 'SPIN25' });
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await dialog.getByRole('region', { name: 'Coupon SPIN25' }).waitFor();
  });

  it("shows the opt-out's failure text when the casino cannot opt the player out", async () => {
    const player = await newPlayer(stack, { name: 'Coupon Tester' });
    await sandbox('/api/couponRedeem', player.token, { code: 'WELCOME100' });
    const page = await openAs(PHONE, player.token, '/?modal=coupon');
    const dialog = page.getByRole('dialog', { name: 'Redeem a coupon' });
    await dialog.getByRole('button', { name: 'Opt out of this bonus' }).click();
    await sandbox('/sandbox/faults', null, { method: 'POST', path: '/api/couponOptOut', status: 500 });
    await dialog.getByRole('button', { name: 'Yes, opt out' }).click();
    await dialog.getByText('An error occurred while opting out of the bonus.').waitFor();
    await dialog.getByRole('region', { name: 'Coupon WELCOME100' }).waitFor();
  });

  it('shows BONUS WAGERING and WELCOME PACKAGE only while their flags are on', async () => {
    const patchSite = (body: Record<string, unknown>) => patchSiteSettings(stack, body);
    const player = await newPlayer(stack, { name: 'Coupon Tester' });
    const page = await openAs(DESKTOP, player.token);
    let menu = await accountMenu(page, player.name);
    await menu.getByRole('menuitem', { name: 'BONUS WAGERING' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'WELCOME PACKAGE' }).getAttribute('href')).toBe(
      '/promotions#welcome-package',
    );
    // It leads to the welcome offer's own card on the promotions page.
    await menu.getByRole('menuitem', { name: 'WELCOME PACKAGE' }).click();
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).hash)
      .toBe('/promotions#welcome-package');
    const welcome = page.locator('#welcome-package');
    await welcome.getByRole('heading', { name: 'Welcome Package' }).waitFor();
    // Its numbers are the casino's offer (the cashier's), not the promotion's prose.
    await welcome.getByText('250% bonus up to R2,500', { exact: true }).waitFor();
    await welcome.getByText('Terms and conditions', { exact: true }).click();
    await welcome.getByText(/wager 35× the bonus: your stakes/).waitFor();
    await shot(page, 'welcome-promotion');

    await patchSite({ wagering_enabled: false, welcome_package_enabled: false });
    try {
      await page.reload();
      menu = await accountMenu(page, player.name);
      await menu.getByRole('menuitem', { name: 'REDEEM COUPON' }).waitFor();
      expect(await menu.getByRole('menuitem').allInnerTexts()).not.toContain('BONUS WAGERING');
      expect(await menu.getByRole('menuitem').allInnerTexts()).not.toContain('WELCOME PACKAGE');
      await page.keyboard.press('Escape');
      // Opened from the address anyway, the wagering modal says it is off.
      await page.goto('/?modal=wagering');
      await page
        .getByRole('dialog', { name: 'Bonus wagering' })
        .getByText('Bonus wagering is not available right now.')
        .waitFor();
    } finally {
      await patchSite({ wagering_enabled: true, welcome_package_enabled: true });
    }
  });
});
