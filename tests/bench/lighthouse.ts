import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startFloorPage, startSitePageWithoutCode } from './floor-page.js';
import { startHomeHydratedByReact } from './home-floor/page.js';
import { startReactFloorPage } from './stack-floor/page.js';
import { startGateway, startSandbox, startSite, type Server } from './processes.js';
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
  bytes: { firstVisit: 300, repeatVisit: 30 },
  /** The work of hydrating a server-rendered page at 4× CPU, in ms: at most. */
  hydration: 100,
} as const;
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
  log?: (line: string) => void;
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
   * markup, styles and pictures cost here before any JavaScript; and home's markup hydrated by React alone
   * (./home-floor/page.ts), what React itself costs to hydrate home's DOM, the floor of home's hydration figure. The
   * two React floors mark their hydration as the site does, so their hydration figure is read too. None when the
   * plumbing test leaves them out.
   */
  floors: PageResult[];
  /** A first and a repeat visit to home, measured in the same Chromium after the Lighthouse runs. */
  bytes: VisitBytes;
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
    const measurePage = async (label: string, url: string): Promise<PageResult> => {
      const measured: Measured[] = [];
      for (let i = 0; i < runs; i++) {
        const m = await measure(url, chrome!.port);
        const figures = Object.entries(m.metrics).map(
          ([name, v]) => `${name} ${name === 'CLS' ? v : Math.round(v)}`,
        );
        log(
          `lighthouse ${label} run ${i + 1}/${runs}: ` +
            `${CATEGORIES.map((c) => `${c} ${m.scores[c]}`).join(', ')} (${figures.join(', ')})`,
        );
        measured.push(m);
      }
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
    };
    const results: PageResult[] = [];
    for (const pagePath of pages) results.push(await measurePage(pagePath, site.url + pagePath));
    const floors: PageResult[] = [];
    if (options.floor ?? true) {
      const art = `${sandbox.url}/images/games/pragmatic-lucky-cleopatra.webp`;
      for (const [label, start] of [
        ['floor (no JavaScript, one image)', () => startFloorPage(art)],
        ['React floor (the same page, hydrated by React)', () => startReactFloorPage(art)],
        [
          'home without its code (the site’s page, scripts taken out)',
          () => startSitePageWithoutCode(site.url, '/'),
        ],
        ['home’s markup hydrated by React alone', () => startHomeHydratedByReact(site.url)],
      ] as const) {
        const floorPage = await start();
        try {
          floors.push(await measurePage(label, floorPage.url));
        } finally {
          await floorPage.close();
        }
      }
    }

    const bytes = await measureVisitBytes({
      chromePort: chrome.port,
      siteUrl: site.url,
      artOrigin: sandbox.url,
    });
    log(
      `bytes: first visit to / ${kB(bytes.firstVisit.bytes)} kB (art left out: ${kB(bytes.firstVisit.artBytes)} kB), ` +
        `repeat visit ${kB(bytes.repeatVisit.bytes)} kB`,
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
    checks.push(
      atMost('/ first visit (no art)', kB(bytes.firstVisit.bytes), BUDGETS.bytes.firstVisit, 'kB'),
      atMost('/ repeat visit (no art)', kB(bytes.repeatVisit.bytes), BUDGETS.bytes.repeatVisit, 'kB'),
    );
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
      bytes,
      budgets: BUDGETS,
      checks,
      pass: checks.every((c) => c.status === 'PASS'),
    };
  } finally {
    chrome?.kill();
    for (const server of servers.reverse()) await server.stop();
  }
}

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

/** One Lighthouse run of one address in the shared Chromium (each run gets a fresh, storage-cleared tab). */
async function measure(url: string, port: number): Promise<Measured> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
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
