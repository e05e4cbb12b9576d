/**
 * Help and notices, as a new player meets them, at desktop (1366 px) and phone (390 px) widths: Help is one keyboard
 * step from every page and its answers open from the keyboard; contact offers only the routes that are on (and so
 * does the unavailable page); chests earned in quick spins read as one "3 chests ready" that opens the chests; the
 * filter bar clears in one press; providers go by the names players know; a game's frame logs no CSP error. axe
 * over each screen.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import {
  DESKTOP,
  PHONE,
  newPlayer,
  patchSiteSettings,
  startAfresh,
  startSiteStack,
  type SiteStack,
} from './stack.js';

let stack: SiteStack;
/**
 * The one page every test drives, resized for the phone's test: a fresh context's first load costs Chromium several
 * times a load in an open page.
 */
let desktop: Page;
let game: { code: string; gameId: number };

beforeAll(async () => {
  stack = await startSiteStack();
  desktop = (await stack.open(DESKTOP)).page;
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

/** Presses Tab until the focused element is a link named `name` (at most `limit` presses); true when it got there. */
async function tabTo(page: Page, name: string, limit = 40): Promise<boolean> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return el instanceof HTMLAnchorElement ? (el.textContent ?? '').trim() : null;
    });
    if (focused === name) return true;
  }
  return false;
}

const contact = (page: Page) => page.getByRole('region', { name: 'Contact support' });

describe('help on a desktop', () => {
  it('is one keyboard step from a page, answers from the keyboard, and offers only the contact routes that are on', async () => {
    await startAfresh(desktop);
    await desktop.goto('/how-to');
    await desktop.getByRole('heading', { name: 'How to play', level: 1 }).waitFor();
    expect(await tabTo(desktop, 'Help')).toBe(true);
    await desktop.keyboard.press('Enter');
    await desktop.getByRole('heading', { name: 'Help and contact', level: 1 }).waitFor();

    // The withdrawals answer, opened with the keyboard: same-day payouts before the 1pm cut-off.
    const question = desktop.getByText('How do I withdraw, and how long does it take?');
    await question.focus();
    await desktop.keyboard.press('Enter');
    await desktop.getByText(/requested before 1pm are paid the same day/).waitFor();

    // The live chat is off (the seeded settings): email and phone only.
    expect(
      await contact(desktop)
        .getByRole('button', { name: /Live chat/ })
        .count(),
    ).toBe(0);
    expect(
      await contact(desktop)
        .getByRole('link', { name: /support@playlive\.test/ })
        .getAttribute('href'),
    ).toBe('mailto:support@playlive.test');
    expect(
      await contact(desktop)
        .getByRole('link', { name: /087 550 0100/ })
        .getAttribute('href'),
    ).toBe('tel:0875500100');
    expect(await seriousViolations(desktop)).toEqual([]);

    // The operator switches the live chat on: it is offered, and opens the chat.
    await patchSiteSettings(stack, {
      live_chat: { enabled: true, script_url: '/third-party/live-chat.js', license_id: '15432876' },
    });
    await desktop.reload();
    // The page arrives rendered by the server; its buttons act once the app has taken it over (hydrated).
    await desktop.waitForLoadState('networkidle');
    await contact(desktop)
      .getByRole('button', { name: /Live chat/ })
      .click();
    await desktop.getByText('Support is online from 8am to 10pm.').waitFor();

    // Chat off again and no phone: the unavailable page promises neither.
    await patchSiteSettings(stack, {
      live_chat: { enabled: false, script_url: '/third-party/live-chat.js', license_id: '15432876' },
      support_phone: null,
    });
    await desktop.goto('/unavailable');
    await contact(desktop)
      .getByRole('link', { name: /support@playlive\.test/ })
      .waitFor();
    expect(await desktop.getByText(/live chat/i).count()).toBe(0);
    expect(await contact(desktop).getByRole('link', { name: /Phone/ }).count()).toBe(0);
    await patchSiteSettings(stack, { support_phone: '087 550 0100' });
  });

  it('groups the chests three quick spins earned into one row that opens the chests', async () => {
    const player = await newPlayer(stack, { name: 'Chest Hunter', credit: '500.00' });
    // R100 a spin is 10 diamonds: a chest each.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${stack.sandbox.url}/sandbox/spin`, {
        method: 'POST',
        headers: player.auth,
        body: JSON.stringify({ gameCode: game.code, stake: '100.00', demo: false }),
      });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    await startAfresh(desktop, { token: player.token });
    await desktop.goto('/help');
    await desktop.locator('header button[aria-label^="Notifications, "]').click();
    const dialog = desktop.getByRole('dialog', { name: 'Notifications' });
    const rows = dialog.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await expect.poll(() => rows.first().getByRole('heading').textContent()).toMatch(/3 chests ready$/);
    // One row for the three (beside the welcome message a new player has).
    expect(await rows.filter({ hasText: /chest/i }).count()).toBe(1);
    expect(await seriousViolations(desktop)).toEqual([]);
    await rows.first().getByRole('button', { name: 'Open your chests' }).click();
    await desktop.getByRole('dialog', { name: /Loyalty/ }).waitFor();
  });

  it("clears the filters in one press, sorts as the subtitle says, names providers as players know them, and a game's frame logs no CSP error", async () => {
    await startAfresh(desktop);
    await desktop.goto('/webplay/game-providers');
    await desktop.getByRole('link', { name: /^BGaming/ }).waitFor();
    // A guest never sees the provider hidden from guests.
    expect(await desktop.getByRole('link', { name: /^Ezugi/ }).count()).toBe(0);
    await desktop.getByRole('link', { name: /^Pragmatic Play/ }).click();
    await desktop.getByRole('heading', { name: 'Pragmatic Play', level: 1 }).waitFor();
    await desktop.getByText(/free spins and tumbling wins/).waitFor();
    expect(await seriousViolations(desktop)).toEqual([]);

    const clear = desktop.getByRole('button', { name: 'Clear filters' });
    expect(await clear.count()).toBe(0);
    await desktop.getByRole('searchbox', { name: 'Search games' }).fill('gold');
    await clear.click();
    await expect.poll(() => clear.count()).toBe(0);
    expect(new URL(desktop.url()).search).toBe('');
    await desktop.getByRole('combobox', { name: 'Sort' }).selectOption('newestf');
    await desktop.getByText(/free spins and tumbling wins.* Sorted newest first\./).waitFor();

    // One of its games in demo, and the game's page as its frame loads it: no Content Security Policy error is
    // logged (an invalid source was, in every game frame). Chromium reports a frame's policy errors to DevTools
    // only, so the frame's address is opened on its own to hear them.
    await desktop.getByRole('region', { name: 'Pragmatic Play' }).getByRole('link').first().click();
    await desktop.getByRole('button', { name: 'Try the demo' }).click();
    await desktop.frameLocator('iframe').getByRole('button', { name: 'Spin' }).waitFor();
    const frameUrl = await desktop.locator('iframe').getAttribute('src');
    const logged: string[] = [];
    const listen = (m: { text(): string }) => logged.push(m.text());
    desktop.on('console', listen);
    try {
      await desktop.goto(frameUrl!);
      await desktop.getByRole('button', { name: 'Spin' }).waitFor();
    } finally {
      desktop.off('console', listen);
    }
    expect(logged.filter((text) => /Content.Security.Policy|source expression/i.test(text))).toEqual([]);
  });
});

describe('help on a 390 px phone', () => {
  it('is in the menu and the footer, and its answers open', async () => {
    const phone = desktop;
    await startAfresh(phone, { viewport: PHONE });
    await phone.goto('/news');
    await phone.getByRole('heading', { name: 'News', level: 1 }).waitFor();
    expect(await phone.getByRole('contentinfo').getByRole('link', { name: 'Help and contact' }).count()).toBe(
      1,
    );
    await phone.getByRole('button', { name: 'Open the menu' }).click();
    await phone.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Help' }).click();
    await phone.getByRole('heading', { name: 'Help and contact', level: 1 }).waitFor();
    await phone.getByText('How do I keep my gambling under control?').click();
    await phone.getByRole('link', { name: '0800 006 008' }).waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
  });
});
