/**
 * Tournaments, as a player meets them, at desktop and phone widths: a player sees, before paying a buy-in, which
 * games count, the minimum stake, the buy-in and the prize pool; joins and sees the header balance drop, spins real
 * money on one of its games, and watches their leaderboard row climb without reloading (on the page at 1366 px, in
 * the tournaments modal at 390 px); chooses a game from the tournament's own list and is told on the game's page
 * that it scores (and on another game's that it does not); the page groups Running, Upcoming and Ended (tabs on a
 * phone) and a tournament that has not started never says LIVE; a countdown ticks on the clock; a guest watches and
 * is asked to log in to join; axe finds nothing serious on the page or the modal.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, newPlayer, startAfresh, startSiteStack, type SiteStack } from './stack.js';
import { seriousViolations } from './axe.js';

/** The seeded tournament in Late Reg. with a R50 buy-in for 60 minutes on 30 selected slots, R5.00 a spin at least. */
const BUY_IN_TOURNAMENT = 'High Roller Showdown';
/** A seeded tournament in Registering: it has not started. */
const NOT_STARTED = 'Big Five Buy-In Bash';

let stack: SiteStack;
/** The tournament's backend id, a game that scores in it, and one that does not. */
let target: { id: number; gameCode: string; otherGameCode: string };
/**
 * The page the tests drive (all but the clock's): a fresh context's first page load costs Chromium several times a
 * load in an open page, so each test starts from this page with clean storage (startAfresh in stack.ts) rather than from a context
 * of its own.
 */
let page: Page;

beforeAll(async () => {
  stack = await startSiteStack();
  page = (await stack.open()).page;
  const { tournaments } = (await (await fetch(`${stack.sandbox.url}/api/tournaments`)).json()) as {
    tournaments: { id: number; name: string; game_ids: number[] }[];
  };
  const tournament = tournaments.find((t) => t.name === BUY_IN_TOURNAMENT)!;
  const games = (await (await fetch(`${stack.sandbox.url}/api/allgames`)).json()) as {
    id: number;
    game_code: string;
  }[];
  const scoring = tournament.game_ids.length ? games.find((g) => g.id === tournament.game_ids[0]) : games[0];
  const other = games.find((g) => !tournament.game_ids.includes(g.id));
  target = { id: tournament.id, gameCode: scoring!.game_code, otherGameCode: other!.game_code };
});
afterAll(() => stack?.close());

/** A real-money spin on the tournament's game, as the game page makes it. */
async function spin(token: string, stake: string) {
  const res = await fetch(`${stack.sandbox.url}/sandbox/spin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ gameCode: target.gameCode, stake }),
  });
  expect(res.status).toBe(200);
}

/** The header's balance (read from its label, which stays readable behind a modal). */
const balance = (page: Page) => page.locator('button[aria-label^="Wallet: "]').getAttribute('aria-label');

/** The player's own leaderboard row: [position, points]. */
async function myRow(scope: Locator): Promise<[number, number]> {
  const cells = await scope.locator('tr', { hasText: '(you)' }).locator('td').allTextContents();
  return [Number(cells[0]), Number(cells[2]!.replace(/,/g, ''))];
}

/** Joins with the buy-in (confirmed), then spins twice, checking the balance and the row after each step. */
async function joinAndClimb(page: Page, card: Locator, token: string) {
  await expect.poll(() => balance(page)).toBe('Wallet: R1,500.00');
  // The page must not reload from here on: a mark on the window would be gone.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  await card.getByRole('button', { name: 'Join for R50.00' }).click();
  await card.getByText('Joining takes R50.00 from your balance for 1 h of play.').waitFor();
  // Before the money goes: what it buys and which spins will score.
  const confirm = card.getByRole('group', { name: 'Confirm the buy-in' });
  const terms = await confirm.locator('dl div').allInnerTexts();
  expect(terms.map((t) => t.replace(/\s+/g, ' '))).toEqual([
    'Buy-in R50.00',
    'Prize pool R50,000.00',
    'Minimum stake R5.00 a spin',
  ]);
  await confirm.getByText('30 games count').waitFor();
  expect(await confirm.getByText('All games count').count()).toBe(0);
  const tiles = confirm
    .getByRole('list', { name: `Games that count in ${BUY_IN_TOURNAMENT}` })
    .getByRole('link');
  expect(await tiles.count()).toBe(4);
  await card.getByRole('button', { name: 'Pay R50.00 and join' }).click();
  await card.getByText('You’re in').waitFor();
  await expect.poll(() => balance(page)).toBe('Wallet: R1,450.00');
  await expect.poll(() => myRow(card)).toEqual([expect.any(Number), 0]);
  const [joinedAt] = await myRow(card);

  await spin(token, '10.00');
  await expect.poll(() => myRow(card).then(([, points]) => points), { timeout: 10_000 }).toBe(10);
  await spin(token, '1000.00');
  await expect.poll(() => myRow(card).then(([, points]) => points), { timeout: 10_000 }).toBe(1010);
  const [climbedTo] = await myRow(card);
  expect(climbedTo).toBeLessThan(joinedAt);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
}

describe('tournaments', () => {
  it('a player joins with a buy-in on the page, spins, and watches the leaderboard move (1366 px)', async () => {
    const { token } = await newPlayer(stack, { name: 'Tess Tournament', credit: '1500.00' });
    await startAfresh(page, { viewport: DESKTOP, token });
    await page.goto('/tournaments');
    const card = page.getByRole('article', { name: BUY_IN_TOURNAMENT });
    await card.getByText('Closes in').waitFor();
    await card.getByText('Leaderboard', { exact: true }).waitFor();
    // Grouped: the running ones first, then what has not started (never LIVE), then what has ended.
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      expect.stringMatching(/^Running\s*\d+$/),
      expect.stringMatching(/^Upcoming\s*\d+$/),
      expect.stringMatching(/^Ended\s*\d+$/),
    ]);
    const upcoming = page.getByRole('region', { name: /Upcoming/ });
    const notStarted = upcoming.getByRole('article', { name: NOT_STARTED });
    await notStarted.getByText('Leaderboard', { exact: true }).waitFor();
    expect(await notStarted.getByText('Live', { exact: true }).count()).toBe(0);
    expect(await card.getByText('Live', { exact: true }).count()).toBe(1);
    await joinAndClimb(page, card, token);

    // "Choose a game" lists the tournament's games; the chosen game opens, and says it scores there.
    await card.getByRole('button', { name: 'Choose a game' }).click();
    const choose = page.getByRole('dialog', { name: 'Choose a game' });
    const listed = choose
      .getByRole('list', { name: `Games that count in ${BUY_IN_TOURNAMENT}` })
      .getByRole('link');
    await listed.first().waitFor();
    expect(await listed.count()).toBe(24);
    await choose.getByText('Showing 24 of 30 games').waitFor();
    await listed.first().click();
    await page.frameLocator('iframe').getByRole('button', { name: 'Spin' }).waitFor();
    await page.getByText(`This game scores in ${BUY_IN_TOURNAMENT} on spins of R5.00 or more.`).waitFor();
    expect(await seriousViolations(page, '[role="dialog"]'), 'a game that scores').toEqual([]);
    await page.getByRole('button', { name: 'Stop playing' }).click();
    // Another game's page says it does not count, and offers the tournament's games.
    await page.goto(`/game/${target.otherGameCode}`);
    const note = page.getByRole('region', { name: 'Your tournaments' });
    await note.getByText(`This game does not count for ${BUY_IN_TOURNAMENT}`).waitFor();
    await note.getByRole('button', { name: 'choose a game that does' }).click();
    await page.getByRole('dialog', { name: 'Choose a game' }).getByText('Showing 24 of 30 games').waitFor();
  });

  it('a player joins with a buy-in in the modal, spins, and watches the leaderboard move (390 px)', async () => {
    const { token } = await newPlayer(stack, { name: 'Tess Tournament', credit: '1500.00' });
    await startAfresh(page, { viewport: PHONE, token });
    await page.goto('/?modal=tournaments');
    const dialog = page.getByRole('dialog', { name: 'Tournaments' });
    await dialog.getByRole('button', { name: new RegExp(BUY_IN_TOURNAMENT) }).click();
    const card = dialog.getByRole('article', { name: BUY_IN_TOURNAMENT });
    await card.getByText('Leaderboard', { exact: true }).waitFor();
    await joinAndClimb(page, card, token);
    // Back to the list: the tournament's row says the player is in.
    await dialog.getByRole('button', { name: 'All tournaments' }).click();
    await dialog
      .getByRole('button', { name: new RegExp(BUY_IN_TOURNAMENT) })
      .getByText('You’re in')
      .waitFor();
  });

  for (const [width, viewport] of [
    ['1366', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`starts the paid tournament's clock when the player opens one of its games, not on Start playing (${width} px)`, async () => {
      const player = await newPlayer(stack, { name: 'Clara Clock', credit: '500.00' });
      const joined = await fetch(`${stack.sandbox.url}/api/tournaments/${target.id}`, {
        method: 'POST',
        headers: player.auth,
        body: '{}',
      });
      expect(joined.status).toBe(200);
      const startedAt = async () => {
        const res = await fetch(`${stack.sandbox.url}/api/tournaments/${target.id}`, {
          headers: player.auth,
        });
        return ((await res.json()) as { tournament: { my_entry: { started_at: string | null } } }).tournament
          .my_entry.started_at;
      };
      await startAfresh(page, { viewport, token: player.token });
      let card: Locator;
      if (width === '1366') {
        await page.goto('/tournaments');
        card = page.getByRole('article', { name: BUY_IN_TOURNAMENT });
      } else {
        await page.goto(`/tournaments?modal=tournaments&tournament=${target.id}`);
        card = page
          .getByRole('dialog', { name: 'Tournaments' })
          .getByRole('article', { name: BUY_IN_TOURNAMENT });
      }
      await card.getByText('You’re in').waitFor();
      await card.getByRole('button', { name: 'Start playing' }).click();
      // Start playing opens the tournament's game chooser; nothing has started yet.
      const choose = page.getByRole('dialog', { name: 'Choose a game' });
      const listed = choose
        .getByRole('list', { name: `Games that count in ${BUY_IN_TOURNAMENT}` })
        .getByRole('link');
      await listed.first().waitFor();
      await choose
        .getByText('Your 60 minutes of play start when you open a game.', { exact: false })
        .waitFor();
      await page.screenshot({ path: `/tmp/tournament-chooser-${width}.png` });
      expect(await startedAt()).toBeNull();
      expect(await page.getByText('Play time left').count()).toBe(0);

      // Picking a game opens it for real money, and that starts the 60 minutes.
      await listed.first().click();
      const game = page.getByRole('dialog').filter({ has: page.locator('iframe') });
      await game.waitFor();
      await page.frameLocator('iframe').getByRole('button', { name: 'Spin' }).waitFor();
      await expect.poll(startedAt).not.toBeNull();
      expect(Math.abs(Date.parse((await startedAt())!) - Date.now())).toBeLessThan(60_000);
      await game.getByRole('button', { name: 'Stop playing' }).click();
      if (width === '390') {
        await page.goto(`/tournaments?modal=tournaments&tournament=${target.id}`);
      }
      await card.getByText(/Play time left\s*00 H 5\d M/).waitFor();
    });
  }

  it('ticks a countdown on the clock', async () => {
    // A context of its own: the fake clock stays installed in a page, and would hold the next tests' timers.
    const { page } = await stack.open(DESKTOP);
    await page.clock.install({ time: new Date() });
    await page.goto('/tournaments');
    const badge = page.getByRole('article', { name: BUY_IN_TOURNAMENT }).getByTestId('stage-badge');
    await badge.getByText(/^\d\d H \d\d M$/).waitFor();
    const before = await badge.textContent();
    expect(before).toMatch(/^Closes in\d\d H \d\d M$/);
    await page.clock.fastForward('02:00');
    await expect.poll(() => badge.textContent()).not.toBe(before);
    const minutes = (text: string | null) => {
      const [, h, m] = /(\d+) H (\d+) M/.exec(text ?? '')!;
      return Number(h) * 60 + Number(m);
    };
    // Two minutes forward, and the real time the page took meanwhile: the whole minutes left fall by 2, or by 3 when
    // that time crossed one more minute's boundary.
    const fell = minutes(before) - minutes(await badge.textContent());
    expect(fell).toBeGreaterThanOrEqual(2);
    expect(fell).toBeLessThanOrEqual(3);
  });

  for (const [width, viewport] of [
    ['1366', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`shows each game's whole name in the tiles of the games that count, never cut off (${width} px)`, async () => {
      await startAfresh(page, { viewport, token: (await newPlayer(stack, { name: 'Nomsa Names' })).token });
      await page.goto('/tournaments');
      const card = page.getByRole('article', { name: BUY_IN_TOURNAMENT });
      const inCard = card.getByRole('list', { name: `Games that count in ${BUY_IN_TOURNAMENT}` });
      await inCard.getByRole('link').first().waitFor();
      /** Each tile's name as drawn: its text, and whether all of it fits in its box (no ellipsis, nothing hidden). */
      const names = (list: Locator) =>
        list.getByRole('link').evaluateAll((links) =>
          links.map((link) => {
            const name = link.querySelector(':scope > span')!;
            const style = getComputedStyle(name);
            return {
              text: name.textContent,
              whole:
                name.scrollWidth <= name.clientWidth + 1 &&
                name.scrollHeight <= name.clientHeight + 1 &&
                style.textOverflow !== 'ellipsis',
            };
          }),
        );
      const cut = (list: { text: string | null; whole: boolean }[]) => list.filter((n) => !n.whole);
      expect(cut(await names(inCard))).toEqual([]);
      // And in the list of all of them.
      await card.getByRole('button', { name: /^See all \d+ games/ }).click();
      const all = page
        .getByRole('dialog', { name: 'Choose a game' })
        .getByRole('list', { name: `Games that count in ${BUY_IN_TOURNAMENT}` });
      await all.getByRole('link').first().waitFor();
      const inModal = await names(all);
      expect(inModal.length).toBeGreaterThan(4);
      expect(cut(inModal)).toEqual([]);
      if (process.env.E2E_SHOTS_DIR)
        await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/tournament-games-${width}.png` });
    });
  }

  it('lets a guest watch, opens one tournament from the address, and asks them to log in to join', async () => {
    await startAfresh(page, { viewport: PHONE, token: null });
    await page.goto(`/tournaments?modal=tournaments&tournament=${target.id}`);
    const dialog = page.getByRole('dialog', { name: 'Tournaments' });
    const card = dialog.getByRole('article', { name: BUY_IN_TOURNAMENT });
    await card.getByRole('heading', { name: 'Leaderboard' }).waitFor();
    expect(await card.getByRole('row').count()).toBe(11);
    await card.getByRole('button', { name: 'Join for R50.00' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
  });

  for (const [width, viewport] of [
    ['1366', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`has no serious accessibility violation on the page and in the modal (${width} px)`, async () => {
      await startAfresh(page, {
        viewport,
        token: (await newPlayer(stack, { name: 'Tess Tournament', credit: '1500.00' })).token,
      });
      await page.goto('/tournaments');
      await page.getByRole('article', { name: BUY_IN_TOURNAMENT }).getByText('Lerato K.').first().waitFor();
      expect(await seriousViolations(page), '/tournaments').toEqual([]);
      if (width === '390') {
        // A phone shows one group at a time, as tabs: the running ones first.
        const tabs = page.getByRole('tablist', { name: 'Tournaments by stage' });
        expect(await tabs.getByRole('tab').allInnerTexts()).toEqual([
          expect.stringMatching(/^Running\s*\d+$/),
          expect.stringMatching(/^Upcoming\s*\d+$/),
          expect.stringMatching(/^Ended\s*\d+$/),
        ]);
        expect(await page.getByRole('article', { name: NOT_STARTED }).count()).toBe(0);
        await tabs.getByRole('tab', { name: /Upcoming/ }).click();
        const panel = page.getByRole('tabpanel', { name: /Upcoming/ });
        await panel.getByRole('article', { name: NOT_STARTED }).waitFor();
        expect(await panel.getByText('Live', { exact: true }).count()).toBe(0);
        expect(await page.getByRole('article', { name: BUY_IN_TOURNAMENT }).count()).toBe(0);
        expect(await seriousViolations(page, '[role="tabpanel"]'), 'the Upcoming tab').toEqual([]);
        await tabs.getByRole('tab', { name: /Running/ }).click();
      }
      await page
        .getByRole('article', { name: BUY_IN_TOURNAMENT })
        .getByRole('button', { name: /Full leaderboard/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Tournaments' });
      await dialog.getByRole('article', { name: BUY_IN_TOURNAMENT }).waitFor();
      // The page behind was checked above: the modal's checks look at the modal only.
      expect(await seriousViolations(page, '[role="dialog"]'), 'one tournament in the modal').toEqual([]);
      await dialog.getByRole('button', { name: 'All tournaments' }).click();
      await dialog.getByRole('button', { name: new RegExp(BUY_IN_TOURNAMENT) }).waitFor();
      expect(await seriousViolations(page, '[role="dialog"]'), 'the modal list').toEqual([]);
    });
  }
});
