/**
 * `npm test`: every check and every test, as CI runs them.
 *
 * 1. The static checks, lint and typecheck, side by side: each is one single-threaded process, so on two cores the
 *    pair takes as long as the slower one. A failure stops here: tests of code that does not compile say nothing new.
 * 2. What the suites need, once (`npm run test:prepare` of each workspace: generated types, the site's build,
 *    redis-server and Chromium). Before the suites start, because the site's build writes the persisted operations
 *    file that the gateways of the running tests read.
 * 3. The suites in two lanes: the browser suite (tests/) waits on pages and pushes more than it computes (5 of its
 *    7 minutes' CPU on two cores), so the sandbox, gateway and web suites run beside it. Every suite runs even when
 *    one fails, so one run names every failure. Each writes a JSON report to .data/test-times/. A job's output is
 *    printed whole when it ends, so two lanes do not interleave.
 * 4. The ten slowest test files of the run, each suite's time and verdict, and the number of tests passed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSlowestTests } from './slowest-tests.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}.data/test-times`;
/** Each suite's vitest: where it runs and its arguments (its workspace's `test` script, less the preparation). */
const SUITES: Record<string, { cwd: string; args: string[] }> = {
  sandbox: { cwd: 'sandbox', args: [] },
  gateway: { cwd: 'gateway', args: [] },
  web: { cwd: '.', args: ['--config', 'web/vitest.config.ts'] },
  tests: { cwd: 'tests', args: [] },
};
const LANES = [['tests'], ['sandbox', 'gateway', 'web']];

function run(
  command: string,
  args: string[],
  cwd = root,
): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ ok: code === 0, output, seconds: (Date.now() - started) / 1000 }));
  });
}

async function staticChecks(): Promise<boolean> {
  const checks = await Promise.all(
    ['lint', 'typecheck'].map(async (script) => {
      const result = await run('npm', ['run', script]);
      console.log(
        `\n── npm run ${script}: ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s\n`,
      );
      process.stdout.write(result.output);
      return result.ok;
    }),
  );
  return checks.every(Boolean);
}

async function suite(name: string): Promise<string> {
  const { cwd, args } = SUITES[name]!;
  const json = `--outputFile.json=${reports}/${name}.json`;
  const result = await run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', json],
    `${root}${cwd}`,
  );
  console.log(`\n── ${name}: ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s\n`);
  process.stdout.write(result.output);
  return `${name.padEnd(8)} ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s`;
}

async function main() {
  if (!(await staticChecks())) process.exit(1);
  const prepared = await run('npm', ['run', 'test:prepare', '--workspaces', '--if-present']);
  process.stdout.write(prepared.output);
  if (!prepared.ok) process.exit(1);
  fs.rmSync(reports, { recursive: true, force: true });
  fs.mkdirSync(reports, { recursive: true });
  console.log(`\nRunning ${LANES.map((lane) => lane.join(' → ')).join('  beside  ')}...`);
  const verdicts = (
    await Promise.all(
      LANES.map(async (lane) => {
        const done: string[] = [];
        for (const name of lane) done.push(await suite(name));
        return done;
      }),
    )
  ).flat();
  printSlowestTests(reports);
  console.log(`\n${verdicts.join('\n')}`);
  process.exit(verdicts.some((v) => v.includes('FAILED')) ? 1 : 0);
}

void main();
