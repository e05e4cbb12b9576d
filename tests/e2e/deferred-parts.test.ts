/**
 * A screen's slow secondary part does not hold the screen (docs/architecture.md#incremental-delivery): home's query
 * defers its latest wins (`@defer`), so on a client navigation to home, with the casino's latest-wins call held (a
 * sandbox fault), the game rows are there while the wins section shows its placeholder, and the wins follow in the
 * same response once the call answers; with that call failing, only the wins section says so. A game page defers a
 * player's tournaments (the casino's tournaments call, which a guest's page never makes): the game and its buttons
 * do not wait for them.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { appReady, newPlayer, signInBrowser, startSiteStack, type SiteStack } from './stack.js';

let stack: SiteStack;

beforeAll(async () => {
  // The gateway waits for the held call (its own limit, 5 s by default, would answer it as failed under load): the
  // test ends the hold itself once it has seen what came before (release below).
  stack = await startSiteStack({ gateway: { upstreamTimeoutMs: 60_000 } });
});
afterEach(async () => {
  await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
  await release();
});
afterAll(() => stack?.close());

/**
 * The casino's latest-wins call slowed (and then failing with `status`, when given): held until the test releases
 * it, whatever the machine's load, rather than for a time the rest of the page might take too.
 */
async function slowWins(status?: number) {
  const res = await fetch(`${stack.sandbox.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'GET', path: '/api/latestWins', delayMs: 50_000, status }),
  });
  expect(res.status).toBe(201);
  // The wins are public and shared: the gateway must ask the casino again, not answer from what it keeps.
  stack.gateway.cache.clear();
}

/** How many casino calls a fault's delay holds right now. */
const held = async () =>
  ((await (await fetch(`${stack.sandbox.url}/sandbox/faults`)).json()) as { held: number }).held;

/** The held calls go on at once (each then failing as its fault says). */
const release = () => fetch(`${stack.sandbox.url}/sandbox/faults/release`, { method: 'POST' });

/**
 * Goes from another page to home by the header's link (the app's own navigation, no page load), and waits for the
 * first game row's tiles: what the wins section shows in the same frame.
 */
async function homeByLink(page: Page): Promise<'placeholder' | 'wins' | 'failed' | 'none'> {
  await page.goto('/promotions');
  await appReady(page);
  await page.getByRole('link', { name: 'PlayLive home' }).click();
  const state = await page.waitForFunction(
    () => {
      const tiles = document.querySelectorAll(
        'section[aria-labelledby="home-/webplay/most-popular"] li article',
      );
      if (tiles.length === 0) return null;
      const wins = document.querySelector('section[aria-labelledby="latest-wins"]');
      // The wins are below the first row: rendered just after it (AfterFirstPaint).
      if (!wins) return null;
      if (wins.getAttribute('aria-busy') === 'true') return 'placeholder';
      return wins.querySelector('ul li a') ? 'wins' : wins.querySelector('p') ? 'failed' : 'none';
    },
    undefined,
    // Checked every frame: the state is the one the player sees as the rows appear.
    { polling: 'raf' },
  );
  return (await state.jsonValue()) as 'placeholder' | 'wins' | 'failed' | 'none';
}

const winsSection = (page: Page) => page.getByRole('region', { name: 'Latest wins' });

it('shows home without waiting for the latest wins, which follow when their call answers', async () => {
  const { page } = await stack.open();
  await slowWins();
  expect(await homeByLink(page)).toBe('placeholder');
  // The casino's call is still held: the rows did not wait for it. Then it answers.
  expect(await held()).toBe(1);
  await release();
  // Then the wins arrive in the same response, in place of the placeholder.
  await winsSection(page).getByRole('listitem').getByRole('link').first().waitFor();
  expect(await winsSection(page).getAttribute('aria-busy')).toBeNull();
  expect(await page.getByRole('heading', { name: 'MOST POPULAR' }).count()).toBe(1);
});

it('says only the wins could not be loaded when their call fails', async () => {
  const { page } = await stack.open();
  await slowWins(500);
  expect(await homeByLink(page)).toBe('placeholder');
  await release();
  await winsSection(page).getByText('The latest wins could not be loaded right now.').waitFor();
  // The rest of home stands: its game rows and no error screen.
  expect(
    await page.locator('section[aria-labelledby="home-/webplay/most-popular"] li article').count(),
  ).toBeGreaterThan(0);
  expect(await page.getByRole('alert').filter({ hasText: 'We could not load this page' }).count()).toBe(0);
});

it("shows a player's game page without waiting for their tournaments, which follow when the call answers", async () => {
  const player = await newPlayer(stack);
  const { tournaments } = (await (await fetch(`${stack.sandbox.url}/api/tournaments`)).json()) as {
    tournaments: { id: number; game_ids: number[] }[];
  };
  // A tournament the player can join (one not over), whose first game the page then shows.
  let joined: { id: number; game_ids: number[] } | undefined;
  for (const t of tournaments) {
    const join = await fetch(`${stack.sandbox.url}/api/tournaments/${t.id}`, {
      method: 'POST',
      headers: player.auth,
      body: '{}',
    });
    if (join.ok && t.game_ids.length > 0) {
      joined = t;
      break;
    }
  }
  expect(joined).toBeDefined();
  const games = (await (await fetch(`${stack.sandbox.url}/api/allgames`)).json()) as {
    id: number;
    game_code: string;
  }[];
  const code = games.find((g) => g.id === joined!.game_ids[0])!.game_code;

  const { context, page } = await stack.open();
  await signInBrowser(context, player.token);
  const res = await fetch(`${stack.sandbox.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'GET', path: '/api/tournaments', delayMs: 50_000 }),
  });
  expect(res.status).toBe(201);
  await page.goto(`/game/${code}`);
  await page.getByRole('button', { name: 'Play for real' }).waitFor();
  // The player's tournaments call is still held: the game did not wait for it.
  expect(await held()).toBeGreaterThan(0);
  expect(await page.getByRole('region', { name: 'Your tournaments' }).count()).toBe(0);
  await release();
  await page.getByRole('region', { name: 'Your tournaments' }).getByText('This game').first().waitFor();
});
