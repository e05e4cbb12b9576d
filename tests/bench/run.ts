/**
 * `npm run bench [-- --subscribers N] [--rounds R] [--json]`: the gateway's subscription fan-out benchmark. Prints
 * a table against the budgets, writes .data/bench/subscriptions.json, and exits 1 when a budget is exceeded
 * (2 on bad options).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot, stopAll } from './processes.js';
import { runSubscriptionBench, type SubscriptionBenchReport } from './subscriptions.js';

const USAGE =
  'Usage: npm run bench [-- --subscribers N (1-5000, default 1000)] [--rounds R (1-1000, default 30)] [--json]';
const REPORT_PATH = path.join(repoRoot, '.data/bench/subscriptions.json');

interface Args {
  subscribers: number;
  rounds: number;
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
      subscribers: { type: 'string' },
      rounds: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return null;
  return {
    subscribers: intFlag('subscribers', values.subscribers, 1000, 1, 5000),
    rounds: intFlag('rounds', values.rounds, 30, 1, 1000),
    json: values.json,
  };
}

const fmt = (value: number | null, unit: string) => (value === null ? 'n/a' : `${value.toFixed(1)} ${unit}`);
const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;

/** The human-readable summary: each budget with PASS/FAIL, then the figures behind them. */
function table(report: SubscriptionBenchReport): string {
  const { environment: env, rounds, memory } = report;
  const lines = [
    '',
    `Subscription fan-out: ${report.subscribers} graphql-ws subscribers on one gateway, ` +
      `${rounds.completed}/${rounds.requested} rounds (Node ${env.node}, ${env.cpus} CPUs)`,
    '',
    `${'check'.padEnd(32)}${'measured'.padStart(12)}${'budget'.padStart(12)}  result`,
  ];
  for (const c of report.checks) {
    const measured = c.unit === 'rounds' ? String(c.value) : fmt(c.value, c.unit);
    const budget = c.unit === 'rounds' ? String(c.budget) : `${c.budget} ${c.unit}`;
    lines.push(`${c.name.padEnd(32)}${measured.padStart(12)}${budget.padStart(12)}  ${c.status}`);
  }
  lines.push('');
  if (report.fanoutMs) {
    const f = report.fanoutMs;
    lines.push(
      `last subscriber:  p50 ${fmt(f.p50, 'ms')}, p99 ${fmt(f.p99, 'ms')} ` +
        `(min ${fmt(f.min, 'ms')}, mean ${fmt(f.mean, 'ms')}, max ${fmt(f.max, 'ms')})`,
    );
  }
  if (report.firstMs) {
    lines.push(
      `first subscriber: p50 ${fmt(report.firstMs.p50, 'ms')}, p99 ${fmt(report.firstMs.p99, 'ms')}`,
    );
  }
  lines.push(
    memory
      ? `gateway RSS after GC: ${mib(memory.baselineRssKiB)} warmed up, ${mib(memory.loadedRssKiB)} with ` +
          `${report.subscribers} subscribers\n` +
          `per subscriber: ${fmt(memory.perSubscriberKiB, 'KiB')} RSS; JS heap ${fmt(memory.heapUsedPerSubscriberKiB, 'KiB')} ` +
          `used, ${fmt(memory.heapTotalPerSubscriberKiB, 'KiB')} committed; external ${fmt(memory.externalPerSubscriberKiB, 'KiB')}`
      : 'gateway RSS: n/a (no /proc on this system)',
    `subscribing took ${(report.setup.subscribeMs / 1000).toFixed(1)} s ` +
      `(${report.setup.warmupPublishes} warm-up publish(es)); unexpected messages: ${report.unexpectedMessages}`,
    `report: ${path.relative(process.cwd(), REPORT_PATH) || REPORT_PATH}`,
    '',
    report.pass ? 'All budgets met.' : 'Budget exceeded.',
  );
  return lines.join('\n');
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
  const report = await runSubscriptionBench({
    subscribers: args.subscribers,
    rounds: args.rounds,
    // Progress goes to stderr, so --json leaves stdout to the report alone.
    log: (line) => console.error(line),
  });
  fs.mkdirSync(path.dirname(REPORT_PATH), { recursive: true });
  fs.writeFileSync(REPORT_PATH, `${JSON.stringify(report, null, 2)}\n`);
  console.log(args.json ? JSON.stringify(report, null, 2) : table(report));
  return report.pass ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
    void stopAll().finally(() => process.exit(1));
  },
);
