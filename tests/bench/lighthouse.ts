import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startGateway, startSandbox, startSite, type Server } from './processes.js';
import { percentile } from './stats.js';
import type { Check } from './subscriptions.js';

/**
 * Lighthouse 12 (the last to run on Node 20) over the production site, as a guest on a phone: its default mobile
 * emulation (a mid-range phone on a slow 4G link, simulated), driving Debian's Chromium. The budgets are the
 * scores (0-100) of the three categories below, on home and a catalogue page.
 */
export const BUDGETS = { performance: 90, accessibility: 95, 'best-practices': 95 } as const;
type Category = keyof typeof BUDGETS;
const CATEGORIES = Object.keys(BUDGETS) as Category[];

/** Home and the largest catalogue page: the two screens most visits start on. */
export const PAGES = ['/', '/webplay/all'] as const;

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
  /** Runs per page; the median score of each category counts (default 3: a single run varies by a few points). */
  runs?: number;
  /**
   * One unmeasured load of home first (default true), so the measured runs meet warm servers. The test of the
   * bench's plumbing leaves it out: a whole Lighthouse run that checks nothing the measured one does not.
   */
  warmUp?: boolean;
  log?: (line: string) => void;
}

export interface PageResult {
  path: string;
  /** Each category's score per run, 0-100. */
  runs: Record<Category, number>[];
  /** The median per category (the value checked against the budget). */
  scores: Record<Category, number>;
  /** The metrics of the run with the median performance score, in ms (CLS unitless), for reading a regression. */
  metrics: Record<string, number>;
  /** Audits of that run that did not pass, by title, so a failing budget says what to fix. */
  failedAudits: string[];
}

export interface LighthouseReport {
  benchmark: 'lighthouse';
  generatedAt: string;
  environment: { node: string; lighthouse: string; chromium: string; cpus: number };
  pages: PageResult[];
  budgets: typeof BUDGETS;
  checks: Check[];
  pass: boolean;
}

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

/** Starts the sandbox, gateway and site as processes, measures each page, and stops them all. */
export async function runLighthouseBench(options: LighthouseOptions = {}): Promise<LighthouseReport> {
  const pages = options.pages ?? PAGES;
  const runs = options.runs ?? 3;
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
    const results: PageResult[] = [];
    for (const pagePath of pages) {
      const measured: Measured[] = [];
      for (let i = 0; i < runs; i++) {
        const m = await measure(site.url + pagePath, chrome.port);
        const figures = Object.entries(m.metrics).map(
          ([name, v]) => `${name} ${name === 'CLS' ? v : Math.round(v)}`,
        );
        log(
          `lighthouse ${pagePath} run ${i + 1}/${runs}: ` +
            `${CATEGORIES.map((c) => `${c} ${m.scores[c]}`).join(', ')} (${figures.join(', ')})`,
        );
        measured.push(m);
      }
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [
          c,
          percentile(
            measured.map((m) => m.scores[c]),
            50,
          ),
        ]),
      ) as Record<Category, number>;
      const median = measured.find((m) => m.scores.performance === scores.performance)!;
      results.push({
        path: pagePath,
        runs: measured.map((m) => m.scores),
        scores,
        metrics: median.metrics,
        failedAudits: median.failedAudits,
      });
    }

    const checks: Check[] = results.flatMap((page) =>
      CATEGORIES.map((c) => ({
        name: `${page.path} ${c}`,
        value: page.scores[c],
        budget: BUDGETS[c],
        unit: 'score',
        status: page.scores[c] >= BUDGETS[c] ? ('PASS' as const) : ('FAIL' as const),
      })),
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
      budgets: BUDGETS,
      checks,
      pass: checks.every((c) => c.status === 'PASS'),
    };
  } finally {
    chrome?.kill();
    for (const server of servers.reverse()) await server.stop();
  }
}

interface Measured {
  scores: Record<Category, number>;
  metrics: Record<string, number>;
  failedAudits: string[];
}

/** One Lighthouse run of one address in the shared Chromium (each run gets a fresh, storage-cleared tab). */
async function measure(url: string, port: number): Promise<Measured> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
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
  );
  const failedAudits = CATEGORIES.flatMap((c) => lhr.categories[c]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => a!.title);
  return { scores, metrics, failedAudits: [...new Set(failedAudits)] };
}
