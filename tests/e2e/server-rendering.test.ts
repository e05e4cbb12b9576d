/**
 * Public pages as a search engine, a link preview or a phone whose JavaScript has not arrived yet gets them: the
 * HTML of each page kind already holds its content, with the Relay records the app hydrates from; an unknown game
 * answers 404; a signed-in browser gets the client shell. Then one Chromium visit: the app takes the server's page
 * over with no hydration mismatch and without asking the gateway again for what the page already holds
 * (docs/architecture.md#server-rendering).
 */
import type { Request as PlaywrightRequest, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, PHONE, startSiteStack, type SiteStack } from './stack.js';

let stack: SiteStack;

beforeAll(async () => {
  stack = await startSiteStack();
});
afterAll(() => stack?.close());

/** Asks the gateway directly (a document, as the catalogue test does): what a page should show. */
async function gateway<T>(query: string): Promise<T> {
  const res = await fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as { data: T };
  return body.data;
}

interface Served {
  status: number;
  html: string;
  /** The page's visible text, tags dropped and entities read. */
  text: string;
  /** The text of each h1. */
  headings: string[];
  /** The records script's JSON, or null when the page is the client shell. */
  records: { records: Record<string, unknown>; now: number } | null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const textOf = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ');

/** A page as fetched without a browser. */
async function serve(path: string, headers: Record<string, string> = {}): Promise<Served> {
  const res = await fetch(`${stack.site.url}${path}`, { headers });
  const html = await res.text();
  const body = html.slice(html.indexOf('<body'));
  const script = /<script type="application\/json" id="relay-records">([\s\S]*?)<\/script>/.exec(html);
  return {
    status: res.status,
    html,
    text: textOf(body),
    headings: [...body.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1]!).trim()),
    records: script ? (JSON.parse(script[1]!) as Served['records']) : null,
  };
}

describe('server-rendered pages', () => {
  it('hold each public page kind’s content and records in the HTML itself', async () => {
    const data = await gateway<{
      catalogue: { edges: { node: { name: string } }[] };
      provider: { shortname: string };
      bgaming: { edges: { node: { name: string } }[] };
      game: { name: string; provider: { shortname: string } | null };
      promotions: { title: string }[];
      tournaments: { edges: { node: { name: string } }[] };
      news: { edges: { node: { title: string; slug: string } }[] };
    }>(`{
      catalogue: games(first: 3, sort: ALPHA_ASC) { edges { node { name } } }
      provider: gameProvider(product: "bgaming") { shortname }
      bgaming: games(first: 1, filter: { providers: ["bgaming"] }) { edges { node { name } } }
      game(code: "pragmatic-expedition-treasures") { name provider { shortname } }
      promotions { title }
      tournaments(first: 1) { edges { node { name } } }
      news(first: 1) { edges { node { title slug } } }
    }`);
    const article = data.news.edges[0]!.node;
    const pages: [path: string, heading: string, holds: string[]][] = [
      ['/', 'PlayLive Casino', ['MOST POPULAR', 'FEATURED GAMES', 'LIVE CASINO', 'Latest wins']],
      ['/webplay/all', 'All games', data.catalogue.edges.map((e) => e.node.name)],
      ['/webplay/provider/bgaming', data.provider.shortname, [data.bgaming.edges[0]!.node.name]],
      ['/game/pragmatic-expedition-treasures', data.game.name, [data.game.provider?.shortname ?? '']],
      ['/promotions', 'Promotions', data.promotions.map((p) => p.title)],
      ['/tournaments', 'Tournaments', [data.tournaments.edges[0]!.node.name]],
      ['/news', 'News', [article.title]],
      [`/news/${article.slug}`, article.title, []],
      ['/about-us', 'About PlayLive', []],
    ];
    for (const [path, heading, holds] of pages) {
      const page = await serve(path);
      expect(page.status, path).toBe(200);
      expect(page.headings, path).toContain(heading);
      for (const words of holds) expect(page.text, `${path} holds ${words}`).toContain(words);
      expect(page.records?.records, path).toHaveProperty('client:root');
      // One title and one description in the head, the CSS inline (no stylesheet to wait for: a route's CSS file
      // is named only by a disabled link, which is never fetched).
      const head = page.html.slice(0, page.html.indexOf('</head>'));
      expect(head.match(/<title>/g), path).toHaveLength(1);
      expect(head.match(/<meta\s+name="description"/g), path).toHaveLength(1);
      expect(head, path).not.toMatch(/<link rel="stylesheet"(?![^>]*\sdisabled>)/);
      expect(head, path).toMatch(/<style>/);
      // The page is already there: no script in the head; its code is listed for the starter right after the root
      // element, which fetches it once the first screen's picture is on screen; the records come last.
      expect(head, path).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
      const code = JSON.parse(
        /<script type="application\/json" id="page-code">([^<]*)<\/script>/.exec(page.html)![1]!,
      );
      expect(code[0], path).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      expect(page.html, path).toMatch(/id="page-code">[^<]*<\/script><script nonce="[^"]+">\(\(\) => \{/);
      expect(page.html, path).toMatch(
        /<script type="application\/json" id="relay-records">[^<]*<\/script><\/body>/,
      );
    }
  });

  it('answer an unknown game with the not-found page and 404, and a signed-in browser with the client shell', async () => {
    const missing = await serve('/game/no-such-game');
    expect(missing.status).toBe(404);
    expect(missing.headings).toEqual(['Page not found']);

    const signedIn = await serve('/webplay/all', { cookie: 'play_live_signed_in=1' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.records).toBeNull();
    expect(signedIn.headings).toEqual([]);
    // The client shell shows nothing until its code runs: that code keeps its high priority.
    expect(signedIn.html).toMatch(/<script type="module" crossorigin/);
  });

  it('are taken over by the app with no hydration mismatch and no query asked again', async () => {
    const { page } = await stack.open();
    const problems: string[] = [];
    page.on('console', (message) => {
      // The test's browser blocks service workers (tests/e2e/stack.ts) and says so in the page's console itself.
      if (message.text().includes('blocked by Playwright')) return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const queries: PlaywrightRequest[] = [];
    const stylesheets: string[] = [];
    const inlined: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/graphql') queries.push(request);
      if (pathname.endsWith('.css')) stylesheets.push(pathname);
    });
    for (const [path, heading] of [
      ['/', 'PlayLive Casino'],
      ['/webplay/all', 'All games'],
      ['/game/pragmatic-expedition-treasures', 'Expedition Treasures'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.locator('#relay-records').count(), `${path} was rendered on the server`).toBe(1);
      // Taken over: the app's own click handling answers (the login dialog opens; a tap before the app could
      // answer it is answered once it can).
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await page.locator('title').count(), path).toBe(1);
      const inline = await page
        .locator('link[rel="stylesheet"][disabled]')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
      expect(inline.length, `${path} names its route's CSS`).toBeGreaterThan(0);
      inlined.push(...inline);
    }
    expect(problems).toEqual([]);
    // The pages' own data came with them: nothing asked again (the login dialog asks nothing either).
    expect(queries.map((q) => q.url())).toEqual([]);
    // Nor the CSS the pages had inline.
    expect(stylesheets.filter((file) => inlined.includes(file))).toEqual([]);
  });
  it('carry the same element ids as the app that takes them over', async () => {
    // React numbers `useId` by the tree's shape: a server tree shaped otherwise than the browser's gives every id
    // (a heading a card is labelled by, a field's label) another value in the markup than in the app, and React
    // keeps the markup's without a word. The app's own props for an element are on it once hydrated.
    const { page } = await stack.open();
    await page.goto('/tournaments');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await appReady(page);
    const ids = await page.locator('#root [id]').evaluateAll((elements) =>
      elements.flatMap((element) => {
        const key = Object.keys(element).find((k) => k.startsWith('__reactProps$'));
        const props = key ? (element as unknown as Record<string, { id?: unknown }>)[key] : undefined;
        return typeof props?.id === 'string' ? [{ markup: element.id, app: props.id }] : [];
      }),
    );
    // The tournament cards are labelled by their headings, whose ids React makes (`useId`).
    expect(ids.filter(({ markup }) => /^_R_/.test(markup)).length).toBeGreaterThan(0);
    expect(ids.filter(({ markup, app }) => markup !== app)).toEqual([]);
  });
  it('start their code once the first picture is on screen, or at once on a tap, which is answered', async () => {
    const ART = '**/images/games/pragmatic-expedition-treasures.*';
    const GAME = '/game/pragmatic-expedition-treasures';
    const visit = async (art: (route: Route, timeline: string[]) => Promise<void>) => {
      const { page } = await stack.open(PHONE);
      const timeline: string[] = [];
      page.on('request', (request) => {
        if (/\/assets\/.*\.js$/.test(request.url())) timeline.push('code');
      });
      await page.route(ART, async (route) => {
        timeline.push('art asked');
        await art(route, timeline);
      });
      await page.goto(GAME, { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1, name: 'Expedition Treasures' }).waitFor();
      return { page, timeline };
    };

    // The game's art arrives a second late, as on a phone's slow link: the code is asked for after it.
    const slow = await visit(async (route, timeline) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      timeline.push('art');
      await route.continue();
    });
    await expect.poll(() => slow.timeline.includes('code'), { timeout: 10_000 }).toBe(true);
    expect(slow.timeline.slice(0, 2)).toEqual(['art asked', 'art']);
    await slow.page.getByRole('button', { name: 'Log in' }).click();
    await slow.page.getByRole('dialog', { name: 'Log in' }).waitFor();

    // The art never arrives, and the player taps the login button: the code is asked for at once, not after the
    // 3 s wait, and the one tap opens the dialog once the app has taken the page over.
    const never = await visit(() => new Promise(() => {}));
    await never.page.waitForTimeout(500);
    expect(never.timeline).toEqual(['art asked']);
    const tapped = Date.now();
    await never.page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => never.timeline.includes('code'), { timeout: 2000 }).toBe(true);
    expect(Date.now() - tapped).toBeLessThan(2000);
    await never.page.getByRole('dialog', { name: 'Log in' }).waitFor();
  });
  it('give the app the words typed in the search box before its code arrived', async () => {
    const { page } = await stack.open(PHONE);
    // The code takes a second to arrive, as on a slow link; the player types meanwhile.
    let codeAsked = false;
    await page.route('**/assets/index-*.js', async (route) => {
      codeAsked = true;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto('/webplay/all', { waitUntil: 'commit' });
    const grid = page.getByRole('region', { name: 'All games' });
    await page.getByRole('searchbox', { name: 'Search games' }).fill('Frozen Wolf');
    expect(await grid.getByRole('listitem').count()).toBe(30);
    await expect.poll(() => codeAsked).toBe(true);
    await expect.poll(() => grid.getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    expect(new URL(page.url()).searchParams.get('q')).toBe('Frozen Wolf');
  });
  it("keep still on a phone while the welcome offer's call to sign up changes", async () => {
    // The call alternates every 2.5 s; the page must not move for it (a layout shift on every change before).
    const { page } = await stack.open(PHONE);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    const call = page.getByRole('region', { name: '250% bonus up to R2,500' }).getByRole('button');
    await expect.poll(() => call.textContent()).toContain('SIGN UP NOW');
    await page.getByRole('button', { name: 'IT ONLY TAKES 30 SECONDS!' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  });
});
