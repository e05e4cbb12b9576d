/**
 * The budget of the first visit: the site's JavaScript the home route loads is at most 185 kB gzipped (184.0
 * measured, V8's compile hint atop each file included; 181.9 before issue 43 added the low-data mode's switch and
 * art sizes (1.2) and the reading of deferred parts (0.4), which a first visit in low-data mode does not load at all; issue 27 asks 150, and the libraries every screen needs weigh
 * about 143 on their own: docs/benchmarks.md#lighthouse). Routes, modals, the other screens' query documents (their
 * loaders hold only ids) and the libraries only some screens need load later, in their own chunks; Relay ships only
 * what the site calls (web/build/lean-relay.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMPILE_HINT } from '../../web/build/compile-hints.js';
import { appReady, DIST_DIR, startSiteStack, type SiteStack } from './stack.js';

const BUDGET_BYTES = 185 * 1024;

let stack: SiteStack;

beforeAll(async () => {
  stack = await startSiteStack();
});
afterAll(() => stack?.close());

it('loads at most 185 kB of gzipped JavaScript for the home route', async () => {
  const { page } = await stack.open();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    // The site's own build; third-party services' scripts (the tag manager, loaded once idle) are not ours to weigh.
    if (url.origin === stack.site.url && url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // The server's page starts its code only once its first picture is on screen (web/server/page-start.ts): the
  // network can be quiet before that, so the code is weighed once the app has taken the page over.
  await appReady(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.size).toBeGreaterThan(0);
  let total = 0;
  for (const script of scripts) {
    const code = fs.readFileSync(path.join(DIST_DIR, script));
    // Each file asks V8 to compile it as it arrives, off the main thread (web/build/compile-hints.ts).
    expect(code.toString('utf8', 0, COMPILE_HINT.length), script).toBe(COMPILE_HINT);
    total += gzipSync(code).length;
  }
  console.log(`home route JavaScript: ${(total / 1024).toFixed(1)} kB gzipped in ${scripts.size} files`);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
});
