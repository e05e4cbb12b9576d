import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import type { GatewayConfig } from '../../gateway/src/config.js';
import { createGateway, type Gateway } from '../../gateway/src/server.js';
import { createSandbox, type Sandbox } from '../../sandbox/src/app.js';
import { GUEST_HIDDEN_PROVIDER } from '../../sandbox/src/seed/generate-games.js';
import { TINY_PNG, tinyPdf } from '../../sandbox/src/seed/documents.js';
import { verifyPlayer } from '../../sandbox/test/harness.js';
import { testIdentity } from '../../sandbox/test/identities.js';
import { createSiteServer, type SiteServer } from '../../web/server/site-server.js';
import { HYDRATED_EVENT } from '../../web/src/shared/page-events.js';
import { SITE_PERSISTED_OPERATIONS } from '../../gateway/src/operations/persisted-operations.js';

/*
 * The whole system as a player meets it: the real sandbox, gateway and site server on ephemeral loopback ports, and
 * Debian's Chromium driven by playwright-core. The site is the production build (web/dist; the test command builds
 * it first).
 */

/** The built site: web/dist, or WEB_DIST_DIR's build (so parallel work can test its own build). */
export const DIST_DIR = process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
/**
 * Debian's chromium-headless-shell: the headless build Playwright itself drives by default. It renders the same pages
 * as the full browser at about two thirds of its CPU (21 against 32 s for 24 loads on this machine), and the browser
 * journeys are what keeps both cores busy in CI. Lighthouse keeps the full browser (tests/bench/lighthouse.ts).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * One Chromium per test worker, for every file the worker runs (vitest keeps a worker's modules from one file to the
 * next: isolate false in tests/vitest.config.ts). A file still meets nothing of the last one: its pages live in fresh
 * contexts (each its own storage, cookies and cache, like a separate profile), and its stack closes every context
 * it leaves. A launch cost the test files ~2 s of a loaded core each (20 files, 2 workers). Playwright stops the
 * browser when the worker exits; one that crashed or was closed is launched again.
 */
let sharedBrowser: Promise<Browser> | null = null;
const launchChromium = () => chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
export function workerBrowser(): Promise<Browser> {
  if (!sharedBrowser) {
    const launched = launchChromium();
    sharedBrowser = launched;
    const forget = () => {
      if (sharedBrowser === launched) sharedBrowser = null;
    };
    launched.then((browser) => browser.once('disconnected', forget), forget);
  }
  return sharedBrowser;
}

/** A request as Playwright shows it (the parts read here). */
export interface SentRequest {
  method(): string;
  url(): string;
  postData(): string | null;
}

/**
 * What a request to /graphql carries: a query's `doc_id` and `variables` in its address (GET), a mutation's in its
 * JSON body (POST). Null for any other request.
 */
export function operationSent(request: SentRequest): Record<string, unknown> | null {
  const url = new URL(request.url());
  if (url.pathname !== '/graphql') return null;
  if (request.method() === 'GET') return Object.fromEntries(url.searchParams);
  try {
    const body = JSON.parse(request.postData() ?? '') as unknown;
    return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The document a /graphql request from the site runs: the site sends persisted ids (`doc_id`), so a test that looks
 * for an operation by name reads the document the id names in the build's persisted operations, as the gateway does.
 */
export function documentSent(request: SentRequest): string {
  const body = operationSent(request);
  if (!body) return '';
  if (typeof body.query === 'string' && body.query !== '') return body.query;
  if (typeof body.doc_id !== 'string') return '';
  persisted ??= JSON.parse(fs.readFileSync(SITE_PERSISTED_OPERATIONS, 'utf8')) as Record<string, string>;
  return Object.hasOwn(persisted, body.doc_id) ? persisted[body.doc_id]! : '';
}
let persisted: Record<string, string> | undefined;

export const DEMO = { email: 'demo@playlive.test', password: 'PlayLive-demo-1' };
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface SiteStack {
  sandbox: Sandbox;
  gateway: Gateway;
  site: SiteServer;
  /** Under vitest, shared by the files of one worker (workerBrowser): a file never closes it. */
  browser: Browser;
  /**
   * A fresh browser context (its own storage) with one page, at the given size. The site's service worker is
   * blocked unless `serviceWorkers: 'allow'` (the offline journeys): a worker of one test's page would serve the next
   * test's from its caches.
   */
  open(
    viewport?: { width: number; height: number },
    options?: { serviceWorkers?: 'allow' | 'block' },
  ): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * The gateway runs as `npm start` runs it, with the settings of the environment: among them the site's persisted
 * operations, from the file the site's build wrote. `gateway`: settings of the suite's own (persisted-only mode).
 */
export async function startSiteStack(options: { gateway?: Partial<GatewayConfig> } = {}): Promise<SiteStack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
  const sandbox = await createSandbox({ config: { port: 0, host: '127.0.0.1', dataDir, control: true } });
  const quiet = { info: () => {}, warn: () => {} };
  const gateway = await createGateway({
    config: {
      port: 0,
      host: '127.0.0.1',
      casinoApiUrl: sandbox.url,
      pusherUrl: sandbox.url,
      graphiql: true,
      // As npm start runs it: the sandbox's seeded provider is hidden from guests.
      guestHiddenProviders: [GUEST_HIDDEN_PROVIDER],
      // Every player of a suite signs up and in from 127.0.0.1 (the gateway tests cover the limits themselves).
      rateLimits: false,
      ...options.gateway,
    },
    logger: quiet,
  });
  const site = await createSiteServer({
    port: 0,
    host: '127.0.0.1',
    distDir: DIST_DIR,
    gatewayUrl: gateway.url,
    assetsUrl: sandbox.url,
    // The sandbox also fakes the live chat and the error reporter (third-party-services.test.ts).
    thirdPartyOrigins: [sandbox.url],
    logger: quiet,
  });
  // Under vitest the worker's browser; a script of its own (a screenshot script) its own, closed with the stack.
  const inVitest = process.env.VITEST_POOL_ID !== undefined;
  const browser = inVitest ? await workerBrowser() : await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    sandbox,
    gateway,
    site,
    browser,
    async open(viewport = DESKTOP, { serviceWorkers = 'block' } = {}) {
      const context = await browser.newContext({ viewport, baseURL: site.url, serviceWorkers });
      contexts.push(context);
      // Each page notes when the app has taken it over (appReady below).
      await context.addInitScript((event) => {
        addEventListener(event, () => Object.assign(window, { appReady: true }));
      }, HYDRATED_EVENT);
      // A test's own context closes when the test ends, so its page's timers and live connections cost the next
      // tests nothing. One opened outside a test (a beforeAll's page that several tests share) has no test to
      // follow (onTestFinished throws there) and closes with the stack.
      try {
        onTestFinished(() => context.close().catch(() => {}));
      } catch {
        // Opened outside a test.
      }
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      // Every context of the file, also any it made itself: the next file meets a browser with none open.
      for (const context of [...contexts, ...browser.contexts()]) await context.close().catch(() => {});
      if (!inVitest) await browser.close();
      await site.close();
      await gateway.close();
      await sandbox.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Changes the casino's site settings (the sandbox's PATCH /sandbox/settings/site) and empties the gateway's public
 * cache, which shares the settings across requests for a while: the next page load sees the change.
 */
export async function patchSiteSettings(stack: SiteStack, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${stack.sandbox.url}/sandbox/settings/site`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`PATCH /sandbox/settings/site: ${res.status} ${await res.text()}`);
  stack.gateway.cache.clear();
}

/**
 * The key the site keeps the session token under, as the spec names it: written out here rather than imported from
 * the site, so a renamed key fails these tests.
 */
const SESSION_TOKEN_KEY = 'play_live_session_token';

/**
 * A page shared by a file's tests, made new for the next one: at this size, with its storage emptied (the only
 * browser state the site keeps: no cookies or IndexedDB, and the stack's contexts block the service worker) and,
 * with a token, the player signed in.
 * A fresh context costs several page loads' work in Chromium (about 3 s of CPU against 0.8 s for a load in an open
 * page), so journeys share a page. The storage is set from a page of the site's origin that runs none of the site's
 * scripts (a missing asset), so no running site writes it back; the test's own page.goto then loads the site afresh.
 * Only the browser's cache of the site's files stays, as it would for a returning visitor.
 */
export async function startAfresh(
  page: Page,
  {
    viewport = DESKTOP,
    token = null,
  }: { viewport?: { width: number; height: number }; token?: string | null } = {},
): Promise<void> {
  await page.setViewportSize(viewport);
  await page.goto('/assets/e2e-blank');
  await page.evaluate(
    (t) => {
      window.localStorage.clear();
      window.sessionStorage.clear();
      if (t.token) window.localStorage.setItem(t.key, t.token);
    },
    { key: SESSION_TOKEN_KEY, token },
  );
}

/**
 * Resolves once the app has taken the page over (it says so on window: web/src/shared/page-events.ts). A server-rendered
 * page is whole before its code arrives, after its first picture: a link followed before then is a page load, and
 * what only the app does (the data layer's page views, the error reporter) starts with it.
 */
export const appReady = (page: Page) =>
  page.waitForFunction(() => (window as { appReady?: boolean }).appReady === true);

/** The session token the site keeps in the browser. */
export const tokenIn = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), SESSION_TOKEN_KEY);

/** What newPlayer made: the player's details, their session and the headers of their own calls. */
export interface NewPlayer {
  name: string;
  email: string;
  password: string;
  /** The South African ID number the player registered with. */
  idNumber: string;
  /** The session token the registration returned. */
  token: string;
  /** Headers for the player's own JSON calls to the sandbox (their token as a bearer). */
  auth: { authorization: string; 'content-type': string };
}

/**
 * A new player, registered straight at the casino (the sandbox's POST /api/register, as a player made on another
 * device would be), with a unique email address and a valid, unique South African ID number (testIdentity). Then,
 * as asked:
 * - `name`: the name on the account, shown in the header's account menu (default 'Test Player');
 * - `password`: the password to log in with (default 'correct-horse-9');
 * - `onboarded`: past the onboarding (POST /api/onboarding), so no Welcome dialog opens for them (default true;
 *   false leaves the onboarding to the test);
 * - `credit`: an amount put in their wallet (POST /sandbox/credit), for example '500.00' (default: nothing, a
 *   balance of R0.00);
 * - `mayWithdraw`: everything a withdrawal waits for done at the casino: the email verified and the identity
 *   verified (FICA: verifyIdentity) (default false).
 * Each call must succeed, or this throws with the casino's response; every response is read to the end, so the
 * connection is free again (the sandbox waits for busy ones when it closes).
 */
export async function newPlayer(
  stack: Pick<SiteStack, 'sandbox'>,
  {
    name = 'Test Player',
    password = 'correct-horse-9',
    onboarded = true,
    credit,
    mayWithdraw = false,
  }: { name?: string; password?: string; onboarded?: boolean; credit?: string; mayWithdraw?: boolean } = {},
): Promise<NewPlayer> {
  const email = `player${Date.now()}${Math.floor(Math.random() * 1e6)}@example.test`;
  const identity = testIdentity();
  const post = async (path: string, headers: Record<string, string>, body: unknown) => {
    const res = await fetch(`${stack.sandbox.url}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${text}`);
    return text;
  };
  const registered = await post(
    '/api/register',
    { 'content-type': 'application/json' },
    { name, email, password, date_of_birth: identity.dateOfBirth, id_number: identity.idNumber },
  );
  const { token } = JSON.parse(registered) as { token: string };
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (onboarded) await post('/api/onboarding', auth, {});
  if (credit !== undefined) await post('/sandbox/credit', auth, { amount: credit });
  const player = { name, email, password, idNumber: identity.idNumber, token, auth };
  if (mayWithdraw) {
    await post('/sandbox/verifyEmail', auth, {});
    await verifyIdentity(stack, player);
  }
  return player;
}

/** Small well-formed files the casino recognises by their first bytes (the sandbox's seeded documents are the same). */
export { TINY_PNG };
export const TINY_PDF = tinyPdf('Proof of address');

/**
 * The player's identity verified at the casino (FICA, docs/rules.md#know-your-player) as a player on another device
 * and the back office would do it: the sandbox harness's verifyPlayer (an identity document and a proof of address
 * through the casino's single-use upload addresses, submitted, then verified by POST /sandbox/verification).
 */
export const verifyIdentity = (
  stack: Pick<SiteStack, 'sandbox'>,
  player: Pick<NewPlayer, 'token'>,
): Promise<void> => verifyPlayer(stack.sandbox.url, player.token);

/**
 * Every page of this browser context starts signed in as the player with this token: the token is put in the
 * site's storage (SESSION_TOKEN_KEY) before any script of a page runs, as a log in leaves it. It holds from
 * the next page load on, so call it before the page.goto (or reload) that should find the player signed in.
 */
export const signInBrowser = (context: BrowserContext, token: string) =>
  context.addInitScript((t) => window.localStorage.setItem(t.key, t.token), {
    key: SESSION_TOKEN_KEY,
    token,
  });
