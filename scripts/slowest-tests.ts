/**
 * The end of `npm test` (scripts/test.ts): the 10 slowest test files of the run, across the workspaces, so the next
 * person to make CI faster starts where the time goes. Each workspace's vitest writes its JSON report to `dir`; a
 * workspace that did not run this time has no report and is left out. A file's time is its tests' and hooks'.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SHOWN = 10;

interface Report {
  numTotalTests: number;
  numPassedTests: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
}

export function printSlowestTests(dir: string) {
  const files: { name: string; seconds: number; tests: number }[] = [];
  let wall = 0;
  let total = 0;
  let passed = 0;
  for (const report of fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
    const workspace = path.basename(report, '.json');
    const { testResults, numTotalTests, numPassedTests } = JSON.parse(
      fs.readFileSync(path.join(dir, report), 'utf8'),
    ) as Report;
    total += numTotalTests;
    passed += numPassedTests;
    for (const file of testResults) {
      const seconds = (file.endTime - file.startTime) / 1000;
      files.push({
        name: `${workspace}/${path.relative(path.join(root, workspace), file.name)}`,
        seconds,
        tests: file.assertionResults.length,
      });
      wall += seconds;
    }
  }
  files.sort((a, b) => b.seconds - a.seconds);
  if (files.length > 0) {
    console.log(`\nSlowest ${Math.min(SHOWN, files.length)} of ${files.length} test files (seconds, tests):`);
    for (const f of files.slice(0, SHOWN))
      console.log(`${f.seconds.toFixed(1).padStart(7)}  ${String(f.tests).padStart(3)}  ${f.name}`);
    console.log(
      `(${wall.toFixed(0)} s in test files altogether; files of a workspace run side by side where it allows.)\n` +
        `${passed} of ${total} tests passed, in ${files.length} files.`,
    );
  }
}
