/**
 * `npm run bench [-- --only gateway|subscriptions|lighthouse|rolling|scaling] [--samples N] [--load-seconds S] [--cpu-requests N] [--watchers N]
 * [--viewers N] [--rounds R] [--viewer-rounds R] [--runs N] [--json]`: the benchmarks, each printing a table against
 * its budgets and writing .data/bench/<name>.json, and all of this run's reports together in
 * .data/bench/results.json: the gateway beside the REST API (latency, bytes, throughput, memory), the gateway's
 * subscriptions (10,000 watchers of one tournament and 1,000 players' own events), and Lighthouse's scores for the
 * site on a phone, and a rolling update of three gateway replicas under load (the p99 during the roll against the
 * steady p99). Exits 1 when a budget is exceeded (2 on bad options). `--only scaling` (never part of the default
 * run) measures what one gateway replica carries on one core and works out 100,000 players (docs/operations.md#scaling).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { siteBuildIsCurrent, siteSources } from '../../scripts/site-build.js';
import { runGatewayBench, type GatewayBenchReport } from './gateway.js';
import { runLighthouseBench, type LighthouseReport } from './lighthouse.js';
import { repoRoot, stopAll } from './processes.js';
import { rollingUpdateSummary, runRollingUpdate, type RollingUpdateReport } from './rolling-update.js';
import { runScalingBench, scalingTable, type ScalingReport } from './scaling.js';
import { runSubscriptionBench, type Check, type SubscriptionBenchReport } from './subscriptions.js';

const BENCHES = ['gateway', 'subscriptions', 'lighthouse', 'rolling', 'scaling'] as const;
type Bench = (typeof BENCHES)[number];

const USAGE =
  'Usage: npm run bench [-- --only gateway|subscriptions|lighthouse|rolling|scaling] [--samples N (timed calls per side of ' +
  'each latency comparison at 1 client, alternating call by call; 3N per side at 10 clients, in blocks; 1-5000, ' +
  'default 1000)] [--load-seconds S (per throughput run, 1-120, default 5)] ' +
  '[--cpu-requests N (persisted wallet queries per side of the CPU comparison, 100-100000, default 4000)] ' +
  '[--watchers N (guests watching one tournament, 0-20000, default 18000)] ' +
  '[--viewers N (players following their own viewerEvents, 0-2000, default 1000)] ' +
  '[--rounds R (tournament publishes, 1-1000, default 100)] ' +
  '[--viewer-rounds R (rounds of one event per player, 1-100, default 10)] ' +
  '[--runs N (Lighthouse runs per page, 1-9, default 5)] [--json]; scaling (only with --only scaling, about 3 ' +
  'minutes) takes --load-seconds (per round, default 5), --watchers (default 5000) and --viewers (default 200)';
const reportPath = (bench: Bench | 'results') => path.join(repoRoot, `.data/bench/${bench}.json`);

interface Args {
  only: Bench | null;
  samples: number;
  loadSeconds: number;
  cpuRequests: number;
  watchers: number;
  viewers: number;
  /** The scaling bench's own defaults for the same flags: smaller, so its whole run stays near 3 minutes. */
  scaling: { watchers: number; viewers: number };
  rounds: number;
  viewerRounds: number;
  runs: number;
  json: boolean;
}

/** A whole number within [min, max] from a flag's text, or an error message naming the flag. */
function intFlag(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return n;
}

/** The options, or null after printing the usage for --help; throws with a message on bad ones. */
function parse(argv: string[]): Args | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      samples: { type: 'string' },
      'load-seconds': { type: 'string' },
      'cpu-requests': { type: 'string' },
      watchers: { type: 'string' },
      viewers: { type: 'string' },
      rounds: { type: 'string' },
      'viewer-rounds': { type: 'string' },
      runs: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return null;
  if (values.only !== undefined && !(BENCHES as readonly string[]).includes(values.only)) {
    throw new Error(`--only must be one of ${BENCHES.join(', ')}, got "${values.only}"`);
  }
  return {
    only: (values.only as Bench | undefined) ?? null,
    samples: intFlag('samples', values.samples, 1000, 1, 5000),
    loadSeconds: intFlag('load-seconds', values['load-seconds'], 5, 1, 120),
    cpuRequests: intFlag('cpu-requests', values['cpu-requests'], 4000, 100, 100_000),
    watchers: intFlag('watchers', values.watchers, 18_000, 0, 20_000),
    viewers: intFlag('viewers', values.viewers, 1_000, 0, 2_000),
    scaling: {
      watchers: intFlag('watchers', values.watchers, 5_000, 0, 20_000),
      viewers: intFlag('viewers', values.viewers, 200, 0, 2_000),
    },
    rounds: intFlag('rounds', values.rounds, 100, 1, 1000),
    viewerRounds: intFlag('viewer-rounds', values['viewer-rounds'], 10, 1, 100),
    runs: intFlag('runs', values.runs, 5, 1, 9),
    json: values.json,
  };
}

const fmt = (value: number | null, unit: string) => (value === null ? 'n/a' : `${value.toFixed(1)} ${unit}`);
const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;

/** The checks as rows: name, measured value, budget, PASS/FAIL. */
function checkRows(checks: Check[]): string[] {
  const rows = [`${'check'.padEnd(36)}${'measured'.padStart(12)}${'budget'.padStart(12)}  result`];
  for (const c of checks) {
    const plain = c.unit === 'rounds' || c.unit === 'score' || c.unit === 'files';
    const ratio = c.unit === '×';
    // Layout shift is unitless and small: 0.001 is a shift, shown as such.
    const shift = c.unit === 'CLS';
    const measured = plain
      ? String(c.value ?? 'n/a')
      : shift
        ? (c.value?.toFixed(3) ?? 'n/a')
        : ratio
          ? c.value === null
            ? 'n/a'
            : `${c.value.toFixed(2)}×`
          : fmt(c.value, c.unit);
    const budget =
      c.unit === 'rounds'
        ? String(c.budget)
        : shift
          ? `<= ${c.budget}`
          : c.unit === 'score'
            ? `>= ${c.budget}`
            : ratio
              ? `${c.name.includes('rps') ? '>=' : '<='} ${c.budget}×`
              : `${c.budget} ${c.unit}`;
    rows.push(`${c.name.padEnd(36)}${measured.padStart(12)}${budget.padStart(12)}  ${c.status}`);
  }
  return rows;
}

const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(1)} ms`);

/** The gateway beside REST: each budget with PASS/FAIL, then the figures behind them. */
function gatewayTable(report: GatewayBenchReport): string {
  const { environment: env, options: o } = report;
  const lines = [
    '',
    `Gateway beside REST on one sandbox, every REST call ${o.delayMs} ms away for latency, none for throughput ` +
      `(Node ${env.node}, ${env.cpus} CPUs)`,
    '',
    ...checkRows(report.checks),
    '',
  ];
  for (const c of [...report.latency, report.home]) {
    lines.push(
      `${`${c.name} at ${c.clients} client(s):`.padEnd(36)}gateway mean ${ms(c.gatewayMs?.mean)}, ` +
        `p99 ${ms(c.gatewayMs?.p99)}; REST mean ${ms(c.restMs?.mean)}, p99 ${ms(c.restMs?.p99)}` +
        (c.errors.gateway + c.errors.rest > 0 ? `; errors ${c.errors.gateway} / ${c.errors.rest}` : ''),
    );
  }
  for (const o of report.overRawProxy) {
    const over = o.overMs === null ? 'n/a' : `${o.overMs >= 0 ? '+' : ''}${o.overMs.toFixed(2)} ms`;
    lines.push(
      `${`wallet over raw proxy, ${o.clients} client(s):`.padEnd(36)}mean ${ms(o.gatewayMs?.mean)} vs ` +
        `${ms(o.rawProxyMs?.mean)} (${over}), p99 ${ms(o.gatewayMs?.p99)} vs ${ms(o.rawProxyMs?.p99)}`,
    );
  }
  const { cpu } = report;
  const perRequest = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(3)} ms`);
  const roundRatios = cpu.rounds.filter((r) => r.bareYogaMs > 0).map((r) => r.gatewayMs / r.bareYogaMs);
  lines.push(
    `${'CPU per persisted wallet query:'.padEnd(36)}gateway ${perRequest(cpu.gatewayMs)}, bare Yoga ` +
      `${perRequest(cpu.bareYogaMs)} (${cpu.ratio === null ? 'n/a' : `${cpu.ratio.toFixed(2)}×`}), ` +
      `${cpu.requests} requests a side at ${cpu.clients} clients` +
      (roundRatios.length > 0
        ? `; rounds ${Math.min(...roundRatios).toFixed(2)}-${Math.max(...roundRatios).toFixed(2)}×`
        : ''),
  );
  const floorLabels: Record<string, [string, string]> = {
    'bare Yoga wallet': ['bare Yoga', 'the floor of any Yoga server making that call'],
    'raw proxy wallet': ['raw proxy', 'the least any extra hop adds'],
  };
  for (const f of report.floor) {
    const [server, meaning] = floorLabels[f.name] ?? [f.name, ''];
    lines.push(
      `${`${server}, same call, ${f.clients} client(s):`.padEnd(36)}mean ${ms(f.gatewayMs?.mean)} ` +
        `(${f.meanRatio?.toFixed(2)}× REST), p99 ${ms(f.gatewayMs?.p99)} (${f.p99Ratio?.toFixed(2)}× REST): ` +
        meaning +
        (f.errors.gateway + f.errors.rest > 0 ? `; errors ${f.errors.gateway} / ${f.errors.rest}` : ''),
    );
  }
  const { bytes: b, throughput: t, memory: m } = report;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  lines.push(
    `home REST calls (${report.home.browserConnections} at a time): ${report.home.restCalls.join(', ')}`,
    `first catalogue page: ${kb(b.gateway)} (${kb(b.gatewayGzip)} gzipped) vs GET /api/allgames ${kb(b.rest)} ` +
      `(${kb(b.restGzip)} gzipped)`,
    `throughput at ${o.loadClients} clients: cached guest catalogue page ${t.catalogue.perSecond.toFixed(0)}/s, ` +
      `bare Yoga { hello } ${t.hello.perSecond.toFixed(0)}/s` +
      (t.catalogue.errors + t.hello.errors > 0 ? ` (errors ${t.catalogue.errors} / ${t.hello.errors})` : ''),
    m.idleRssKiB === null || m.afterRssKiB === null
      ? 'gateway RSS: n/a (no /proc on this system)'
      : `gateway RSS: ${mib(m.idleRssKiB)} idle, ${mib(m.afterRssKiB)} after the run`,
    `report: ${path.relative(repoRoot, reportPath('gateway'))}`,
  );
  return lines.join('\n');
}

/** The fan-out summary: each budget with PASS/FAIL, then the figures behind them. */
function subscriptionsTable(report: SubscriptionBenchReport): string {
  const { environment: env, tournament, viewer, memory } = report;
  const lines = [
    '',
    `Subscriptions on one gateway: ${report.watchers} guests watching one tournament ` +
      `(${tournament.rounds.completed}/${tournament.rounds.requested} rounds) and ${report.viewers} players' own ` +
      `viewerEvents (${viewer.rounds.completed}/${viewer.rounds.requested} rounds), one graphql-ws socket each, ` +
      `from ${report.clientProcesses} client process(es) ` +
      `(Node ${env.node}, ${env.cpus} CPUs, open files ${env.openFiles})`,
    '',
    ...checkRows(report.checks),
    '',
  ];
  const summary = (s: NonNullable<SubscriptionBenchReport['tournament']['lastMs']>) =>
    `p50 ${fmt(s.p50, 'ms')}, p99 ${fmt(s.p99, 'ms')} (min ${fmt(s.min, 'ms')}, mean ${fmt(s.mean, 'ms')}, ` +
    `max ${fmt(s.max, 'ms')})`;
  if (tournament.lastMs) lines.push(`publish → last watcher:   ${summary(tournament.lastMs)}`);
  if (tournament.firstMs) lines.push(`publish → first watcher:  ${summary(tournament.firstMs)}`);
  if (viewer.eventMs) lines.push(`player's event → player:  ${summary(viewer.eventMs)}`);
  if (viewer.roundMs) {
    lines.push(
      `players' round (first publish → last delivery, one publish request each): ${summary(viewer.roundMs)}`,
    );
  }
  lines.push(
    memory
      ? `gateway RSS after GC: ${mib(memory.baselineRssKiB)} warmed up, ${mib(memory.watchersRssKiB)} with the ` +
          `watchers, ${mib(memory.loadedRssKiB)} with the players too\n` +
          `per subscriber: ${fmt(memory.perSubscriberKiB, 'KiB')} heap + external; JS heap ${fmt(memory.heapUsedPerSubscriberKiB, 'KiB')} ` +
          `used (watcher ${fmt(memory.heapPerWatcherKiB, 'KiB')}, player ${fmt(memory.heapPerViewerKiB, 'KiB')}), ` +
          `${fmt(memory.heapTotalPerSubscriberKiB, 'KiB')} committed; external ${fmt(memory.externalPerSubscriberKiB, 'KiB')}; ` +
          `RSS ${fmt(memory.rssPerSubscriberKiB, 'KiB')}\n` +
          `after every subscriber left: ${mib(memory.leftRssKiB)} RSS, ${fmt(memory.leftBehindPerSubscriberKiB, 'KiB')} ` +
          `heap + external per subscriber over the baseline` +
          (report.openFiles
            ? `; open files ${report.openFiles.baseline} warmed up, ${report.openFiles.loaded} loaded, ` +
              `${report.openFiles.afterLeave} after`
            : '')
      : 'gateway RSS: n/a (no /proc on this system)',
    `setup: watchers subscribed in ${(report.setup.watchersMs / 1000).toFixed(1)} s ` +
      `(${report.setup.warmupPublishes} warm-up publish(es)), players registered in ` +
      `${(report.setup.registerMs / 1000).toFixed(1)} s and live in ${(report.setup.viewersMs / 1000).toFixed(1)} s; ` +
      `unexpected messages: ${report.unexpectedMessages}`,
    `report: ${path.relative(repoRoot, reportPath('subscriptions'))}`,
  );
  return lines.join('\n');
}

/** Lighthouse's scores and metrics per page against the budgets, the bytes of a visit to home, and what failed. */
function lighthouseTable(report: LighthouseReport): string {
  const { environment: env, bytes } = report;
  const runs = report.pages[0]?.runs.length ?? 0;
  const lines = [
    '',
    `Lighthouse ${env.lighthouse}, phone emulation (slow 4G, 4x CPU), guest, median of ${runs} run(s) per page ` +
      `(${env.chromium}, ${env.cpus} CPUs)`,
    '',
    ...checkRows(report.checks),
    '',
  ];
  for (const page of [...report.pages, ...report.floors]) {
    const m = page.metrics;
    lines.push(
      `${page.path}: FCP ${Math.round(m.FCP)} ms, LCP ${Math.round(m.LCP)} ms, TBT ${Math.round(m.TBT)} ms, ` +
        `CLS ${m.CLS}, Speed Index ${Math.round(m.SI)} ms, site JS ${Math.round(m.JS)} ms at 4x, ` +
        `TBT from the page's thread time ${Math.round(m.threadTBT)} ms` +
        (Number.isNaN(m.hydration) ? '' : `, hydration ${Math.round(m.hydration)} ms at 4x`) +
        '; ' +
        `performance per run ${page.runs.map((r) => r.performance).join('/')}` +
        (report.floors.includes(page) ? ' (a floor: not budgeted, measured beside the pages)' : ''),
    );
    if (report.checks.some((c) => c.status === 'FAIL' && c.name.startsWith(`${page.path} `))) {
      lines.push(`  audits to look at: ${page.failedAudits.join('; ')}`);
    }
  }
  for (const page of report.hydrationFloors) {
    lines.push(
      `${page.path} hydration at 4x: ${Math.round(page.appMedian)} ms (runs ${page.app.join('/')}) beside React ` +
        `alone on its markup ${Math.round(page.floorMedian)} ms (runs ${page.floor.join('/')}): ` +
        `${page.over >= 0 ? '+' : ''}${Math.round(page.over)} ms the app's own (budget ` +
        `+${report.budgets.hydrationOverFloor})`,
    );
  }
  for (const slowed of report.slowed) {
    const { unslowed, slowed: held, part } = slowed;
    lines.push(
      `${slowed.path} with ${slowed.call} slowed ${slowed.delayMs} ms: FCP ${Math.round(held.metrics.FCP)} ms ` +
        `against ${Math.round(unslowed.metrics.FCP)} unslowed (×${slowed.ratios.FCP}), LCP ` +
        `${Math.round(held.metrics.LCP)} against ${Math.round(unslowed.metrics.LCP)} (×${slowed.ratios.LCP}); ` +
        (part.appeared
          ? `the part on screen ${part.appearedAfterAnswerMs} ms after its call answered`
          : 'the part never on screen') +
        (part.shellBeforeAnswer ? ', the shell before' : ', no shell before the call answered'),
    );
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  lines.push(
    `home's bytes over the network, art left out: first visit ${kb(bytes.firstVisit.bytes)} ` +
      `(site ${kb(bytes.firstVisit.siteBytes)}; art ${kb(bytes.firstVisit.artBytes)} more), ` +
      `repeat visit ${kb(bytes.repeatVisit.bytes)} (art ${kb(bytes.repeatVisit.artBytes)} more)`,
    ...(bytes.lowData
      ? [
          `home's first visit at 390 px, everything for 15 s after the load: ` +
            `${kb(bytes.lowData.saveData.bytes)} with Save-Data (art ${kb(bytes.lowData.saveData.artBytes)}, ` +
            `code ${kb(bytes.lowData.saveData.codeBytes)}), ${kb(bytes.lowData.standard.bytes)} without ` +
            `(art ${kb(bytes.lowData.standard.artBytes)}, code ${kb(bytes.lowData.standard.codeBytes)}, ` +
            `service worker ${kb(bytes.lowData.standard.workerBytes)})`,
        ]
      : []),
    `report: ${path.relative(repoRoot, reportPath('lighthouse'))}`,
  );
  return lines.join('\n');
}

/** The site as built from the current sources: Lighthouse measures web/dist, so a stale one is rebuilt first. */
function ensureSiteBuilt(log: (line: string) => void): void {
  if (process.env.WEB_DIST_DIR) return;
  if (siteBuildIsCurrent(path.join(repoRoot, 'web/dist'), siteSources(repoRoot))) return;
  log('Building the site (npm run build -w web)…');
  const npm = process.env.npm_execpath;
  const result = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build', '-w', 'web'], {
        cwd: repoRoot,
        stdio: ['ignore', 2, 2],
      })
    : spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error('the site did not build (npm run build -w web)');
}

function save(bench: Bench | 'results', report: unknown): void {
  fs.mkdirSync(path.dirname(reportPath(bench)), { recursive: true });
  fs.writeFileSync(reportPath(bench), `${JSON.stringify(report, null, 2)}\n`);
}

async function main(): Promise<number> {
  let args: Args | null;
  try {
    args = parse(process.argv.slice(2));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!args) {
    console.log(USAGE);
    return 0;
  }
  // Ctrl-C stops the servers before leaving (the 'exit' hook in processes.ts is the last resort). The handlers stay
  // installed: with Ctrl-C a second SIGINT follows at once (tsx relays the terminal's to us), and with none left
  // Node would die on it without stopping anything.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${signal}: stopping the servers...`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  // Progress goes to stderr, so --json leaves stdout to the reports alone.
  const log = (line: string) => console.error(line);
  const reports: Record<
    string,
    GatewayBenchReport | SubscriptionBenchReport | LighthouseReport | RollingUpdateReport | ScalingReport
  > = {};
  let pass = true;
  // Scaling runs only when asked for: it measures capacity, it has no budget to pass.
  const runs = (bench: Bench) => args.only === bench || (args.only === null && bench !== 'scaling');
  if (runs('gateway')) {
    const report = await runGatewayBench({
      samples: args.samples,
      loadMs: args.loadSeconds * 1000,
      cpuRequests: args.cpuRequests,
      log,
    });
    save('gateway', report);
    reports.gateway = report;
    pass &&= report.pass;
    if (!args.json) console.log(gatewayTable(report));
  }
  if (runs('subscriptions')) {
    const report = await runSubscriptionBench({
      watchers: args.watchers,
      viewers: args.viewers,
      rounds: args.rounds,
      viewerRounds: args.viewerRounds,
      log,
    });
    save('subscriptions', report);
    reports.subscriptions = report;
    pass &&= report.pass;
    if (!args.json) console.log(subscriptionsTable(report));
  }
  if (runs('lighthouse')) {
    ensureSiteBuilt(log);
    const report = await runLighthouseBench({ runs: args.runs, log });
    save('lighthouse', report);
    reports.lighthouse = report;
    pass &&= report.pass;
    if (!args.json) console.log(lighthouseTable(report));
  }
  if (runs('rolling')) {
    const report = await runRollingUpdate();
    save('rolling', report);
    reports.rolling = report;
    pass &&= report.checks.every((c) => c.status !== 'FAIL');
    if (!args.json)
      console.log(`\n${rollingUpdateSummary(report)}\n\n${checkRows(report.checks).join('\n')}`);
  }
  if (runs('scaling')) {
    ensureSiteBuilt(log);
    const report = await runScalingBench({
      seconds: args.loadSeconds,
      watchers: args.scaling.watchers,
      viewers: args.scaling.viewers,
      log,
    });
    save('scaling', report);
    reports.scaling = report;
    if (!args.json) console.log(scalingTable(report, path.relative(repoRoot, reportPath('scaling'))));
  }
  save('results', { generatedAt: new Date().toISOString(), pass, reports });
  if (!args.json) console.log(`\nall reports: ${path.relative(repoRoot, reportPath('results'))}`);
  console.log(
    args.json ? JSON.stringify(reports, null, 2) : `\n${pass ? 'All budgets met.' : 'Budget exceeded.'}`,
  );
  return pass ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
    void stopAll().finally(() => process.exit(1));
  },
);
