import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/*
 * axe-core over a page as a player has it, frames included: the serious and critical violations only.
 *
 * axe-core runs straight in the page rather than through @axe-core/playwright's AxeBuilder: AxeBuilder sends the
 * 550 kB script again on every scan, runs each frame on its own and merges the results in a blank page it opens, and
 * sends every passing node back. That took 2 to 4 s a scan on a 2-core machine against 0.6 s for the same rules
 * here, and the e2e suites make about a hundred scans.
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What a violation of axe's results carries (the parts read here). */
interface Violation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

/**
 * Puts axe in each frame of the page that has none yet (a new document after each navigation), allowed to talk to
 * frames of any origin, as AxeBuilder does: the games play in frames from the casino's origin. A frame that goes
 * away meanwhile has nothing to check.
 */
async function injectAxe(page: Page) {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => 'axe' in window)) continue;
      // The script as an expression of its own (as AxeBuilder sends it): the site's CSP allows no eval in the page.
      await frame.evaluate(AXE_SOURCE);
      await frame.evaluate(() =>
        (window as unknown as { axe: { configure(options: object): void } }).axe.configure({
          allowedOrigins: ['<unsafe_all_origins>'],
        }),
      );
    } catch {
      // The frame went away (or navigated) meanwhile: nothing of it to check.
    }
  }
}

/**
 * Every rule of axe-core over the page (or only inside `include`, a CSS selector), each serious or critical
 * violation as "rule: targets". Only the violations come back (`resultTypes`): a passing node is not sent.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async (selector) => {
    const { axe } = window as unknown as {
      axe: { run(context: unknown, options: object): Promise<{ violations: Violation[] }> };
    };
    const context = selector ? { include: [[selector]] } : document;
    return (await axe.run(context, { resultTypes: ['violations'] })).violations;
  }, include);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
