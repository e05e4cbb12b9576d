import { chromium } from 'playwright-core';

/**
 * Issue 43's budget for the streamed server render (docs/benchmarks.md#a-slow-part): with the REST call behind one
 * deferred part of a page slowed by 3 s (a sandbox fault), the page's FCP and LCP stay within 10 % of the same page
 * unslowed, measured in one run, and the part appears when the call answers. The paints are read as they happened
 * under the phone's throttling applied for real (Lighthouse's DevTools throttling): its default simulation does not
 * see a slow document among the origin's quick files (./lighthouse.ts, measure).
 *
 * Each page names the casino's call its deferred part waits on and the part's heading. Home's latest wins are read
 * from a call of their own. A guest's game page (the only one the server renders) has none: its similar games are the
 * catalogue's neighbours, read from the same catalogue call as the game itself, and its tournament eligibility is a
 * player's (their tournaments call, which a guest's page never makes), so there is nothing to slow there that the
 * page does not need; a player's game page not waiting for that call is tests/e2e/deferred-parts.test.ts's.
 */
export const SLOWED_PAGES: readonly SlowedPage[] = [
  { path: '/', call: '/api/latestWins', part: 'Latest wins' },
];

export interface SlowedPage {
  path: string;
  /** The casino's REST path behind the deferred part. */
  call: string;
  /** The part's heading, as a player reads it. */
  part: string;
}

/** How much the call is slowed. */
export const SLOW_MS = 3_000;
/** Slowed / unslowed, for FCP and LCP each: at most. */
export const SLOWED_RATIO_BUDGET = 1.1;

/** A fault on the sandbox (its control routes): every call to `call` held `delayMs` before it is answered. */
export async function slowCall(
  sandboxUrl: string,
  call: string,
  delayMs: number,
  times?: number,
): Promise<void> {
  const res = await fetch(`${sandboxUrl}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'GET', path: call, delayMs, ...(times ? { times } : {}) }),
  });
  if (!res.ok) throw new Error(`The sandbox refused the fault on ${call}: ${res.status}`);
}

export async function clearFaults(sandboxUrl: string): Promise<void> {
  await fetch(`${sandboxUrl}/sandbox/faults`, { method: 'DELETE' });
}

/** What a browser showed of a page whose part's call was held until the shell was on screen. */
export interface PartArrival {
  /** The page's heading was on screen while the casino still held the call, and the part was not. */
  shellBeforeAnswer: boolean;
  /** The part (its markup, not its placeholder) was on screen after the call answered. */
  appeared: boolean;
  /** From the call's answer to the part on screen, in ms; null when it did not appear within 20 s. */
  appearedAfterAnswerMs: number | null;
}

/**
 * Opens `url` in the bench's Chromium (over its DevTools port) with the part's call held, checks that the shell is
 * on screen while it is held, lets the call answer (the sandbox's release), and times the part's arrival.
 */
export async function partArrival(
  chromePort: number,
  sandboxUrl: string,
  url: string,
  page: SlowedPage,
): Promise<PartArrival> {
  await slowCall(sandboxUrl, page.call, 30_000, 1);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const tab = await context.newPage();
    await tab.goto(url, { waitUntil: 'commit' });
    await tab.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
    // The part's own markup: its placeholder is the same section, marked busy.
    const part = tab
      .locator('section:not([aria-busy="true"])')
      .filter({ has: tab.getByRole('heading', { name: page.part }) });
    const held =
      ((await (await fetch(`${sandboxUrl}/sandbox/faults`)).json()) as { held?: number }).held ?? 0;
    // The server's page (its code list comes with the shell; the client shell has none), without the part.
    const rendered = (await tab.locator('#page-code').count()) > 0;
    const shellBeforeAnswer = held > 0 && rendered && (await part.count()) === 0;
    await fetch(`${sandboxUrl}/sandbox/faults/release`, { method: 'POST' });
    const answered = Date.now();
    const appeared = await part
      .first()
      .waitFor({ timeout: 20_000 })
      .then(
        () => true,
        () => false,
      );
    return { shellBeforeAnswer, appeared, appearedAfterAnswerMs: appeared ? Date.now() - answered : null };
  } finally {
    await context.close();
    // Disconnects from the bench's Chromium, which goes on.
    await browser.close();
    await clearFaults(sandboxUrl);
  }
}
