/**
 * docs/partners.md's recipes, run as a partner would paste them into a shell: the quick start (the demo partner's
 * key, a query with its budgets in the headers, a player of its own, a live subscription and a mutation it
 * announces) against a development gateway, and the production recipe (a key made and operations published with
 * `npm run partner`, one run by its hash alone) against a gateway that runs only persisted operations. Each over a
 * fresh sandbox; the shell blocks are read from the document itself, so the docs cannot drift from what works.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startGateway, startSandbox, type Server } from '../bench/processes.js';

const run = promisify(execFile);
const doc = fs.readFileSync(path.join(repoRoot, 'docs/partners.md'), 'utf8');

/** The sh blocks of the section under `heading` in docs/partners.md (up to the next section). */
function shellBlocks(heading: string): string[] {
  const at = doc.indexOf(`\n${heading}\n`);
  if (at === -1) throw new Error(`docs/partners.md has no heading "${heading}"`);
  const end = doc.indexOf('\n## ', at + heading.length + 2);
  const section = doc.slice(at, end === -1 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** Runs a block with bash in the repository, as a partner would in a shell there: its standard output. */
async function paste(block: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await run('bash', ['-e', '-c', block], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  return stdout;
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-docs-'));
const productionStore = path.join(folder, 'production.json');
let sandbox: Server;
/** A gateway as `npm start` runs it (development, rate limits on), and one as production runs it. */
let development: Server;
let production: Server;

beforeAll(async () => {
  sandbox = await startSandbox();
  // The site's operations are none of the production recipe's business: one stands in for them.
  const site = path.join(folder, 'site-operations.json');
  fs.writeFileSync(site, JSON.stringify({ site: 'query Site { __typename }' }));
  [development, production] = await Promise.all([
    startGateway(sandbox.url, undefined, {
      env: { RATE_LIMITS: '1', PARTNER_STORE: path.join(folder, 'development.json') },
    }),
    startGateway(sandbox.url, site, {
      production: true,
      env: { PERSISTED_OPERATIONS_ONLY: '1', PARTNER_STORE: productionStore },
    }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([development?.stop(), production?.stop()]);
  await sandbox?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('docs/partners.md', () => {
  it('quick start: a query with its budgets, an own player, a live subscription and a mutation', async () => {
    const [recipe] = shellBlocks('## Quick start: a key, a query, a mutation and a live subscription');
    const out = await paste(recipe!, { GW: `${development.url}/graphql` });
    expect(out).toMatch(/^ratelimit-policy: "requests";q=600;w=60, "cost";q=60000;w=60\r?$/m);
    expect(out).toMatch(/^ratelimit: "requests";r=599;t=\d+, "cost";r=59989;t=\d+\r?$/m);
    expect(out).toContain('"games":{"edges":[{"node":{"name":');
    expect(out).toContain('"viewerEvents":{"__typename":"SafeGamblingEvent"');
    expect(out).toContain('"day":{"limit":{"formatted":"R500.00"}}');
  }, 60_000);

  it('in production: a key, its published operations, one run by its hash alone', async () => {
    // The section's second block: the first only shows the command's shape.
    const recipe = shellBlocks('## In production: your published operations')[1]!;
    expect(recipe).toContain('npm run -s partner -- publish');
    const out = await paste(recipe, { GW: `${production.url}/graphql`, PARTNER_STORE: productionStore });
    const result = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(result.errors, out).toBeUndefined();
    expect(result.data.games.edges.length).toBeGreaterThan(0);
    // The key was shown once, and is not in the store.
    expect(/pl_[A-Za-z0-9_-]{20,}/.exec(fs.readFileSync(productionStore, 'utf8'))).toBeNull();
  }, 60_000);
});
