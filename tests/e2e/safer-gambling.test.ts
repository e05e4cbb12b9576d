/**
 * Safer gambling as a player meets it (issue 26, item 5), through the site, the gateway and the casino (the sandbox):
 * at 1366 px a daily deposit limit of R50 set on /account/safer-gambling is what the cashier says is left, a R100
 * deposit is refused with the limit's message, and the limit holds after a reload and on a second device (a second
 * browser context with its own session); a 24-hour break, confirmed in its dialog, puts the calm page in place of the
 * games while a withdrawal still goes through. At 390 px the page renders and a limit saves; a self-exclusion,
 * confirmed with its checkbox, signs the player out and the casino then refuses their sign-in, naming the end date.
 * axe finds no serious violation on the page, the dialogs and the calm pages. At both widths the reality check pauses
 * play (issue 40, item 4): once the casino's clock has the session at the interval, the game's spin is refused, the
 * reminder covers the game (inert) until the player answers, and Keep playing or Stop playing reaches the casino.
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

/** A call to the casino as the player (their token), which must succeed: its JSON. */
async function casino(player: NewPlayer, path: string, body: unknown, method = 'POST'): Promise<unknown> {
  const res = await fetch(`${stack.sandbox.url}${path}`, {
    method,
    headers: player.auth,
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** A player with R500 of cash who may withdraw: a verified email and identity, and a saved Capitec account. */
async function payee(name: string): Promise<NewPlayer> {
  const player = await newPlayer(stack, { name, credit: '500.00', mayWithdraw: true });
  await casino(
    player,
    '/api/bankAccount',
    { bank: 'capitec', holder: name, account_number: '1480231234', account_type: 'savings' },
    'PUT',
  );
  return player;
}

const tools = (on: Page) => on.getByRole('main');
const section = (on: Page, name: string) => tools(on).getByRole('region', { name });
const cashier = (on: Page) => on.getByRole('dialog', { name: 'Cashier' });

/** The Safer gambling page, loaded. */
async function openTools(on: Page) {
  await on.goto('/account/safer-gambling');
  await on.getByRole('heading', { level: 1, name: 'Safer gambling' }).waitFor();
  await section(on, 'Deposit limits').getByLabel('Daily deposit limit (R)').waitFor();
}

/** Sets one money limit on the page and waits for the casino's answer. */
async function saveLimit(on: Page, sectionName: string, label: string, rands: string) {
  const form = section(on, sectionName).getByRole('form', { name: label });
  await form.getByLabel(`${label} (R)`).fill(rands);
  await form.getByRole('button', { name: 'Save' }).click();
  await section(on, sectionName).getByText(`${label} saved.`).waitFor();
}

/** The limit's message for a R100 deposit under it, as the casino and the cashier's form word it. */
const REFUSED_R100 =
  'This deposit would take you past your daily deposit limit of R50.00. You can deposit R50.00 more';

/** Opens the cashier from the header's Deposit button, as a player does. */
async function openCashier(on: Page) {
  await on.getByRole('banner').getByRole('button', { name: 'Deposit', exact: true }).click();
  return cashier(on);
}

describe('safer gambling on a desktop', () => {
  it('a daily deposit limit of R50: the cashier says what is left and refuses R100, on a second device and after a reload', async () => {
    const player = await newPlayer(stack, { name: 'Lindiwe Dube', credit: '100.00' });
    // A second device, its own browser and its own sign-in, with the cashier open from before the limit (loading
    // while the first device opens the Safer gambling page).
    const login = (await casino(player, '/api/login', {
      email: player.email,
      password: player.password,
    })) as { success: { token: string } };
    const other = (await stack.open(DESKTOP)).page;
    other.setDefaultTimeout(20_000);
    const otherReady = (async () => {
      await startAfresh(other, { viewport: DESKTOP, token: login.success.token });
      await other.goto('/?modal=wallet');
      await cashier(other).getByRole('link', { name: 'Set a deposit limit' }).waitFor();
    })();
    // Awaited before the limit is set; a failure meanwhile is reported there, not as an unhandled rejection.
    otherReady.catch(() => {});

    await startAfresh(page, { viewport: DESKTOP, token: player.token });
    await openTools(page);
    for (const name of [
      'Deposit limits',
      'Loss limits',
      'Play time',
      'Reality check',
      'Take a break',
      'Self-exclusion',
      'Activity statement',
      'Your changes',
    ])
      await section(page, name).getByRole('heading', { level: 2, name }).waitFor();
    // The second device's cashier is open before the limit is set (on a loaded machine it could otherwise load after
    // it, and rightly offer no "Set a deposit limit").
    await otherReady;
    await saveLimit(page, 'Deposit limits', 'Daily deposit limit', '50');
    await section(page, 'Deposit limits')
      .getByRole('group', { name: 'Daily limit' })
      .getByText('R50.00', { exact: true })
      .waitFor();
    await section(page, 'Your changes').getByText('Daily deposit limit set to R50.00').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The cashier says what the limit leaves, and its form refuses R100 with the limit's message.
    const dialog = await openCashier(page);
    await dialog.getByText('You can deposit R50.00 more today').waitFor();
    await dialog.getByLabel('Amount to deposit (R)').fill('100');
    await dialog.getByRole('button', { name: 'Deposit', exact: true }).click();
    await dialog.getByText(REFUSED_R100, { exact: false }).waitFor();

    // The other device's R100, asked for in the cashier it opened before the limit: the casino refuses it, with the
    // same message; reloaded, that device's cashier says what is left too.
    const otherCashier = cashier(other);
    await otherCashier.getByLabel('Amount to deposit (R)').fill('100');
    await otherCashier.getByRole('button', { name: 'Deposit', exact: true }).click();
    await otherCashier.getByText(REFUSED_R100, { exact: false }).waitFor();
    await other.reload();
    await (await openCashier(other)).getByText('You can deposit R50.00 more today').waitFor();
  });

  it('a 24-hour break, confirmed: the calm page instead of the games, deposits paused, and a withdrawal still works', async () => {
    const player = await payee('Pieter van Wyk');
    await startAfresh(page, { viewport: DESKTOP, token: player.token });
    await openTools(page);
    const breaks = section(page, 'Take a break');
    await breaks.getByRole('radio', { name: '24 hours' }).check();
    await breaks.getByRole('button', { name: 'Take a break' }).click();
    const confirm = page.getByRole('dialog', { name: 'Take a break?' });
    await confirm.getByText('cannot be ended early', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Start my break' }).click();
    await breaks.getByText('Your break has started. It ends on', { exact: false }).waitFor();
    await expect.poll(() => confirm.count()).toBe(0);
    // At once, with no reload: the header's Deposit has gone.
    await expect
      .poll(() => page.getByRole('banner').getByRole('button', { name: 'Deposit' }).count())
      .toBe(0);

    // The games: the calm page, with the end date and the balance.
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: "You're taking a break" }).waitFor();
    const until = (await page.getByText(/^until \d{4}-\d\d-\d\d \d\d:\d\d$/).textContent())!;
    await page.getByText('Your balance: R500.00').waitFor();
    // The header keeps the balance, with no Deposit beside it: the casino refuses deposits during the break.
    await page.getByRole('button', { name: 'Wallet: R500.00' }).waitFor();
    expect(await page.getByRole('banner').getByRole('button', { name: 'Deposit' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Play / }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // The menu's way to the slots leads to the same page.
    await page.getByRole('link', { name: 'Slots', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname !== '/');
    await page.getByRole('heading', { level: 1, name: "You're taking a break" }).waitFor();
    expect(await page.getByRole('heading', { name: 'Slots' }).count()).toBe(0);

    // The calm page's Withdraw opens the cashier's withdraw tab, and the withdrawal goes through.
    await page.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = cashier(page);
    await dialog.getByLabel('Amount to withdraw (R)').fill('100');
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await dialog.getByText('Your withdrawal of R100.00 is requested.').waitFor();
    await dialog.getByRole('tab', { name: 'Deposit' }).click();
    await dialog.getByText(`Deposits are paused ${until}`, { exact: false }).waitFor();
    expect(await dialog.getByLabel('Amount to deposit (R)').count()).toBe(0);
  });
});

describe('safer gambling on a phone', () => {
  it('renders at 390 px and saves a limit; self-exclusion, confirmed, signs out and sign-in is refused with its end date', async () => {
    const player = await payee('Ayesha Patel');
    await startAfresh(page, { viewport: PHONE, token: player.token });
    await openTools(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveLimit(page, 'Loss limits', 'Weekly loss limit', '200');
    // The page itself is scanned on the desktop; here its dialog and the page after.

    const exclusion = section(page, 'Self-exclusion');
    await exclusion.getByRole('radio', { name: '6 months' }).check();
    await exclusion.getByRole('button', { name: 'Exclude me' }).click();
    const confirm = page.getByRole('dialog', { name: 'Exclude yourself?' });
    const excludeNow = confirm.getByRole('button', { name: 'Exclude me now' });
    await excludeNow.waitFor();
    expect(await excludeNow.isEnabled()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await confirm
      .getByRole('checkbox', { name: 'I understand this cannot be undone before it ends' })
      .check();
    await excludeNow.click();

    const after = page.getByRole('heading', { level: 1, name: /^You have excluded yourself until / });
    await after.waitFor();
    const until = (await after.textContent())!.replace('You have excluded yourself until ', '');
    expect(until).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    await page.getByText('Your cash balance of R500.00 is being paid out to Capitec ····1234').waitFor();
    await page.getByRole('link', { name: '0800 006 008' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Signed out: signing in again is refused by the casino, with the end date.
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel('Email').fill(player.email);
    await login.getByLabel('Password').fill(player.password);
    await login.getByRole('button', { name: 'Log in' }).last().click();
    await login
      .getByText(
        `You have excluded yourself from PlayLive until ${until}. You cannot sign in, deposit or play before then.`,
      )
      .waitFor();
  });
});

describe('the reality check pauses play', () => {
  for (const [width, viewport] of [
    ['1366', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`refuses a spin once the session lasts the interval, covers the game until the player answers (${width} px)`, async () => {
      const player = await newPlayer(stack, { name: `Reality ${width}`, credit: '100.00' });
      await casino(player, '/api/limits', { reality_check_minutes: 15 }, 'PUT');
      const games = (await (await fetch(`${stack.sandbox.url}/api/allgames`)).json()) as {
        id: number;
        game_code: string;
      }[];
      const game = games[0]!;
      await startAfresh(page, { viewport, token: player.token });
      await page.goto(`/?play=${game.id}`);
      const dialog = page.getByRole('dialog').first();
      const frame = page.frameLocator('iframe');
      const spinButton = frame.getByRole('button', { name: 'Spin' });
      await expect.poll(() => frame.locator('#balance').textContent()).toBe('R100.00');
      // Fifteen minutes of the casino's clock without a pause (a spin every few minutes), as the game would play.
      const spinAtCasino = () => casino(player, '/sandbox/spin', { gameCode: game.game_code, stake: 1 });
      for (const minutes of [4, 4, 4]) {
        await casino(player, '/sandbox/clock', { advance_minutes: minutes });
        await spinAtCasino();
      }
      await casino(player, '/sandbox/clock', { advance_minutes: 3 });

      // The game's own spin is refused by the casino, and the reminder comes up over the game.
      await spinButton.click();
      await frame
        .getByText('Reality check: you have been playing for 15 minutes.', { exact: false })
        .waitFor();
      const reminder = page.getByRole('alertdialog', { name: 'Reality check' });
      await reminder.getByText('Your game is paused until you choose.').waitFor();
      const iframe = page.locator('iframe');
      expect(await iframe.getAttribute('inert')).not.toBeNull();
      // Covered: no click reaches the game, and the casino refuses a spin from elsewhere too.
      await expect(spinButton.click({ timeout: 1_000 })).rejects.toThrow();
      const refused = await fetch(`${stack.sandbox.url}/sandbox/spin`, {
        method: 'POST',
        headers: player.auth,
        body: JSON.stringify({ gameCode: game.game_code, stake: 1 }),
      });
      expect(refused.status).toBe(403);
      // Keys go to the reminder, whose first answer has the focus.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80)))
        .toContain('Keep playing');
      await page.screenshot({ path: `/tmp/reality-check-${width}.png` });
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

      const limits = async () =>
        (
          (await casino(player, '/api/limits', undefined, 'GET')) as {
            reality_check: { due: boolean } | null;
          }
        ).reality_check;
      if (width === '1366') {
        // Keep playing: the casino has the answer, the game is playable again and the next spin goes through.
        await reminder.getByRole('button', { name: 'Keep playing' }).click();
        await expect.poll(() => reminder.count()).toBe(0);
        expect(await iframe.getAttribute('inert')).toBeNull();
        expect(await limits()).toMatchObject({ due: false });
        await spinButton.click();
        await expect.poll(() => frame.locator('#result').getAttribute('class')).not.toBe('error');
        await frame.getByText(/You won|No win this time/).waitFor();
      } else {
        // Stop playing: the session ends and the game closes.
        await reminder.getByRole('button', { name: 'Stop playing' }).click();
        await expect.poll(() => dialog.count()).toBe(0);
        expect(await limits()).toBeNull();
      }
    });
  }
});
