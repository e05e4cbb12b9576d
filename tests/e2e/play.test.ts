/**
 * Playing, as a player meets it: a guest tries a game in demo; a guest who asks for real play signs in and the
 * game starts; a player plays the sandbox slot for real and sees the header balance change after stopping; on a
 * phone the reality check's interval is chosen on the game screen; a game the casino cannot start shows the casino's
 * own message.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, newPlayer, startAfresh, startSiteStack, type SiteStack } from './stack.js';

let stack: SiteStack;
/**
 * The one page every test drives: a fresh context's first page load costs Chromium several times a load in an open
 * page, so each test starts from this page with clean storage (startAfresh in stack.ts) rather than from a context of
 * its own.
 */
let page: Page;
let game: { code: string; product: string; gameId: number };

beforeAll(async () => {
  stack = await startSiteStack();
  page = (await stack.open()).page;
  const res = await fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: '{ games(first: 1, filter: { category: "slots" }) { edges { node { code product gameId } } } }',
    }),
  });
  game = ((await res.json()) as any).data.games.edges[0].node;
});
afterAll(() => stack?.close());

describe('play', () => {
  it('lets a guest try a game in demo', async () => {
    await startAfresh(page);
    await page.goto(`/game/${game.code}`);
    await page.getByRole('button', { name: 'Try the demo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Demo').waitFor();
    const frame = page.frameLocator('iframe');
    await frame.getByRole('button', { name: 'Spin' }).waitFor();
    // The game's own page writes amounts as the casino's other texts do (formatRands).
    await expect.poll(() => frame.locator('#balance').textContent()).toBe('R1,000.00 (demo)');
    await dialog.getByRole('button', { name: 'Stop playing' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('asks a guest to log in for real play, then starts the game', async () => {
    await startAfresh(page);
    const { email, password } = await newPlayer(stack, { name: 'Spinner', credit: '500.00' });
    await page.goto(`/game/${game.code}`);
    await page.getByRole('button', { name: 'Play for real' }).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(password);
    await login.getByRole('button', { name: 'Log in' }).last().click();
    await page.frameLocator('iframe').getByRole('button', { name: 'Spin' }).waitFor();
  });

  it('plays the slot for real; the header balance changes after stopping', async () => {
    await startAfresh(page, { token: (await newPlayer(stack, { name: 'Spinner', credit: '500.00' })).token });
    await page.goto(`/?play=${game.gameId}`);
    const wallet = page.getByRole('button', { name: /^Wallet: / });
    const frame = page.frameLocator('iframe');
    const spin = frame.getByRole('button', { name: 'Spin' });
    const shown = frame.locator('#balance');
    await expect.poll(() => shown.textContent()).toBe('R500.00');
    // One spin in ten pays the stake back (the lemon line), leaving the balance as it was: spin until it moves.
    let balance = 'R500.00';
    for (let spins = 0; balance === 'R500.00' && spins < 10; spins++) {
      await spin.click();
      await expect.poll(() => spin.isEnabled()).toBe(true);
      balance = (await shown.textContent()) ?? '';
    }
    expect(balance).toMatch(/^R\d+\.\d\d$/);
    expect(balance).not.toBe('R500.00');
    await page.getByRole('button', { name: 'Stop playing' }).click();
    await expect.poll(() => wallet.getAttribute('aria-label')).toBe(`Wallet: ${balance}`);
  });

  it("offers the reality check's interval on a phone's game screen, and Promotions in its header", async () => {
    const player = await newPlayer(stack, { name: 'Phone Spinner', credit: '50.00' });
    await startAfresh(page, { viewport: PHONE, token: player.token });
    await page.goto(`/?play=${game.gameId}`);
    const dialog = page.getByRole('dialog');
    await page.frameLocator('iframe').getByRole('button', { name: 'Spin' }).waitFor();
    const reminder = dialog.getByRole('combobox', { name: 'Reminder every' });
    expect(await reminder.isVisible()).toBe(true);
    // The choice is the casino's to keep (it follows the player to every device).
    await reminder.selectOption('30');
    await expect
      .poll(async () => {
        const res = await fetch(`${stack.sandbox.url}/api/limits`, { headers: player.auth });
        return ((await res.json()) as { reality_check_minutes?: number }).reality_check_minutes;
      })
      .toBe(30);
    await dialog.getByRole('button', { name: 'Stop playing' }).click();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Promotions' }).isVisible()).toBe(true);
  });

  it("shows the casino's own message when a game cannot start", async () => {
    await fetch(`${stack.sandbox.url}/sandbox/providers/${game.product}/down`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"down":true}',
    });
    try {
      await startAfresh(page);
      await page.goto(`/game/${game.code}`);
      await page.getByRole('button', { name: 'Try the demo' }).click();
      const alert = page.getByRole('dialog', { name: 'The game could not start' });
      await alert.getByText(/games are temporarily unavailable/).waitFor();
    } finally {
      await fetch(`${stack.sandbox.url}/sandbox/providers/${game.product}/down`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: '{"down":false}',
      });
    }
  });
});
