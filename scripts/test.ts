/**
 * `npm test`: every check and every test, as CI runs them.
 *
 * 1. The static checks, lint and typecheck, side by side: each is one single-threaded process, so on two cores the
 *    pair takes as long as the slower one. Their output is printed whole when each ends, so it does not interleave.
 *    A failure stops here: tests of code that does not compile say nothing new.
 * 2. The workspaces' suites one after another (each already spreads its files over the cores), all of them even
 *    when one fails, so one run names every failure. Each writes a JSON report to .data/test-times/.
 * 3. The ten slowest test files of the run and each suite's time and verdict.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSlowestTests } from './slowest-tests.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}.data/test-times`;
const SUITES = ['sandbox', 'gateway', 'web', 'tests'];

function run(args: string[], buffered: boolean): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ ok: code === 0, output, seconds: (Date.now() - started) / 1000 }));
  });
}

async function staticChecks(): Promise<boolean> {
  const checks = await Promise.all(
    ['lint', 'typecheck'].map(async (script) => {
      const result = await run(['run', script], true);
      console.log(
        `\n── npm run ${script}: ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s\n`,
      );
      process.stdout.write(result.output);
      return result.ok;
    }),
  );
  return checks.every(Boolean);
}

async function main() {
  if (!(await staticChecks())) process.exit(1);
  fs.rmSync(reports, { recursive: true, force: true });
  fs.mkdirSync(reports, { recursive: true });
  const verdicts: string[] = [];
  let failed = false;
  for (const suite of SUITES) {
    console.log(`\n── ${suite}: npm run test --workspace ${suite}\n`);
    const json = `--outputFile.json=${reports}/${suite}.json`;
    const result = await run(
      ['run', 'test', '--workspace', suite, '--', '--reporter=default', '--reporter=json', json],
      false,
    );
    failed ||= !result.ok;
    verdicts.push(`${suite.padEnd(8)} ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s`);
  }
  printSlowestTests(reports);
  console.log(`\n${verdicts.join('\n')}`);
  process.exit(failed ? 1 : 0);
}

void main();
