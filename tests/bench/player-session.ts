import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from 'playwright-core';
import { HYDRATED_EVENT } from '../../web/src/shared/page-events.js';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/stack.js';

/**
 * A signed-in player's visit, in a real browser through the site server, as the scaling bench measures what the
 * casino's backend sees per player: the first page loaded (server-rendered), then the site's own links followed
 * (client-side navigation, one query per screen), a pause on each page while the player plays a slot (a real-money
 * spin at the casino every few seconds, which the casino pushes to the player's live channel as a wallet change).
 */

/** The pages of the visit, in order: home, the catalogue, tournaments, promotions, a collection, home again. */
export const SESSION_PAGES = [
  '/',
  '/webplay/all',
  '/tournaments',
  '/promotions',
  '/webplay/most-popular',
  '/',
];

/** How long a page must go without a request or live message to count as settled, and how long that may take. */
const QUIET_MS = 1000;
const SETTLE_LIMIT_MS = 15_000;
/** Where the site keeps the session token (the spec's name; tests/e2e/stack.ts signs players in the same way). */
const SESSION_TOKEN_KEY = 'play_live_session_token';

export interface SessionOptions {
  siteUrl: string;
  /** The pages to visit in turn (default SESSION_PAGES). */
  pages?: readonly string[];
  sandboxUrl: string;
  token: string;
  /** How long the player stays on each page. */
  dwellMs: number;
  /** A real-money spin at the casino every this many ms while on a page (0: none). */
  spinEveryMs: number;
  gameCode: string;
  /** Awaited on the last page once it is up, before its spins: where the bench reads the gateway's counts. */
  beforeSpins?: () => Promise<void>;
}

export interface SessionResult {
  pages: number;
  /** Pages reached by following the site's link (the rest were loaded, server-rendered). */
  clientNavigations: number;
  spins: number;
  /** The browser's requests to the site's /graphql (HTTP), and its WebSocket messages received. */
  graphqlRequests: number;
  socketMessages: number;
  /** The same two counts when the spins began. */
  atSpins: { graphqlRequests: number; socketMessages: number };
  seconds: number;
}

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });

/** Resolves once the app has taken the page over (it announces it: web/src/shared/page-events.ts). */
const appReady = (page: Page) =>
  page.waitForFunction(() => (window as { appReady?: boolean }).appReady === true, null, { timeout: 30_000 });

async function spin(sandboxUrl: string, token: string, gameCode: string): Promise<void> {
  const res = await fetch(`${sandboxUrl}/sandbox/spin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ gameCode, stake: 1 }),
  });
  if (!res.ok) throw new Error(`POST /sandbox/spin responded ${res.status}: ${await res.text()}`);
}

/** One visit in a fresh browser context (its own storage, no service worker), signed in as the token's player. */
export async function playSession(browser: Browser, options: SessionOptions): Promise<SessionResult> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1366, height: 900 },
  });
  try {
    await context.addInitScript(
      (t) => {
        window.localStorage.setItem(t.key, t.token);
        addEventListener(t.event, () => Object.assign(window, { appReady: true }));
      },
      { key: SESSION_TOKEN_KEY, token: options.token, event: HYDRATED_EVENT },
    );
    const page = await context.newPage();
    let graphqlRequests = 0;
    let socketMessages = 0;
    let snapshot = false;
    let lastActivity = performance.now();
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== '/graphql') return;
      graphqlRequests++;
      lastActivity = performance.now();
    });
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        socketMessages++;
        lastActivity = performance.now();
        if (String(payload).includes('"name":"snapshot"')) snapshot = true;
      }),
    );
    /**
     * Until the player's live events have started (their catch-up snapshot came) and the page has been quiet for
     * QUIET_MS: what a page asks for as it starts is then over, and what follows is the spins'.
     */
    const settled = async () => {
      const giveUpAt = performance.now() + SETTLE_LIMIT_MS;
      while (!(snapshot && performance.now() - lastActivity >= QUIET_MS)) {
        if (performance.now() > giveUpAt)
          throw new Error('the page did not settle: no live snapshot, or no quiet');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    let clientNavigations = 0;
    let spins = 0;
    const pages = options.pages ?? SESSION_PAGES;
    let atSpins = { graphqlRequests: 0, socketMessages: 0 };
    const t0 = performance.now();
    for (const [i, path] of pages.entries()) {
      const link = page.locator(`a[href="${path}"]:visible`).first();
      if (i > 0 && (await link.count()) > 0) {
        await link.click();
        await page.waitForURL((url) => url.pathname === path);
        clientNavigations++;
      } else {
        await page.goto(new URL(path, options.siteUrl).href);
        await appReady(page);
      }
      const leaveAt = performance.now() + options.dwellMs;
      if (i === pages.length - 1 && options.beforeSpins) {
        await settled();
        await options.beforeSpins();
        atSpins = { graphqlRequests, socketMessages };
      }
      while (options.spinEveryMs > 0 && performance.now() + options.spinEveryMs <= leaveAt) {
        await new Promise((resolve) => setTimeout(resolve, options.spinEveryMs));
        await spin(options.sandboxUrl, options.token, options.gameCode);
        spins++;
      }
      const left = leaveAt - performance.now();
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    }
    return {
      pages: pages.length,
      clientNavigations,
      spins,
      graphqlRequests,
      socketMessages,
      atSpins,
      seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    await context.close();
  }
}
