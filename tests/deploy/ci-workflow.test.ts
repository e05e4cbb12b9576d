/**
 * The CI workflow (.github/workflows/ci.yml) runs what the README tells a contributor to run, on every push to main and
 * every pull request (once each), the Kubernetes manifests' check beside it, and on pull requests the schema check
 * against the branch the request targets.
 * GitHub Actions does not run here, so the file is read: a workflow that drifted from the README's command fails here,
 * and its concurrency expressions are evaluated for the events GitHub would send.
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
  on: Record<string, { branches?: string[] } | null>;
  concurrency: { group: string; 'cancel-in-progress': string | boolean };
  jobs: Record<string, Job>;
};

/**
 * The value of a workflow string with `${{ }}` expressions, for the few forms this workflow uses: `github.` paths,
 * `a || b` and `a == 'literal'` (GitHub's own semantics: `||` gives the first truthy operand).
 */
function evaluate(text: string | boolean, github: Record<string, unknown>): string | boolean {
  if (typeof text === 'boolean') return text;
  const value = (expression: string): unknown => {
    const or = expression.split('||').map((part) => part.trim());
    if (or.length > 1) return or.map(value).find(Boolean) ?? '';
    const equals = /^(.+?)\s*==\s*'([^']*)'$/.exec(expression);
    if (equals) return value(equals[1]!) === equals[2];
    if (!expression.startsWith('github.')) throw new Error(`not evaluated here: ${expression}`);
    return expression
      .slice('github.'.length)
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], github);
  };
  const whole = /^\$\{\{(.+)\}\}$/.exec(text.trim());
  if (whole) return value(whole[1]!.trim()) as string | boolean;
  return text.replace(/\$\{\{(.+?)\}\}/g, (_m, expression: string) => String(value(expression.trim())));
}
const runs = (job: Job) => job.steps.flatMap((s) => (s.run ? [s.run.trim()] : []));
const setupNode = (job: Job) => job.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));

describe('.github/workflows/ci.yml', () => {
  const commands = readmeCommands();
  const testCommand = commands.find((c) => /\bnpm test\b/.test(c));

  it("reads the README's two commands", () => {
    expect(commands).toEqual(['npm ci && npm start', 'npm ci && npm test']);
  });

  it("runs the README's test command on pushes to main and pull requests, as .ci/run does", () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push', 'workflow_dispatch']);
    // A branch's pushes run as its pull request: pushes start runs on main alone, so nothing runs twice.
    expect(workflow.on.push?.branches).toEqual(['main']);
    const job = workflow.jobs.test!;
    expect(job.if).toBeUndefined();
    expect(runs(job)).toContain(testCommand);
    expect(read('.ci/run').trim().split('\n').at(-1)).toBe(testCommand);
  });

  it("cancels a pull request's superseded run, never a run on main", () => {
    const run = (github: Record<string, unknown>) => ({
      group: evaluate(workflow.concurrency.group, github),
      cancels: evaluate(workflow.concurrency['cancel-in-progress'], github) === true,
    });
    const main1 = run({ event_name: 'push', sha: 'a1', ref: 'refs/heads/main', event: {} });
    const main2 = run({ event_name: 'push', sha: 'b2', ref: 'refs/heads/main', event: {} });
    // Two commits on main: two groups, and neither cancels: both are tested.
    expect(main1.group).not.toBe(main2.group);
    expect(main1.cancels || main2.cancels).toBe(false);
    const pr = (sha: string) =>
      run({
        event_name: 'pull_request',
        sha,
        ref: 'refs/pull/7/merge',
        event: { pull_request: { number: 7 } },
      });
    // Two pushes to one pull request: one group, and the newer cancels the older.
    expect(pr('c3').group).toBe(pr('d4').group);
    expect(pr('d4').cancels).toBe(true);
    expect(pr('c3').group).not.toBe(main1.group);
    expect(
      run({ event_name: 'pull_request', sha: 'e5', event: { pull_request: { number: 8 } } }).group,
    ).not.toBe(pr('c3').group);
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

  it('renders and validates the Kubernetes manifests on every run, after installing the tests workspace', () => {
    const job = workflow.jobs.kubernetes!;
    expect(job.if).toBeUndefined();
    expect(job['runs-on']).toMatch(/^ubuntu-/);
    expect(setupNode(job)?.with).toMatchObject({ 'node-version': 20, cache: 'npm' });
    const check = runs(job).findIndex((r) => /\bvitest run deploy\/kubernetes\.test\.ts\b/.test(r));
    expect(check).toBeGreaterThan(runs(job).indexOf('npm ci'));
    // The test renders each overlay with kubectl, which GitHub's Ubuntu runners carry, and it is a test that exists.
    expect(runs(job)[check]).toMatch(/^kubectl version --client && cd tests && /);
    expect(fs.existsSync(path.join(repoRoot, 'tests/deploy/kubernetes.test.ts'))).toBe(true);
  });
});
