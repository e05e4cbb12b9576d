/**
 * `npm test`: every check and every test, as CI runs them.
 *
 * 1. The static checks of `npm run lint` and `npm run typecheck`, split into their single-threaded parts (tsc over
 *    everything on Node, tsc over the site and its server, eslint, prettier, knip) and run two at a time, longest first, after the generated files they
 *    read: on two cores this takes about half as long as lint beside the whole typecheck (84 s on a loaded run).
 *    Each part's output is printed whole when it ends, so nothing interleaves. A failure stops here: tests of code
 *    that does not compile say nothing new.
 * 2. The workspaces' suites one after another (each already spreads its files over the cores), all of them even
 *    when one fails, so one run names every failure. The web's component tests run beside the sandbox's: alone they
 *    keep 1.2 of 2 cores busy (20 s), so the pair takes about the sandbox's time. Each writes a JSON report to
 *    .data/test-times/.
 *    The Relay artifacts are compiled once, before the static checks; the suites that would compile them again are
 *    told they are current (RELAY_ARTIFACTS_CURRENT).
 * 3. The ten slowest test files of the run and each suite's time and verdict.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildServers } from './prebuilt-servers.js';
import { printSlowestTests } from './slowest-tests.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}.data/test-times`;
/** The suites in order; the suites of one step run side by side, the first one's output live, the others' after. */
const SUITES = [['sandbox', 'web'], ['gateway'], ['tests']];
/**
 * The suites whose test script compiles the Relay artifacts again (web's test, and the site's build before the
 * browser journeys): the static checks compiled them from the same sources a moment ago, so these are told so (web's
 * `relay` script then skips: 0.4 s against 1.5 to 3 s of compiling). Not the gateway's: its schema check builds the
 * site's operations at another git ref, in a copy of that tree, where they must be compiled.
 */
const RELAY_CURRENT_IN = new Set(['web', 'tests']);

function run(
  command: string,
  args: string[],
  buffered: boolean,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ ok: code === 0, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const bin = (name: string) => `${root}node_modules/.bin/${name}`;

/** The parts of `npm run lint` and `npm run typecheck` (package.json), slowest first (seconds on a quiet run). */
const STATIC_CHECKS: { name: string; command: string; args: string[] }[] = [
  { name: 'tsc node', command: bin('tsc'), args: ['-p', 'tsconfig.node.json'] }, // 20
  // Prettier reads TypeScript with Babel's parser (.prettierrc.json's override, JSON, so the why is here): every file
  // of the repository formats byte for byte as with the typescript parser, at three quarters of the CPU (40 → 31 s
  // on a loaded run); a file Babel cannot parse fails the check, never passes it.
  { name: 'prettier', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] }, // 14
  { name: 'eslint', command: bin('eslint'), args: ['.'] }, // 13
  { name: 'tsc web', command: bin('tsc'), args: ['-p', 'web'] }, // 9
  { name: 'tsc web/server', command: bin('tsc'), args: ['-p', 'web/server'] }, // 5
  { name: 'knip', command: bin('knip'), args: [] }, // 4
];

async function staticChecks(): Promise<boolean> {
  // The generated files the type checks and knip read: the gateway's resolver types, the site's Relay artifacts.
  for (const workspace of [
    ['run', 'codegen', '--workspace', 'gateway'],
    ['run', 'relay', '--workspace', 'web'],
  ]) {
    const result = await run('npm', workspace, true);
    if (!result.ok) {
      process.stdout.write(result.output);
      return false;
    }
  }
  const queue = [...STATIC_CHECKS];
  let ok = true;
  const lane = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const result = await run(check.command, check.args, true);
      ok &&= result.ok;
      console.log(`\n── ${check.name}: ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s`);
      if (!result.ok || result.output.trim()) process.stdout.write(result.output);
    }
  };
  await Promise.all([lane(), lane()]);
  return ok;
}

async function main() {
  if (!(await staticChecks())) process.exit(1);
  // The servers the suites start, bundled once: every suite's spawned sandbox, gateway and site server start from
  // these (scripts/prebuilt-servers.ts).
  await buildServers();
  process.env.PLAYLIVE_PREBUILT = '1';
  fs.rmSync(reports, { recursive: true, force: true });
  fs.mkdirSync(reports, { recursive: true });
  const verdicts: string[] = [];
  let failed = false;
  for (const step of SUITES) {
    const results = await Promise.all(
      step.map((suite, i) => {
        if (i === 0) console.log(`\n── ${suite}: npm run test --workspace ${suite}\n`);
        const json = `--outputFile.json=${reports}/${suite}.json`;
        return run(
          'npm',
          ['run', 'test', '--workspace', suite, '--', '--reporter=default', '--reporter=json', json],
          i > 0,
          RELAY_CURRENT_IN.has(suite) ? { ...process.env, RELAY_ARTIFACTS_CURRENT: '1' } : process.env,
        );
      }),
    );
    step.forEach((suite, i) => {
      const result = results[i]!;
      if (i > 0) process.stdout.write(`\n── ${suite}: npm run test --workspace ${suite}\n\n${result.output}`);
      failed ||= !result.ok;
      verdicts.push(
        `${suite.padEnd(8)} ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s`,
      );
    });
  }
  printSlowestTests(reports);
  console.log(`\n${verdicts.join('\n')}`);
  process.exit(failed ? 1 : 0);
}

void main();
