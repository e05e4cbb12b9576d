/**
 * `npm test`: every check and every test, as CI runs them.
 *
 * 1. The static checks of `npm run lint` and `npm run typecheck`, split into their single-threaded parts (tsc over
 *    everything on Node, tsc over the site and its server, eslint, prettier, knip) and run two at a time, longest
 *    first, those that read the generated files once they are made (prettier starts beside the making): on two cores
 *    this takes about half as long as lint beside the whole typecheck (84 s on a loaded run).
 *    Each part's output is printed whole when it ends, so nothing interleaves. A failure stops here: tests of code
 *    that does not compile say nothing new.
 * 2. The workspaces' suites, all of them even when one fails, so one run names every failure. Each writes a JSON
 *    report to .data/test-times/. The gateway's suite keeps about 1.1 of 2 cores busy for a minute and a half (its
 *    files wait on timers, sockets and the processes they start), so the others run beside it, one at a time (two
 *    suites at once, never three: the gateway's timing-sensitive tests meet no more than one other): the sandbox's,
 *    the web's component tests, then the site's build for the browser journeys. The cross-system suite (tests) runs
 *    last, alone: it keeps both cores busy in Chromium, and it is told the build is current (WEB_BUILD_CURRENT)
 *    rather than building again. A suite's output is printed whole when it ends, so nothing interleaves, but for
 *    the last one's, live.
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
/**
 * The suites, each a workspace's `npm test`; the side by side ones before the last (see above), in the order their
 * verdicts are printed.
 */
const SUITES = ['sandbox', 'web', 'gateway', 'tests'] as const;
type Suite = (typeof SUITES)[number];
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

/**
 * The parts of `npm run lint` and `npm run typecheck` (package.json), slowest first (seconds on a quiet run).
 * `generated`: the part reads the generated files (staticChecks); prettier and eslint leave every `__generated__`
 * folder out (.prettierignore, eslint.config.mjs), so they need not wait for them.
 */
const STATIC_CHECKS: { name: string; command: string; args: string[]; generated: boolean }[] = [
  { name: 'tsc node', command: bin('tsc'), args: ['-p', 'tsconfig.node.json'], generated: true }, // 20
  // Prettier reads TypeScript with Babel's parser (.prettierrc.json's override, JSON, so the why is here): every file
  // of the repository formats byte for byte as with the typescript parser, at three quarters of the CPU (40 → 31 s
  // on a loaded run); a file Babel cannot parse fails the check, never passes it.
  {
    name: 'prettier',
    command: bin('prettier'),
    args: ['--check', '.', '--log-level', 'warn'],
    generated: false,
  }, // 14
  { name: 'eslint', command: bin('eslint'), args: ['.'], generated: false }, // 13
  { name: 'tsc web', command: bin('tsc'), args: ['-p', 'web'], generated: true }, // 9
  { name: 'tsc web/server', command: bin('tsc'), args: ['-p', 'web/server'], generated: true }, // 5
  { name: 'knip', command: bin('knip'), args: [], generated: true }, // 4
];

async function staticChecks(): Promise<boolean> {
  // The generated files the type checks and knip read: the gateway's resolver types, the site's Relay artifacts.
  // One lane makes them (one core, about 6 s) while the other starts prettier.
  const generating = (async () => {
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
    return true;
  })();
  const queue = [...STATIC_CHECKS];
  let ok = true;
  /** The longest check left that this lane may run now (one reading the generated files once they are made). */
  const take = (generated: boolean) => {
    const i = queue.findIndex((check) => generated || !check.generated);
    return i === -1 ? undefined : queue.splice(i, 1)[0];
  };
  const lane = async (generated: boolean) => {
    for (;;) {
      let check = take(generated);
      if (!check && queue.length > 0) {
        generated = await generating;
        // Without the generated files their checks would only fail again: the failure is printed above.
        if (!generated) return;
        check = take(generated);
      }
      if (!check) return;
      const result = await run(check.command, check.args, true);
      ok &&= result.ok;
      console.log(`\n── ${check.name}: ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s`);
      if (!result.ok || result.output.trim()) process.stdout.write(result.output);
    }
  };
  const makerLane = async () => lane(await generating);
  await Promise.all([makerLane(), lane(false)]);
  return ok && (await generating);
}

async function main() {
  if (!(await staticChecks())) process.exit(1);
  // The servers the suites start, bundled once: every suite's spawned sandbox, gateway and site server start from
  // these (scripts/prebuilt-servers.ts).
  await buildServers();
  process.env.PLAYLIVE_PREBUILT = '1';
  fs.rmSync(reports, { recursive: true, force: true });
  fs.mkdirSync(reports, { recursive: true });
  const results = new Map<Suite, { ok: boolean; seconds: number }>();
  /** A suite's `npm test`, its output printed whole when it ends unless `live`. */
  const suite = async (name: Suite, { live = false, env = process.env } = {}) => {
    if (live) console.log(`\n── ${name}: npm run test --workspace ${name}\n`);
    const json = `--outputFile.json=${reports}/${name}.json`;
    const result = await run(
      'npm',
      ['run', 'test', '--workspace', name, '--', '--reporter=default', '--reporter=json', json],
      !live,
      RELAY_CURRENT_IN.has(name) ? { ...env, RELAY_ARTIFACTS_CURRENT: '1' } : env,
    );
    if (!live) process.stdout.write(`\n── ${name}: npm run test --workspace ${name}\n\n${result.output}`);
    results.set(name, result);
  };
  let siteBuilt = false;
  await Promise.all([
    suite('gateway'),
    (async () => {
      await suite('sandbox');
      await suite('web');
      const build = await run('npm', ['run', 'build', '--workspace', 'web'], true, {
        ...process.env,
        RELAY_ARTIFACTS_CURRENT: '1',
      });
      siteBuilt = build.ok;
      console.log(
        `\n── the site's build for the browser journeys: ${build.ok ? 'done' : 'FAILED'} in ${build.seconds.toFixed(0)} s`,
      );
      // A failed build is shown here, and the tests suite builds again (and fails the same way, by its test script).
      if (!build.ok) process.stdout.write(build.output);
    })(),
  ]);
  await suite('tests', {
    live: true,
    env: siteBuilt ? { ...process.env, WEB_BUILD_CURRENT: '1' } : process.env,
  });
  printSlowestTests(reports);
  const verdicts = SUITES.map((name) => {
    const result = results.get(name)!;
    return `${name.padEnd(8)} ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s`;
  });
  console.log(`\n${verdicts.join('\n')}`);
  process.exit(SUITES.every((name) => results.get(name)!.ok) ? 0 : 1);
}

void main();
