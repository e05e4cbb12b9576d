/**
 * axe-core over every route and every modal the layout has, at desktop and phone widths: no serious or critical
 * violation (contrast, names, roles, labels, landmarks).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, startSiteStack, type SiteStack } from './stack.js';
import { seriousViolations } from './axe.js';

let stack: SiteStack;

beforeAll(async () => {
  stack = await startSiteStack();
});
afterAll(() => stack?.close());

const ROUTES = [
  '/',
  '/webplay/all',
  '/webplay/category/slots',
  '/webplay/game-providers',
  '/webplay/provider/netent?q=a&sort=alphdsc',
  '/game/some-game',
  '/tournaments',
  '/promotions',
  '/news',
  '/how-to',
  '/about-us',
  '/privacy-policy',
  '/terms-and-conditions',
  '/responsible-gambling',
  '/password/reset/abc',
  '/unavailable',
  '/stocking-stash',
  '/no/such/page',
];

const MODALS: [query: string, name: string][] = [
  ['?modal=auth', 'Log in'],
  ['?modal=auth&mode=registration', 'Join PlayLive'],
  ['?modal=auth&mode=reset', 'Reset your password'],
  ['?modal=terms', 'Terms and conditions'],
  ['?modal=maintenance', 'We are doing some maintenance'],
  ['?modal=app-version', 'A new version of PlayLive is ready'],
  ['?modal=tournaments', 'Tournaments'],
  ['?modal=game', 'Choose a game'],
];

describe('accessibility', () => {
  // One page for the routes and the modals, a test each (each with its own time limit), as a player moves on.
  let page: Page;
  beforeAll(async () => {
    page = (await stack.open()).page;
  });

  it.each(ROUTES)('has no serious violation on %s', async (path) => {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each(MODALS)('has no serious violation in the modal at %s', async (query, name) => {
    await page.goto(`/${query}`);
    await page.getByRole('dialog', { name }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('has no serious violation with a filter open, or on a game page', async () => {
    const { page } = await stack.open();
    await page.goto('/webplay/all');
    await page.getByRole('button', { name: 'Themes' }).click();
    await page.getByRole('searchbox', { name: 'Search themes' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: 'All games' }).getByRole('link').first().click();
    await page.getByRole('button', { name: 'Try the demo' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('has no serious violation in the phone layout and its drawer', async () => {
    const { page } = await stack.open(PHONE);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
