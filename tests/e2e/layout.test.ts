/**
 * The site's layout as a player meets it in Chromium: every route renders inside the layout, guests are kept out of
 * players' pages, the address's parameters work, players register, log in and out, a refused session signs out
 * without a reload, modals behave with the keyboard, pages open at their top and back returns to the place, and the
 * phone layout never scrolls sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { testIdentity } from '../../sandbox/test/identities.js';
import {
  appReady,
  DEMO,
  DESKTOP,
  PHONE,
  newPlayer,
  startAfresh,
  startSiteStack,
  tokenIn,
  type SiteStack,
} from './stack.js';

let stack: SiteStack;
/**
 * The one page every test drives: a fresh context's first page load costs Chromium several times a load in an open
 * page, so each test starts from this page with clean storage (startAfresh in stack.ts) rather than from a context of
 * its own.
 */
let page: Page;

/** A new player sees the onboarding first; finishing it is what a player does. */
async function finishOnboarding(page: Page) {
  const welcome = page.getByRole('dialog', { name: 'Welcome to PlayLive' });
  await welcome.waitFor();
  await welcome.getByRole('button', { name: "Let's play" }).click();
  await expect.poll(() => welcome.count()).toBe(0);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).last().click();
  return dialog;
}

beforeAll(async () => {
  stack = await startSiteStack();
  page = (await stack.open()).page;
});
afterAll(() => stack?.close());

/** Every route of the site with the heading its screen shows (a guest's view). */
const ROUTES: [path: string, heading: RegExp][] = [
  ['/', /PlayLive Casino/],
  ['/webplay/all', /All games/],
  ['/webplay/category/slots', /Slots/],
  ['/webplay/subgroup/top', /Top games/],
  ['/webplay/live-casino', /Live casino/],
  ['/webplay/most-popular', /Most popular/],
  ['/webplay/new-games', /New games/],
  ['/webplay/featured-games', /Featured games/],
  ['/webplay/game-providers', /Game providers/],
  ['/webplay/provider/netent', /NetEnt/],
  ['/game/no-such-game', /Page not found/],
  ['/platform/desktop', /Desktop games/],
  ['/platform/mobile', /Mobile games/],
  ['/bonus-play-games', /Bonus play games/],
  ['/free-bet-support-games', /Free bet games/],
  ['/tournaments', /Tournaments/],
  ['/promotions', /Promotions/],
  ['/news', /News/],
  ['/news/category/winners', /News: Winners/],
  ['/news/welcome-to-playlive', /Welcome to PlayLive/],
  // Players' pages, and promotional pages whose flag is off, are not found for a guest. Each not-found route follows
  // a route with another heading, so a page reached in the site shows it moved (checked below).
  ['/how-to', /How to play/],
  ['/webplay/favourites', /Page not found/],
  ['/about-us', /About PlayLive/],
  ['/webplay/recent-games', /Page not found/],
  ['/privacy-policy', /Privacy policy/],
  ['/capitec', /Page not found/],
  ['/terms-and-conditions', /Terms and conditions/],
  ['/pumpkin-patch', /Page not found/],
  ['/responsible-gambling', /Responsible gambling/],
  ['/password/reset/abc123', /Choose a new password/],
  ['/unavailable', /PlayLive is unavailable/],
  ['/help', /Help and contact/],
  ['/stocking-stash', /Stocking Stash/],
  ['/no/such/page', /Page not found/],
];

/**
 * Moves to `path` as the site's own links do: the router follows the history entry, with no page load. The address
 * then reads `path`, as after a click.
 */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

it('lists no route whose heading the route before it would already show', () => {
  // The previous heading's text is its pattern's source: a route reached in the site that did not move would fail.
  const repeats = ROUTES.filter(([, heading], i) => i > 0 && heading.test(ROUTES[i - 1]![1].source));
  expect(repeats).toEqual([]);
});

describe.each([
  // Each route loaded from its address on a desktop (a link from elsewhere, a bookmark)...
  ['desktop', DESKTOP, 'loaded from its address'],
  // ...and reached from inside the site on a phone, as a player moves on from home: the same pages in the phone
  // layout at about a third of a page load's CPU each (CI's browser tests are CPU-bound). Opening at phone width is
  // the phone test's below and the accessibility suite's.
  ['a 390 px phone', PHONE, 'reached in the site'],
] as const)('routes on %s, %s', (_name, viewport, how) => {
  // One page for every route, a test each (each with its own time limit, so a loaded machine slows one page load,
  // not the whole list past one limit), as a player moves on.
  beforeAll(async () => {
    await startAfresh(page, { viewport });
    if (how === 'reached in the site') await page.goto('/');
  });

  it.each(ROUTES)('renders %s inside the layout, with its own heading', async (path, heading) => {
    if (how === 'reached in the site') await navigateInApp(page, path);
    else await page.goto(path);
    expect(new URL(page.url()).pathname).toBe(path);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(heading);
    if (viewport === PHONE)
      expect(await page.getByRole('button', { name: 'Open the menu' }).isVisible()).toBe(true);
    else expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
  });
});

describe('routes', () => {
  it('shows the responsible-gambling helpline', async () => {
    await startAfresh(page);
    await page.goto('/responsible-gambling');
    await expect.poll(() => page.getByText('0800 006 008').first().isVisible()).toBe(true);
  });

  it("puts each page view in the tag manager's data layer with the route name and full path", async () => {
    await startAfresh(page);
    await page.goto('/how-to?utm=x');
    // Page views are the app's: a link followed before it has taken the page over is a plain page load.
    await appReady(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tournaments' }).click();
    await expect
      .poll(() =>
        page.evaluate(() =>
          (
            (window as unknown as { dataLayer?: { event?: string; page_name: string; page_path: string }[] })
              .dataLayer ?? []
          )
            // The tag manager's own start event is in the data layer too.
            .filter((e) => e.event === 'page_view')
            .map((e) => `${e.page_name} ${e.page_path}`),
        ),
      )
      .toEqual(['how-to /how-to?utm=x', 'tournaments /tournaments']);
  });
});

describe('signing up, in and out', () => {
  it('opens registration from ?signup, keeps the affiliate and tracking id, and signs the new player in', async () => {
    await startAfresh(page);
    await page.goto('/?signup=1&affid=partner7&tracking_id=cmp-42');
    const dialog = page.getByRole('dialog', { name: 'Join PlayLive' });
    await dialog.waitFor();
    const email = `e2e${Date.now()}@example.test`;
    await dialog.getByLabel('Name').fill('Sipho Test');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('correct-horse-9');
    await dialog.getByLabel('South African ID number').fill(testIdentity('1990-05-17').idNumber);
    // The casino reads the date of birth from the ID number, and the form fills it in.
    await expect.poll(() => dialog.getByLabel('Date of birth').inputValue()).toBe('1990-05-17');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await finishOnboarding(page);
    await page.getByRole('button', { name: 'Account menu for Sipho Test' }).waitFor();
    const token = await tokenIn(page);
    expect(token).toBeTruthy();
    const account = (await (
      await fetch(`${stack.sandbox.url}/api/account`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { affiliate: string; tracking_id: string };
    expect(account).toMatchObject({ affiliate: 'partner7', tracking_id: 'cmp-42' });
    // ?signup is read once: it left the address when registration opened (the other parameters stay)...
    expect(new URL(page.url()).searchParams.has('signup')).toBe(false);
    expect(new URL(page.url()).searchParams.get('affid')).toBe('partner7');
    // ...so a later sign-out the casino makes says why, in the login dialog, rather than opening registration.
    await fetch(`${stack.sandbox.url}/sandbox/endSession`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ reason: 'signed_in_elsewhere' }),
    });
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByText('Your session ended: you signed in on another device.').waitFor();
    expect(await page.getByRole('dialog', { name: 'Join PlayLive' }).count()).toBe(0);
  });

  it("says what is wrong beside each field, the site's checks first, then the casino's", async () => {
    await startAfresh(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Join PlayLive' });
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => dialog.getByText('Enter your name.').isVisible()).toBe(true);
    expect(await dialog.getByText('Enter your South African ID number.').isVisible()).toBe(true);
    expect(await dialog.getByText('Enter your date of birth.').isVisible()).toBe(true);
    await dialog.getByLabel('Name').fill('Too Young');
    await dialog.getByLabel('Email').fill(DEMO.email);
    await dialog.getByLabel('Password').fill('correct-horse-9');
    // A check digit typed wrong: the casino says so as the player types, beside the field.
    const valid = testIdentity('1990-01-01').idNumber;
    const idField = dialog.getByLabel('South African ID number');
    await idField.fill(valid.slice(0, 12) + ((Number(valid[12]) + 1) % 10));
    await expect.poll(() => dialog.getByText('check the digits', { exact: false }).isVisible()).toBe(true);
    expect(await idField.getAttribute('aria-invalid')).toBe('true');
    // A child's ID number: refused by the casino for the age, whatever the form.
    await idField.fill(testIdentity('2015-01-01').idNumber);
    await expect
      .poll(() => dialog.getByText('You must be 18 or older to register.', { exact: true }).isVisible())
      .toBe(true);
    await idField.fill(valid);
    await expect.poll(() => dialog.getByLabel('Date of birth').inputValue()).toBe('1990-01-01');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    // The casino's own per-field error, beside the email field.
    const email = dialog.getByLabel('Email');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByText('The email has already been taken.').isVisible()).toBe(true);
  });

  it('logs in with the demo account, then signs out from the account menu', async () => {
    await startAfresh(page);
    await page.goto('/');
    const dialog = await logIn(page, DEMO.email, 'wrong-password');
    await expect
      .poll(() => dialog.getByRole('alert').first().textContent())
      .toBe('These credentials do not match our records.');
    await dialog.getByLabel('Password').fill(DEMO.password);
    await dialog.getByRole('button', { name: 'Log in' }).last().click();
    const menu = page.getByRole('button', { name: /Account menu for/ });
    await menu.waitFor();
    // The demo player has months of history: no new-player onboarding.
    expect(await page.getByRole('dialog', { name: 'Welcome to PlayLive' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Wallet: R/ }).isVisible()).toBe(true);
    await menu.click();
    await page.getByRole('menuitem', { name: 'SIGN OUT' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await tokenIn(page)).toBeNull();
  });

  it('signs a player out without a reload when the casino refuses the session, and asks to log in', async () => {
    await startAfresh(page);
    // Registered straight at the casino, as one made on another device would be; the onboarding is still ahead.
    const player = await newPlayer(stack, { name: 'Revoked Player', onboarded: false });
    await page.goto('/how-to');
    await logIn(page, player.email, player.password);
    await finishOnboarding(page);
    await page.getByRole('button', { name: /Account menu for/ }).waitFor();
    const token = await tokenIn(page);
    // The session ends elsewhere (another tab, an operator): the casino revokes it, and says so on the player's
    // live channel, so the open tab signs out with no click and no reload (session-honesty.test.ts: a request's
    // refusal does the same).
    await fetch(`${stack.sandbox.url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    expect(await tokenIn(page)).toBeNull();
    expect(await page.getByRole('button', { name: /Account menu for/ }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/how-to');
  });
});

describe('modals and the keyboard', () => {
  it('keeps focus inside a modal, closes it with Escape and gives focus back', async () => {
    await startAfresh(page);
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Log in' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.waitFor();
    const focusInside = () => dialog.evaluate((d) => d.contains(document.activeElement));
    await expect.poll(focusInside).toBe(true);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => opener.evaluate((b) => b === document.activeElement)).toBe(true);
  });

  it('shows a new player the cashier a link asked for first, and the welcome when it closes', async () => {
    const { token } = await newPlayer(stack, { name: 'Link Follower', onboarded: false });
    await startAfresh(page, { token });
    await page.goto('/?modal=wallet');
    const cashier = page.getByRole('dialog', { name: 'Cashier' });
    await cashier.waitFor();
    expect(await page.getByRole('dialog', { name: 'Welcome to PlayLive' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await finishOnboarding(page);
    expect(await cashier.count()).toBe(0);
  });

  it('opens a modal from the address, and a player’s modal as login for a guest', async () => {
    await startAfresh(page);
    await page.goto('/?modal=terms');
    await page.getByRole('dialog', { name: 'Terms and conditions' }).waitFor();
    await page.keyboard.press('Escape');
    await page.goto('/?modal=wallet');
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Cashier' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
  });
});

describe('where the page is scrolled', () => {
  it('opens a new page at its top, and back returns the player to their place on home', async () => {
    await startAfresh(page, { viewport: PHONE });
    await page.goto('/');
    // Far down home: its lower sections render after the first paint, so a return must wait for them.
    const tile = page.getByRole('region', { name: 'LIVE CASINO' }).getByRole('listitem').first();
    await tile.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
    // Where the player sees the game they open: the place to come back to (read last, once the page has settled).
    const top = async () => (await tile.boundingBox())!.y;
    await expect.poll(top).toBeLessThan(PHONE.height);
    const seen = await top();
    const name = await tile.getByRole('heading').textContent();
    await tile.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: name! }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    // Within a few pixels: the tiles above, laid out only as they near the screen (content-visibility), may stand
    // in at a slightly different height than when they were seen. Short of the place, it would be hundreds.
    await expect.poll(async () => Math.abs((await top()) - seen)).toBeLessThanOrEqual(20);
  });
});

describe('the phone layout (390 px)', () => {
  it('never scrolls sideways, starts the games near the top, shows Promotions, and the side menu is a drawer', async () => {
    await startAfresh(page, { viewport: PHONE });
    // Catalogue pages by their grid's name: the fullest of them too (a provider's sentence and the chosen order).
    const catalogues = new Map([
      ['/webplay/all', 'All games'],
      ['/webplay/provider/evolution?sort=newestf', 'Evolution'],
    ]);
    for (const path of ['/', ...catalogues.keys(), '/responsible-gambling', '/no/such/page']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(PHONE.width);
      const grid = catalogues.get(path);
      if (grid === undefined) continue;
      // The first game starts within the first 300 px of the screen (the filters fold behind one button).
      const first = page.getByRole('region', { name: grid }).getByRole('listitem').first();
      await expect
        .poll(async () => (await first.boundingBox())?.y ?? Infinity, { message: path })
        .toBeLessThanOrEqual(300);
    }
    const promotions = page.getByRole('banner').getByRole('link', { name: 'Promotions' });
    expect(await promotions.isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Promotions' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toMatch(/Promotions/);
    expect(await drawer.count()).toBe(0);
  });
});

describe("the signed-in home's promotions carousel", () => {
  /** The boxes of what the visible banner says (its title, its call to action) and of the carousel's controls. */
  async function carouselBoxes(p: Page) {
    const carousel = p.getByRole('region', { name: 'Promotions' });
    await carousel.getByRole('button', { name: 'Previous promotion' }).waitFor();
    return carousel.evaluate((section) => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      };
      const slide = section.querySelector('a[aria-hidden="false"]')!;
      const words = [...slide.querySelectorAll(':scope > span > span')].map(box);
      const controls = [...section.querySelectorAll('button')].map(box);
      return { words, controls, carousel: box(section) };
    });
  }
  type Box = { left: number; right: number; top: number; bottom: number };
  const overlap = (a: Box, b: Box) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  it.each([
    ['320 px', { width: 320, height: 700 }],
    ['390 px', PHONE],
    ['1366 px', DESKTOP],
  ] as const)(
    'keeps its controls in their own corner at %s, clear of the title and See the offer',
    async (label, viewport) => {
      const player = await newPlayer(stack, { name: 'Carousel Carla' });
      await startAfresh(page, { viewport, token: player.token });
      await page.goto('/');
      // Still, so the boxes are those of one banner.
      await page.getByRole('button', { name: 'Pause the promotions' }).click();
      const { words, controls, carousel } = await carouselBoxes(page);
      expect(words).toHaveLength(2);
      expect(controls).toHaveLength(3);
      for (const control of controls) {
        // Inside the carousel, in the bar under the picture, over none of the banner's words.
        expect(control.right, label).toBeLessThanOrEqual(carousel.right);
        expect(control.bottom, label).toBeLessThanOrEqual(carousel.bottom);
        for (const word of words)
          expect(overlap(control, word), `${label}: ${JSON.stringify({ control, word })}`).toBe(false);
      }
      for (const word of words) expect(word.right, label).toBeLessThanOrEqual(carousel.right);
      if (process.env.E2E_SHOTS_DIR)
        await page
          .getByRole('region', { name: 'Promotions' })
          .screenshot({ path: `${process.env.E2E_SHOTS_DIR}/carousel-${viewport.width}.png` });
    },
  );
});
