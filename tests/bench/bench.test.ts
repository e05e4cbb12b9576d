/**
 * The benchmarks' plumbing, run small: not timing tests (the numbers are not compared with the budgets), only that
 * a run starts the servers, gets responses from both the gateway and REST, reaches every subscriber in every round,
 * has Lighthouse measure the site, and reports well-formed figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentile, summarize } from './stats.js';
import { BUDGETS as LIGHTHOUSE_BUDGETS, PAGES, runLighthouseBench } from './lighthouse.js';
import { planFor, runGatewayBench } from './gateway.js';
import { runSubscriptionBench } from './subscriptions.js';
import { startReactFloorPage } from './stack-floor/page.js';
import { startSitePageWithoutCode } from './floor-page.js';
import { startPageHydratedByReact } from './markup-floor/page.js';
import { startGateway, startSandbox, startSite, type Server } from './processes.js';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../e2e/stack.js';

describe('percentile (nearest rank)', () => {
  it('returns a measured value: the smallest with at least p % at or below it', () => {
    const values = [5, 1, 4, 2, 3];
    expect(percentile(values, 50)).toBe(3);
    expect(percentile(values, 99)).toBe(5);
    expect(percentile(values, 20)).toBe(1);
    expect(percentile(values, 21)).toBe(2);
    expect(percentile([7], 99)).toBe(7);
    expect(values).toEqual([5, 1, 4, 2, 3]);
  });

  it('refuses no values and percentiles outside (0, 100]', () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(summarize([])).toBeNull();
  });
});

describe('gateway benchmark', () => {
  it('times 1,000 calls per side at one client, alternating call by call, and 3,000 in blocks of 10 loops × 10 at ten', () => {
    expect(planFor(1000, 1)).toEqual({ blocks: 1000, callsPerLoop: 1 });
    expect(planFor(1000, 10)).toEqual({ blocks: 30, callsPerLoop: 10 });
    expect(planFor(3, 1)).toEqual({ blocks: 3, callsPerLoop: 1 });
    // Never less than one block, however few samples.
    expect(planFor(3, 10)).toEqual({ blocks: 1, callsPerLoop: 10 });
  });

  it('measures the gateway beside REST with no failed request and reports every check', async () => {
    const report = await runGatewayBench({
      samples: 3,
      homeSamples: 2,
      loadMs: 300,
      loadClients: 2,
      cpuRequests: 200,
    });

    const positive = (value: number | null | undefined) => {
      expect(Number.isFinite(value)).toBe(true);
      expect(value).toBeGreaterThan(0);
    };
    expect(report.latency.map((c) => [c.name, c.clients])).toEqual([
      ['wallet', 1],
      ['wallet', 10],
      ['games page', 1],
      ['tournaments', 1],
    ]);
    expect(report.floor.map((c) => [c.name, c.clients])).toEqual([
      ['bare Yoga wallet', 1],
      ['bare Yoga wallet', 10],
      ['raw proxy wallet', 1],
      ['raw proxy wallet', 10],
    ]);
    for (const c of [...report.latency, ...report.floor, report.home]) {
      expect(c.errors).toEqual({ gateway: 0, rest: 0 });
      // Every timed call of both sides succeeded: as many as planFor's blocks hold.
      const { blocks, callsPerLoop } = planFor(c === report.home ? 2 : 3, c.clients);
      const calls = blocks * c.clients * callsPerLoop;
      expect(c.gatewayMs?.count).toBe(calls);
      expect(c.restMs?.count).toBe(calls);
      for (const summary of [c.gatewayMs, c.restMs]) {
        positive(summary?.mean);
        expect(summary!.p50).toBeLessThanOrEqual(summary!.p99);
      }
      positive(c.meanRatio);
      positive(c.p99Ratio);
    }
    // The wallet beside the raw proxy, from the same rotation as the floors above: its means and their difference.
    expect(report.overRawProxy.map((o) => o.clients)).toEqual([1, 10]);
    for (const [i, o] of report.overRawProxy.entries()) {
      expect(o.gatewayMs).toEqual(report.latency[i]!.gatewayMs);
      expect(o.rawProxyMs).toEqual(report.floor[2 + i]!.gatewayMs);
      expect(o.overMs).toBeCloseTo(o.gatewayMs!.mean - o.rawProxyMs!.mean, 9);
    }
    // CPU per persisted wallet query, each side's from /proc over the same fixed number of requests.
    expect(report.cpu.requests).toBe(200);
    if (report.cpu.rounds.length > 0) {
      positive(report.cpu.gatewayMs);
      positive(report.cpu.bareYogaMs);
      expect(report.cpu.ratio).toBeCloseTo(report.cpu.gatewayMs! / report.cpu.bareYogaMs!, 9);
      expect(report.cpu.rounds).toHaveLength(8);
    }
    expect(report.home.restCalls).toHaveLength(9);
    expect(report.bytes.games).toBe(24);
    expect(report.bytes.gateway).toBeLessThan(report.bytes.rest);
    positive(report.bytes.ratio);
    for (const run of [report.throughput.catalogue, report.throughput.hello]) {
      expect(run.errors).toBe(0);
      positive(run.perSecond);
    }
    positive(report.throughput.ratio);
    if (report.memory.idleRssKiB !== null) positive(report.memory.afterRssKiB);

    expect(report.checks.map((c) => c.name)).toEqual([
      'wallet mean − raw proxy',
      'wallet ×10 mean − raw proxy',
      'wallet CPU ÷ bare Yoga',
      'games page mean ÷ REST',
      'games page p99 ÷ REST',
      'tournaments mean ÷ REST',
      'tournaments p99 ÷ REST',
      'home screen mean ÷ REST',
      'catalogue page bytes ÷ allgames',
      'cached catalogue rps ÷ bare Yoga',
    ]);
    for (const c of report.checks) {
      if (c.status === 'n/a') continue;
      // A difference of means may be below zero (the gateway faster than the raw proxy, within the noise).
      if (c.unit === 'ms') expect(Number.isFinite(c.value)).toBe(true);
      else positive(c.value);
      expect(['PASS', 'FAIL']).toContain(c.status);
    }
    expect(typeof report.pass).toBe('boolean');
    // Four servers started through tsx on a busy 2-core machine took over a minute (prebuilt under `npm test`).
  }, 120_000);
});

describe('subscription benchmark', () => {
  it('reaches every watcher and every player in every round and reports latency and memory', async () => {
    const report = await runSubscriptionBench({ watchers: 20, viewers: 5, rounds: 3, viewerRounds: 2 });

    expect(report).toMatchObject({ watchers: 20, viewers: 5 });
    expect(report.tournament.rounds).toMatchObject({ requested: 3, completed: 3, failed: 0 });
    expect(report.viewer.rounds).toMatchObject({ requested: 2, completed: 2, failed: 0 });
    for (const round of report.tournament.rounds.results) {
      expect(round).toMatchObject({ ok: true, received: 20 });
      expect(round.firstMs!).toBeLessThanOrEqual(round.lastMs!);
    }
    for (const round of report.viewer.rounds.results) expect(round).toMatchObject({ ok: true, received: 5 });
    expect(report.unexpectedMessages).toBe(0);

    for (const summary of [report.tournament.lastMs, report.tournament.firstMs, report.viewer.eventMs]) {
      expect(summary).not.toBeNull();
      for (const value of [summary!.p50, summary!.p99]) {
        expect(Number.isFinite(value)).toBe(true);
        expect(value).toBeGreaterThan(0);
      }
      expect(summary!.p50).toBeLessThanOrEqual(summary!.p99);
    }

    if (report.memory === null) {
      expect(report.checks.find((c) => c.unit === 'KiB')?.status).toBe('n/a');
    } else {
      expect(typeof report.memory.perSubscriberKiB).toBe('number');
      expect(report.memory.baselineRssKiB).toBeGreaterThan(0);
    }
    expect(report.checks.map((c) => c.name)).toEqual([
      '20 watchers p99 (last)',
      "5 players' events p99",
      'gateway memory per subscriber',
      'gateway memory kept after all left',
      'gateway open files after all left',
      'failed rounds',
    ]);
    expect(report.checks.map((c) => c.status)).toEqual(expect.arrayContaining(['PASS']));
    expect(typeof report.pass).toBe('boolean');
  }, 120_000);
});

describe('the React floor page', () => {
  it('arrives rendered by React on the server, and React takes it over in the browser', async () => {
    // The floor measures what React costs a phone only if React really runs: a page that never hydrates would read
    // as the no-JavaScript floor.
    const floor = await startReactFloorPage('/no-art.webp');
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      const page = await browser.newPage();
      await page.route('**/no-art.webp', (route) => route.fulfill({ status: 404 }));
      await page.goto(floor.url);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('PlayLive');
      await page.waitForFunction(() =>
        Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')),
      );
      // Its hydration is marked as the site's is, so the bench reads a hydration figure for it.
      await page.waitForFunction(() => performance.getEntriesByName('playlive:hydrated', 'mark').length > 0);
      expect(
        await page.evaluate(() => performance.getEntriesByName('playlive:hydrating', 'mark').length),
      ).toBe(1);
    } finally {
      await browser.close();
      await floor.close();
    }
  });
});

describe('the site’s pages as floors', () => {
  const servers: Server[] = [];
  let siteUrl = '';
  beforeAll(async () => {
    const sandbox = await startSandbox();
    servers.push(sandbox);
    const gateway = await startGateway(sandbox.url);
    servers.push(gateway);
    const site = await startSite(gateway.url, sandbox.url);
    servers.push(site);
    siteUrl = site.url;
  });
  afterAll(async () => {
    for (const server of servers.reverse()) await server.stop();
  });

  it('without its code: the site’s own server-rendered home, whole, with no script left to run', async () => {
    const floor = await startSitePageWithoutCode(siteUrl, '/');
    try {
      const html = await (await fetch(floor.url)).text();
      expect(html).toContain('MOST POPULAR');
      expect(html).toContain(`<base href="${siteUrl}/">`);
      // Only data elements (the Relay records) are left: nothing a browser would run.
      expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script type="application/json" id="relay-records">']);
    } finally {
      await floor.close();
    }
  });

  it('hydrated by React alone: React takes every node of each page’s markup over as it is, between the marks', async () => {
    // A floor measures React's own hydration of a page only if it matches: a mismatch would have React render the
    // page afresh (in production silently), and an attribute that differs is reported by the development build
    // only. Each measured page is checked in the development build (its console, nodes and marks), home in the
    // measured build too.
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      for (const [pagePath, development] of [
        ...PAGES.map((path) => [path, true] as const),
        ['/', false] as const,
      ]) {
        const floor = await startPageHydratedByReact(siteUrl, pagePath, { development });
        try {
          const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
          const problems: string[] = [];
          page.on('pageerror', (error) => problems.push(error.message));
          page.on('console', (message) => {
            if (['error', 'warning'].includes(message.type())) problems.push(message.text());
          });
          // The markup's elements as they are when the hydration starts, to compare with those after it.
          await page.addInitScript(() => {
            addEventListener('playlive:hydrating', () => {
              Object.assign(window, { markup: [...document.querySelectorAll('#root *')] });
            });
          });
          await page.goto(floor.url);
          await page.waitForFunction(
            () => performance.getEntriesByName('playlive:hydrated', 'mark').length > 0,
          );
          // A Suspense boundary's content (a deferred part) hydrates in a pass of its own, after the page around it.
          await page.waitForFunction(() =>
            [...document.querySelectorAll('#root *')].every((element) =>
              Object.keys(element).some((key) => key.startsWith('__reactFiber')),
            ),
          );
          const after = await page.evaluate(() => {
            const before = (window as unknown as { markup: Element[] }).markup;
            const now = [...document.querySelectorAll('#root *')];
            return {
              elements: now.length,
              kept: now.length === before.length && now.every((element, i) => element === before[i]),
              hydrated: now.filter((element) =>
                Object.keys(element).some((key) => key.startsWith('__reactFiber')),
              ).length,
              marks: performance.getEntriesByType('mark').map((mark) => mark.name),
            };
          });
          expect(problems, `${pagePath}, ${development ? 'development' : 'production'} build`).toEqual([]);
          // The header, menu, page and footer: hundreds of elements, each the server's own, now React's.
          expect(after.elements).toBeGreaterThan(150);
          expect(after.kept).toBe(true);
          expect(after.hydrated).toBe(after.elements);
          expect(after.marks[0]).toBe('playlive:hydrating');
          expect(after.marks).toContain('playlive:hydrated');
          await page.close();
        } finally {
          await floor.close();
        }
      }
    } finally {
      await browser.close();
    }
  });
});

describe('Lighthouse benchmark', () => {
  it('scores the built site on an emulated phone against every budget and weighs a visit to home', async () => {
    const report = await runLighthouseBench({
      pages: ['/webplay/all'],
      runs: 1,
      warmUp: false,
      floor: false,
      // The slowed comparison's Lighthouse runs (two pages, twice) would double the test's time.
      slowed: false,
      // The low-data visits (two of 15 s each) are measured by the bench itself; tests/e2e/low-data.test.ts covers
      // the mode.
      lowData: false,
    });

    expect(report.pages).toHaveLength(1);
    const [page] = report.pages;
    expect(page!.path).toBe('/webplay/all');
    for (const category of Object.keys(
      LIGHTHOUSE_BUDGETS.scores,
    ) as (keyof typeof LIGHTHOUSE_BUDGETS.scores)[]) {
      expect(Number.isInteger(page!.scores[category])).toBe(true);
      expect(page!.scores[category]).toBeGreaterThan(0);
      expect(page!.scores[category]).toBeLessThanOrEqual(100);
    }
    // The page really rendered its games: a blank or broken page has no largest paint.
    expect(page!.metrics.LCP).toBeGreaterThan(0);
    expect(page!.metrics.FCP).toBeLessThanOrEqual(page!.metrics.LCP);
    expect(page!.metrics.TBT).toBeGreaterThanOrEqual(0);
    expect(page!.metrics.CLS).toBeGreaterThanOrEqual(0);
    // The site's own scripts ran: the app renders its screens in the browser.
    expect(page!.metrics.JS).toBeGreaterThan(0);
    // The page's own blocking time was read from its main thread's trace.
    expect(Number.isFinite(page!.metrics.threadTBT)).toBe(true);
    expect(page!.metrics.threadTBT).toBeGreaterThanOrEqual(0);
    // The app marked its hydration of the server's page, and the work between the marks was read.
    expect(page!.metrics.hydration).toBeGreaterThan(0);
    expect(report.checks.map((c) => c.name)).toEqual([
      '/webplay/all performance',
      '/webplay/all accessibility',
      '/webplay/all best-practices',
      '/webplay/all LCP',
      '/webplay/all FCP',
      '/webplay/all TBT',
      '/webplay/all CLS',
      '/webplay/all hydration at 4x',
      '/ first visit (no art)',
      '/ repeat visit (no art)',
    ]);
    // A first visit brings the HTML, scripts, styles and data; a repeat visit far less (the files are cached).
    const { firstVisit, repeatVisit } = report.bytes;
    expect(firstVisit.siteBytes).toBeGreaterThan(50 * 1024);
    expect(firstVisit.bytes).toBeGreaterThanOrEqual(firstVisit.siteBytes);
    expect(firstVisit.artBytes).toBeGreaterThan(0);
    expect(repeatVisit.bytes).toBeLessThan(firstVisit.bytes / 2);
    expect(report.environment.lighthouse).toMatch(/^12\./);
  }, 240_000); // Lighthouse's load and two visits in Chromium: over two minutes on a busy 2-core machine.
});
