import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createGateway, type Gateway } from '../../gateway/src/server.js';
import { createSandbox, type Sandbox } from '../../sandbox/src/app.js';
import { createSiteServer, type SiteServer } from '../../web/server/site-server.js';

/*
 * The whole system as a player meets it: the real sandbox, gateway and site server on ephemeral loopback ports, and
 * Debian's Chromium driven by playwright-core. The site is the production build (web/dist; the test command builds
 * it first).
 */

/** The built site: web/dist, or WEB_DIST_DIR's build (so parallel work can test its own build). */
export const DIST_DIR = process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const DEMO = { email: 'demo@playlive.test', password: 'PlayLive-demo-1' };
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface SiteStack {
  sandbox: Sandbox;
  gateway: Gateway;
  site: SiteServer;
  browser: Browser;
  /** A fresh browser context (its own storage) with one page, at the given size. */
  open(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export async function startSiteStack(): Promise<SiteStack> {
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
      guestHiddenProviders: [],
    },
    logger: quiet,
  });
  const site = await createSiteServer({
    port: 0,
    host: '127.0.0.1',
    distDir: DIST_DIR,
    gatewayUrl: gateway.url,
    assetsUrl: sandbox.url,
    logger: quiet,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const contexts: BrowserContext[] = [];
  return {
    sandbox,
    gateway,
    site,
    browser,
    async open(viewport = DESKTOP) {
      const context = await browser.newContext({ viewport, baseURL: site.url });
      contexts.push(context);
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
      await site.close();
      await gateway.close();
      await sandbox.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session token the site keeps in the browser (play_live_session_token). */
export const tokenIn = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem('play_live_session_token'));
