/**
 * The catalogue pages as players use them: a grid of the games a page lists, more on demand, a game's page with
 * games its players may like, the heart on each game, and the favourites page that keeps in step with it.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { appReady, newPlayer, signInBrowser, startAfresh, startSiteStack, type SiteStack } from './stack.js';

let stack: SiteStack;
// One page for every test, as a fresh browser costs several page loads' work; a load starts the site afresh, and
// each test starts as a new visitor (startAfresh), so nothing of a test is left for the next.
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stack = await startSiteStack();
  ({ context, page } = await stack.open());
});
beforeEach(() => startAfresh(page));
afterAll(() => stack?.close());

/** From the next load on, the page finds the player with this token signed in (signInBrowser), until the test ends. */
async function signInUntilTestEnds(token: string) {
  const signedIn = await signInBrowser(context, token);
  onTestFinished(() => signedIn.dispose());
}

describe('catalogue pages', () => {
  it('lists the games of a page, 30 at a time, with more on demand', async () => {
    await page.goto('/webplay/all');
    const grid = page.getByRole('region', { name: 'All games' });
    const tiles = grid.getByRole('listitem');
    await expect.poll(() => tiles.count()).toBe(30);
    // 383 in the catalogue, less the 3 of the provider hidden from guests (ezugi, the sandbox seed's choice).
    expect(await grid.getByText(/^\d+ games$/).textContent()).toBe('380 games');
    await grid.getByRole('button', { name: /Show more/ }).click();
    await expect.poll(() => tiles.count()).toBe(60);
    // The next press too (the pagination is set up on the first: shared/games/LazyPagination.tsx).
    await grid.getByRole('button', { name: 'Show more (320 left)' }).click();
    await expect.poll(() => tiles.count()).toBe(90);
    await grid.getByRole('button', { name: 'Show more (290 left)' }).waitFor();
  });

  it("shows a home section's games in full on Show more", async () => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'MOST POPULAR' });
    const tiles = section.getByRole('listitem');
    await expect.poll(() => tiles.count()).toBe(10);
    await section.getByRole('button', { name: 'Show more' }).click();
    // The sandbox seed's most popular games: 30, all of them now, and nothing more to show.
    await expect.poll(() => tiles.count()).toBe(30);
    await expect.poll(() => section.getByRole('button', { name: 'Show more' }).count()).toBe(0);
  });

  it("lists a category with the site's aliases and a provider's games; a guest's recent games are not found", async () => {
    await page.goto('/webplay/category/table-games');
    await expect
      .poll(() => page.getByRole('region', { name: 'Table Games' }).getByRole('listitem').count())
      .toBe(30);
    await page.goto('/webplay/provider/netent');
    await page.getByRole('heading', { name: 'NetEnt' }).waitFor();
    expect(await page.getByRole('region', { name: 'NetEnt' }).getByRole('listitem').count()).toBeGreaterThan(
      0,
    );
    await page.goto('/webplay/recent-games');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('shows a game with its return to player, and games its players may like, leading on', async () => {
    const query = `{ game(code: "pragmatic-lucky-cleopatra") { name rtp similarGames { name } } }`;
    const res = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const { game } = ((await res.json()) as any).data;
    await page.goto('/game/pragmatic-lucky-cleopatra');
    await page.getByText(`RTP ${game.rtp}%`).waitFor();
    const similar = page.getByRole('region', { name: 'You may also like' });
    const tiles = similar.getByRole('listitem');
    await expect.poll(() => tiles.count()).toBe(8);
    expect(await similar.getByRole('heading', { level: 3 }).allTextContents()).toEqual(
      game.similarGames.map((g: { name: string }) => g.name),
    );
    expect(await similar.getByText(game.name, { exact: true }).count()).toBe(0);

    // A similar game opens its own page, and the provider's link lists all its games, both within the app: the
    // page is never loaded again (a mark left on the window stays), and Back returns to the game before.
    await appReady(page);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const next = game.similarGames[0].name;
    await tiles.first().getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: next }).waitFor();
    await similar.getByRole('link', { name: 'All Pragmatic Play games' }).click();
    await page.waitForURL('**/webplay/provider/pragmatic');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: next }).waitFor();
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  });

  it('asks a guest to log in when they press a heart', async () => {
    await page.goto('/webplay/new-games');
    await page
      .getByRole('button', { name: /^Add .+ to favourites$/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
  });

  it('lets a player favourite a game and find it on the favourites page', async () => {
    const { token } = await newPlayer(stack, { name: 'Fan' });
    await signInUntilTestEnds(token);
    await page.goto('/webplay/all');
    const heart = page.getByRole('button', { name: /^Add .+ to favourites$/ }).first();
    const name = (await heart.getAttribute('aria-label'))!.replace(/^Add (.+) to favourites$/, '$1');
    await heart.click();
    await page.getByRole('button', { name: `Remove ${name} from favourites` }).waitFor();
    await page.getByRole('navigation', { name: 'Games' }).getByRole('link', { name: 'Favorites' }).click();
    const favourites = page.getByRole('region', { name: 'Favourite games' });
    await favourites.getByRole('heading', { name }).waitFor();
    expect(await favourites.getByRole('listitem').count()).toBe(1);
  });

  it("lets a player favourite a game from its page, and a guest's press asks them to log in", async () => {
    await page.goto('/game/pragmatic-lucky-cleopatra');
    await page.getByRole('button', { name: 'Favourite', exact: true }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();

    // Then a player, in a browser as new as the guest's was.
    await startAfresh(page);
    const { token } = await newPlayer(stack, { name: 'Page Fan' });
    await signInUntilTestEnds(token);
    await page.goto('/game/pragmatic-lucky-cleopatra');
    const favourite = page.getByRole('button', { name: 'Favourite', exact: true });
    expect(await favourite.getAttribute('aria-pressed')).toBe('false');
    await favourite.click();
    await expect.poll(() => favourite.getAttribute('aria-pressed')).toBe('true');
    await page.goto('/webplay/favourites');
    const favourites = page.getByRole('region', { name: 'Favourite games' });
    await favourites.getByRole('heading', { name: 'Lucky Cleopatra' }).waitFor();

    // Pressed again from the page, it leaves the favourites.
    await page.goto('/game/pragmatic-lucky-cleopatra');
    await favourite.click();
    await expect.poll(() => favourite.getAttribute('aria-pressed')).toBe('false');
    await page.goto('/webplay/favourites');
    await page.getByText('No favourites yet. Press the heart on a game to keep it here.').waitFor();
    // Narrowed by the filter bar, an empty list is simply not found.
    await page.goto('/webplay/favourites?q=wolf');
    await page.getByRole('status').filter({ hasText: 'Not found' }).waitFor();
  });
});

describe('home', () => {
  it('shows a player the promotion banners (not those left out of home), a guest the welcome offer', async () => {
    await page.goto('/');
    // The hero states the casino's own offer (GET /api/welcomeOffer), which is what the cashier pays.
    const offer = (
      (await (await fetch(`${stack.sandbox.url}/api/welcomeOffer`)).json()) as {
        welcome_offer: { bonus_percentage: number; max_bonus: string };
      }
    ).welcome_offer;
    const headline = `${offer.bonus_percentage}% bonus up to R${Number(offer.max_bonus).toLocaleString('en-US')}`;
    await page.getByRole('heading', { level: 2, name: headline, exact: true }).waitFor();
    expect(await page.getByText(/free spins/i).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Promotions' }).count()).toBe(0);

    // Then a player, in a browser as new as the guest's was.
    await startAfresh(page);
    const { token } = await newPlayer(stack, { name: 'Home' });
    await signInUntilTestEnds(token);
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Promotions' });
    await carousel.waitFor();
    const shown = await carousel.getByRole('link', { includeHidden: true }).count();
    const res = await fetch(`${stack.sandbox.url}/api/promotionBanners`);
    const banners = ((await res.json()) as { promotionBanners: { exclude: string[] }[] }).promotionBanners;
    expect(shown).toBe(banners.filter((b) => !b.exclude.includes('home')).length);
    expect(await page.getByRole('heading', { name: /250% bonus/ }).count()).toBe(0);
  });
});
