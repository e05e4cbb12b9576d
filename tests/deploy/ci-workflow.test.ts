/**
 * The CI workflow (.github/workflows/ci.yml) runs what the README tells a contributor to run, on every push and pull
 * request, and on pull requests the schema check against the branch the request targets. GitHub Actions does not
 * run here, so the file is read: a workflow that drifted from the README's command fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../bench/processes.js';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** The README's commands: the lines of its shell code blocks that start with `npm ci`. */
function readmeCommands(): string[] {
  const blocks = [...read('README.md').matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
  return blocks.flatMap((b) => b.split('\n').map((l) => l.trim())).filter((l) => /^npm ci\b/.test(l));
}

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  'runs-on': string;
  env?: Record<string, string>;
  steps: Step[];
}

const workflow = parse(read('.github/workflows/ci.yml')) as {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
};
const runs = (job: Job) => job.steps.flatMap((s) => (s.run ? [s.run.trim()] : []));
const setupNode = (job: Job) => job.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));

describe('.github/workflows/ci.yml', () => {
  const commands = readmeCommands();
  const testCommand = commands.find((c) => /\bnpm test\b/.test(c));

  it("reads the README's two commands", () => {
    expect(commands).toEqual(['npm ci && npm start', 'npm ci && npm test']);
  });

  it("runs the README's test command on every push and pull request, as .ci/run does", () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    const job = workflow.jobs.test!;
    expect(job.if).toBeUndefined();
    expect(runs(job)).toContain(testCommand);
    expect(read('.ci/run').trim().split('\n').at(-1)).toBe(testCommand);
  });

  it('runs on Ubuntu with Node 20 and npm caching, with the Chromium and redis-server the tests need', () => {
    const job = workflow.jobs.test!;
    expect(job['runs-on']).toMatch(/^ubuntu-/);
    expect(setupNode(job)?.with).toMatchObject({ 'node-version': 20, cache: 'npm' });
    expect(read('package.json')).toContain('"node": ">=20');
    // The runner is not root: scripts/ensure-*.sh would refuse to apt-get, so the workflow provides both itself.
    const commandsBeforeTest = runs(job).slice(0, runs(job).indexOf(testCommand!));
    expect(commandsBeforeTest.some((r) => /sudo apt-get install .*redis-server/.test(r))).toBe(true);
    expect(job.env?.CHROMIUM_PATH).toBe('/usr/bin/google-chrome');
  });

  it('checks the schema against the target branch on pull requests, with the history to find it', () => {
    const job = workflow.jobs.schema!;
    expect(job.if).toBe("github.event_name == 'pull_request'");
    expect(runs(job)).toContain('npm run schema:check -- --base origin/${{ github.base_ref }}');
    const checkout = job.steps.find((s) => s.uses?.startsWith('actions/checkout@'));
    expect(checkout?.with?.['fetch-depth']).toBe(0);
    expect(setupNode(job)?.with).toMatchObject({ 'node-version': 20, cache: 'npm' });
    expect(runs(job).indexOf('npm ci')).toBeLessThan(runs(job).findIndex((r) => r.includes('schema:check')));
  });
});
