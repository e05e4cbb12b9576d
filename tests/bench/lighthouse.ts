import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startFloorPage, startSitePageWithoutCode } from './floor-page.js';
import { startPageHydratedByReact } from './markup-floor/page.js';
import { startReactFloorPage } from './stack-floor/page.js';
import { startGateway, startSandbox, startSite, type Server } from './processes.js';
import {
  clearFaults,
  partArrival,
  SLOW_MS,
  SLOWED_PAGES,
  SLOWED_RATIO_BUDGET,
  slowCall,
  type PartArrival,
  type SlowedPage,
} from './slowed-part.js';
import { measureVisitBytes, type VisitBytes } from './visit-bytes.js';
import { percentile } from './stats.js';
import { hydrationWork, threadBlockingTime } from './thread-blocking.js';
import type { Check } from './subscriptions.js';

/**
 * Lighthouse 12 (the last to run on Node 20) over the production site, as a guest on a phone: its default mobile
 * emulation (a mid-range phone on a slow 4G link and a 4× slower CPU, simulated), driving Debian's Chromium, the site
 * configured as `npm start` configures it. Budgets (issue 27, docs/benchmarks.md#lighthouse): the scores (0-100) of
 * the three categories, the paint and blocking metrics (each the median of the runs), and the bytes of a first and a
 * repeat visit to home.
 */
export const BUDGETS = {
  scores: { performance: 98, accessibility: 95, 'best-practices': 100 },
  /** In ms, CLS unitless; each at most. */
  metrics: { LCP: 1800, FCP: 1200, TBT: 100, CLS: 0 },
  /** kB (1,024 bytes) over the network, game art left out; each at most. */
  bytes: { firstVisit: 300, repeatVisit: 30, lowDataFirstVisit: 150 },
  /** The work of hydrating a server-rendered page at 4× CPU, in ms: at most. */
  hydration: 100,
  /**
   * The same work over React's own for that page's markup (./markup-floor/page.ts, measured run for run beside it),
   * in ms at 4×: at most (issue 43).
   */
  hydrationOverFloor: 30,
} as const;
/**
 * Once its call answers, how soon a deferred part is on screen, in ms: at most (the server renders it and React puts
 * it in place, within 300 ms of the last part it showed).
 */
const SLOWED_PART_MS = 1000;
type Category = keyof typeof BUDGETS.scores;
const CATEGORIES = Object.keys(BUDGETS.scores) as Category[];
type BudgetedMetric = keyof typeof BUDGETS.metrics;

/**
 * Home, the largest catalogue page, a game's page (a game of the sandbox's seed) and the promotions: the screens
 * most visits start on.
 */
export const PAGES = ['/', '/webplay/all', '/game/pragmatic-lucky-cleopatra', '/promotions'] as const;

const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface LighthouseOptions {
  /** Paths measured (default PAGES). */
  pages?: readonly string[];
  /** Runs per page; the median of each score and metric counts (default 5: one run varies by a few points). */
  runs?: number;
  /** Measure the floor pages beside the site's (default true; the plumbing test leaves them out). */
  floor?: boolean;
  /**
   * One unmeasured load of home first (default true), so the measured runs meet warm servers. The test of the
   * bench's plumbing leaves it out: a whole Lighthouse run that checks nothing the measured one does not.
   */
  warmUp?: boolean;
  /**
   * The pages measured with the call behind a deferred part slowed, beside the same pages unslowed (default
   * SLOWED_PAGES, ./slowed-part.ts); false leaves the comparison out (the plumbing test).
   */
  slowed?: readonly SlowedPage[] | false;
  /**
   * A first visit to home at 390 px with Save-Data and without, everything counted for 15 s after the load (issue 43:
   * the first at most BUDGETS.bytes.lowDataFirstVisit; default true; the plumbing test leaves them out).
   */
  lowData?: boolean;
  log?: (line: string) => void;
}

/**
 * A page measured with its deferred part's call slowed by SLOW_MS and without, run for run in turn on the same
 * servers (a gateway without its public cache, so every load asks the casino), and what a browser showed of the part.
 */
export interface SlowedPartResult {
  path: string;
  call: string;
  delayMs: number;
  unslowed: PageResult;
  slowed: PageResult;
  /** Slowed / unslowed, of the medians. */
  ratios: { FCP: number; LCP: number };
  part: PartArrival;
}

/** The metrics read from each run: ms, CLS unitless. */
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;
type Metric = (typeof METRICS)[keyof typeof METRICS] | 'JS' | 'threadTBT' | 'hydration';

export interface PageResult {
  path: string;
  /** Each category's score per run, 0-100. */
  runs: Record<Category, number>[];
  /** The median per category (the value checked against the budget). */
  scores: Record<Category, number>;
  /**
   * The median of each metric over the runs, in ms (CLS unitless). JS is the main-thread time of the site's own
   * scripts (evaluation, parse and compile) at the 4× CPU slowdown: Lighthouse's "JavaScript execution time" for the
   * site's origin, the start-up and hydration work of the first screen. threadTBT is the blocking time the page's
   * own main-thread work makes, read from thread time (./thread-blocking.ts), printed beside Lighthouse's TBT.
   * hydration is the work of hydrating the server's page at 4× (./thread-blocking.ts, issue 27: at most 100 ms);
   * NaN for a page with no hydration (the floor without JavaScript, home without its code).
   */
  metrics: Record<Metric, number>;
  /** Audits that did not pass in the run with the median performance score, by title, to say what to fix. */
  failedAudits: string[];
}

/** A page's hydration at 4× beside React's own on the same markup, in ms, from runs that alternated. */
export interface HydrationAgainstFloor {
  path: string;
  /** The page's hydration per run, and the median. */
  app: number[];
  appMedian: number;
  /** React alone hydrating the page's server-rendered markup, per run, and the median. */
  floor: number[];
  floorMedian: number;
  /** appMedian − floorMedian: the app's own work (budget BUDGETS.hydrationOverFloor). */
  over: number;
}

export interface LighthouseReport {
  benchmark: 'lighthouse';
  generatedAt: string;
  environment: { node: string; lighthouse: string; chromium: string; cpus: number };
  pages: PageResult[];
  /**
   * The floors, measured in the same run and printed beside the pages, not budgeted: the floor page
   * (./floor-page.ts: no JavaScript, one image), what this machine and Lighthouse's simulation allow any page; and
   * the React floor (./stack-floor/page.ts: the same page rendered by React on the server and hydrated), what any
   * React site pays here before its own code; home without its code (startSitePageWithoutCode), what home's own
   * markup, styles and pictures cost here before any JavaScript; and each page's markup hydrated by React alone
   * (./markup-floor/page.ts), what React itself costs to hydrate that page's DOM, the floor of its hydration figure
   * (measured run for run beside the page, see hydrationFloors). The React floors mark their hydration as the site
   * does, so their hydration figure is read too. None when the plumbing test leaves them out.
   */
  floors: PageResult[];
  /** Each page's hydration beside React's alone on its markup, from the same alternated runs (issue 43). */
  hydrationFloors: HydrationAgainstFloor[];
  /** A first and a repeat visit to home, measured in the same Chromium after the Lighthouse runs. */
  bytes: VisitBytes;
  /** Pages with the call behind a deferred part slowed, beside the same pages unslowed (issue 43). */
  slowed: SlowedPartResult[];
  budgets: typeof BUDGETS;
  checks: Check[];
  pass: boolean;
}

/** Starts the sandbox, gateway and site as processes, measures each page, and stops them all. */
export async function runLighthouseBench(options: LighthouseOptions = {}): Promise<LighthouseReport> {
  const pages = options.pages ?? PAGES;
  const runs = options.runs ?? 5;
  const log = options.log ?? (() => {});
  const servers: Server[] = [];
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    const sandbox = await startSandbox();
    servers.push(sandbox);
    const gateway = await startGateway(sandbox.url);
    servers.push(gateway);
    const site = await startSite(gateway.url, sandbox.url);
    servers.push(site);
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: CHROME_FLAGS,
      logLevel: 'error',
    });
    const versions = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
      Browser: string;
    };

    // One unmeasured load first: the gateway's public cache and the site's files are then warm, as for any
    // player after the first.
    if (options.warmUp ?? true) await measure(`${site.url}/`, chrome.port);
    const measureRun = async (
      label: string,
      url: string,
      run: number,
      observed = false,
    ): Promise<Measured> => {
      const m = await measure(url, chrome!.port, observed);
      const figures = Object.entries(m.metrics).map(
        ([name, v]) => `${name} ${name === 'CLS' ? v : Math.round(v)}`,
      );
      log(
        `lighthouse ${label} run ${run + 1}/${runs}: ` +
          `${CATEGORIES.map((c) => `${c} ${m.scores[c]}`).join(', ')} (${figures.join(', ')})`,
      );
      return m;
    };
    const measurePage = async (label: string, url: string): Promise<PageResult> => {
      const measured: Measured[] = [];
      for (let i = 0; i < runs; i++) measured.push(await measureRun(label, url, i));
      return summary(label, measured);
    };
    const results: PageResult[] = [];
    const floors: PageResult[] = [];
    const hydrationFloors: HydrationAgainstFloor[] = [];
    for (const pagePath of pages) {
      if (!(options.floor ?? true)) {
        results.push(await measurePage(pagePath, site.url + pagePath));
        continue;
      }
      // The page and React alone on its markup, run for run in turn: the machine's drift falls on both alike.
      const floorLabel = `${pagePath} markup hydrated by React alone`;
      const floorPage = await startPageHydratedByReact(site.url, pagePath);
      const app: Measured[] = [];
      const floor: Measured[] = [];
      try {
        for (let i = 0; i < runs; i++) {
          app.push(await measureRun(pagePath, site.url + pagePath, i));
          floor.push(await measureRun(floorLabel, floorPage.url, i));
        }
      } finally {
        await floorPage.close();
      }
      const [appResult, floorResult] = [summary(pagePath, app), summary(floorLabel, floor)];
      results.push(appResult);
      floors.push(floorResult);
      hydrationFloors.push({
        path: pagePath,
        app: app.map((m) => m.metrics.hydration),
        appMedian: appResult.metrics.hydration,
        floor: floor.map((m) => m.metrics.hydration),
        floorMedian: floorResult.metrics.hydration,
        over: appResult.metrics.hydration - floorResult.metrics.hydration,
      });
    }
    if (options.floor ?? true) {
      const art = `${sandbox.url}/images/games/pragmatic-lucky-cleopatra.webp`;
      for (const [label, start] of [
        ['floor (no JavaScript, one image)', () => startFloorPage(art)],
        ['React floor (the same page, hydrated by React)', () => startReactFloorPage(art)],
        [
          'home without its code (the site’s page, scripts taken out)',
          () => startSitePageWithoutCode(site.url, '/'),
        ],
      ] as const) {
        const floorPage = await start();
        try {
          floors.push(await measurePage(label, floorPage.url));
        } finally {
          await floorPage.close();
        }
      }
    }

    // The slowed comparison: a gateway without its public cache (each load asks the casino, so the fault slows each
    // one; with the cache, a stale entry would be served while the slow call ran behind it) and a site over it.
    const slowed: SlowedPartResult[] = [];
    const slowedPages = options.slowed === false ? [] : (options.slowed ?? SLOWED_PAGES);
    if (slowedPages.length > 0) {
      const uncached = await startGateway(sandbox.url, undefined, { env: { PUBLIC_CACHE_TTL_MS: '0' } });
      servers.push(uncached);
      const uncachedSite = await startSite(uncached.url, sandbox.url);
      servers.push(uncachedSite);
      await measure(`${uncachedSite.url}/`, chrome.port);
      for (const page of slowedPages) {
        const url = uncachedSite.url + page.path;
        // Run for run in turn, so the machine's load drifts over both alike.
        const unslowedLabel = `${page.path} (gateway without its cache)`;
        const slowedLabel = `${page.path} (${page.call} slowed ${SLOW_MS} ms)`;
        const plain: Measured[] = [];
        const held: Measured[] = [];
        for (let i = 0; i < runs; i++) {
          plain.push(await measureRun(unslowedLabel, url, i, true));
          await slowCall(sandbox.url, page.call, SLOW_MS);
          held.push(await measureRun(slowedLabel, url, i, true).finally(() => clearFaults(sandbox.url)));
        }
        const unslowed = summary(unslowedLabel, plain);
        const slowedRun = summary(slowedLabel, held);
        const part = await partArrival(chrome.port, sandbox.url, url, page);
        const result: SlowedPartResult = {
          path: page.path,
          call: page.call,
          delayMs: SLOW_MS,
          unslowed,
          slowed: slowedRun,
          ratios: {
            FCP: round2(slowedRun.metrics.FCP / unslowed.metrics.FCP),
            LCP: round2(slowedRun.metrics.LCP / unslowed.metrics.LCP),
          },
          part,
        };
        log(
          `slowed ${page.path} (${page.call} +${SLOW_MS} ms): FCP ×${result.ratios.FCP}, LCP ×${result.ratios.LCP}; ` +
            `part ${part.appeared ? `on screen ${part.appearedAfterAnswerMs} ms after the call answered` : 'never on screen'}` +
            (part.shellBeforeAnswer ? ', the shell before it' : ', no shell before the call answered'),
        );
        slowed.push(result);
      }
    }

    const bytes = await measureVisitBytes({
      chromePort: chrome.port,
      siteUrl: site.url,
      artOrigin: sandbox.url,
      lowData: options.lowData ?? true,
    });
    log(
      `bytes: first visit to / ${kB(bytes.firstVisit.bytes)} kB (art left out: ${kB(bytes.firstVisit.artBytes)} kB), ` +
        `repeat visit ${kB(bytes.repeatVisit.bytes)} kB` +
        (bytes.lowData
          ? `; at 390 px, all in: ${kB(bytes.lowData.saveData.bytes)} kB with Save-Data, ` +
            `${kB(bytes.lowData.standard.bytes)} kB without`
          : ''),
    );

    const checks: Check[] = results.flatMap((page) => [
      ...CATEGORIES.map((c) => atLeast(`${page.path} ${c}`, page.scores[c], BUDGETS.scores[c], 'score')),
      ...(Object.keys(BUDGETS.metrics) as BudgetedMetric[]).map((name) =>
        atMost(
          `${page.path} ${name}`,
          page.metrics[name],
          BUDGETS.metrics[name],
          name === 'CLS' ? 'CLS' : 'ms',
        ),
      ),
      atMost(`${page.path} hydration at 4x`, page.metrics.hydration, BUDGETS.hydration, 'ms'),
    ]);
    for (const page of hydrationFloors) {
      checks.push(
        atMost(
          `${page.path} hydration over React alone on its markup`,
          page.over,
          BUDGETS.hydrationOverFloor,
          'ms',
        ),
      );
    }
    checks.push(
      atMost('/ first visit (no art)', kB(bytes.firstVisit.bytes), BUDGETS.bytes.firstVisit, 'kB'),
      atMost('/ repeat visit (no art)', kB(bytes.repeatVisit.bytes), BUDGETS.bytes.repeatVisit, 'kB'),
    );
    if (bytes.lowData) {
      checks.push(
        atMost(
          '/ first visit at 390 px with Save-Data (all in)',
          kB(bytes.lowData.saveData.bytes),
          BUDGETS.bytes.lowDataFirstVisit,
          'kB',
        ),
      );
    }
    for (const page of slowed) {
      checks.push(
        atMost(`${page.path} FCP slowed/unslowed`, page.ratios.FCP, SLOWED_RATIO_BUDGET, '×'),
        atMost(`${page.path} LCP slowed/unslowed`, page.ratios.LCP, SLOWED_RATIO_BUDGET, '×'),
        // The part on screen soon after its call answered, and not before: the shell was there while it was held.
        {
          ...atMost(
            `${page.path} slow part after its call`,
            page.part.appearedAfterAnswerMs ?? Number.POSITIVE_INFINITY,
            SLOWED_PART_MS,
            'ms',
          ),
          ...(page.part.shellBeforeAnswer && page.part.appeared
            ? {}
            : { value: null, status: 'FAIL' as const }),
        },
      );
    }
    return {
      benchmark: 'lighthouse',
      generatedAt: new Date().toISOString(),
      environment: {
        node: process.version,
        lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version,
        chromium: versions.Browser,
        cpus: os.cpus().length,
      },
      pages: results,
      floors,
      hydrationFloors,
      bytes,
      slowed,
      budgets: BUDGETS,
      checks,
      pass: checks.every((c) => c.status === 'PASS'),
    };
  } finally {
    chrome?.kill();
    for (const server of servers.reverse()) await server.stop();
  }
}

/** A page's figures: the median of each score and metric over its runs. */
function summary(label: string, measured: Measured[]): PageResult {
  const median = (values: number[]) => percentile(values, 50);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, median(measured.map((m) => m.scores[c]))]),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(
    (Object.keys(measured[0]!.metrics) as Metric[]).map((name) => [
      name,
      median(measured.map((m) => m.metrics[name])),
    ]),
  ) as Record<Metric, number>;
  const medianRun = measured.find((m) => m.scores.performance === scores.performance)!;
  return {
    path: label,
    runs: measured.map((m) => m.scores),
    scores,
    metrics,
    failedAudits: medianRun.failedAudits,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

const kB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function atLeast(name: string, value: number, budget: number, unit: string): Check {
  return { name, value, budget, unit, status: value >= budget ? 'PASS' : 'FAIL' };
}

function atMost(name: string, value: number, budget: number, unit: string): Check {
  return { name, value, budget, unit, status: value <= budget ? 'PASS' : 'FAIL' };
}

interface Measured {
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  failedAudits: string[];
}

/**
 * One Lighthouse run of one address in the shared Chromium (each run gets a fresh, storage-cleared tab). `observed`:
 * the phone's slow link and CPU applied for real (DevTools throttling) and the paints read as they happened, the
 * performance category alone. Lighthouse's default simulation estimates a page's server time from all of its
 * origin's responses, so a document held back 3 s among dozens of quick files barely moves its simulated paints:
 * the slowed comparison (./slowed-part.ts) would pass with or without streaming.
 */
async function measure(url: string, port: number, observed = false): Promise<Measured> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: observed ? ['performance'] : [...CATEGORIES],
    ...(observed ? { throttlingMethod: 'devtools' as const } : {}),
    // The screenshot of the whole page feeds only the element thumbnails of Lighthouse's HTML report, which the bench
    // never writes; taken after everything measured (the page resized to its full height and painted again), it cost
    // about 3.5 s a run on the 2-core machine.
    disableFullPageScreenshot: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([id, name]) => [
      name,
      Math.round((lhr.audits[id]?.numericValue ?? NaN) * 1000) / 1000,
    ]),
  ) as Record<Metric, number>;
  metrics.JS = Math.round(siteScriptTime(lhr.audits['bootup-time']?.details, new URL(url).origin));
  const trace = result.artifacts.Trace as Parameters<typeof threadBlockingTime>[0];
  metrics.threadTBT = threadBlockingTime(trace);
  metrics.hydration = hydrationWork(trace);
  const failedAudits = CATEGORIES.flatMap((c) => lhr.categories[c]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => a!.title);
  return { scores, metrics, failedAudits: [...new Set(failedAudits)] };
}

/**
 * The main-thread time of the site's own scripts in Lighthouse's bootup-time table (evaluation plus parse and
 * compile, already multiplied by the simulated 4× CPU slowdown; scripts under its 50 ms threshold are not listed).
 */
function siteScriptTime(details: unknown, origin: string): number {
  const items = (details as { items?: unknown[] } | undefined)?.items ?? [];
  let total = 0;
  for (const item of items) {
    const { url, scripting, scriptParseCompile } = item as {
      url?: unknown;
      scripting?: unknown;
      scriptParseCompile?: unknown;
    };
    if (typeof url !== 'string' || !url.startsWith(`${origin}/`)) continue;
    total +=
      (typeof scripting === 'number' ? scripting : 0) +
      (typeof scriptParseCompile === 'number' ? scriptParseCompile : 0);
  }
  return total;
}
