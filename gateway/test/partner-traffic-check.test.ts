/**
 * The whole path from a partner's real traffic to a failing schema check: a partner's key runs its operation on a
 * gateway, `npm run usage -- export` writes what the gateway recorded, and `npm run schema:check -- --usage` of a
 * schema change that would break that operation fails naming the partner and the operation (by name and hash),
 * while a change nobody used passes. The check runs against a throwaway repository holding the real schema.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PARTNER_KEY, DEMO_PARTNER_NAME } from '../src/partners/demo.js';
import { schemaPath } from '../src/schema.js';
import { usageCommand } from '../src/usage/usage-cli.js';
import { startStack } from './harness.js';
import { commitAll, schemaCheck } from './schema-check-run.js';

const OPERATION = 'query PartnerBoard { tournaments(first: 3) { edges { node { name usersCount } } } }';
const HASH = createHash('sha256').update(OPERATION).digest('hex');
const SCHEMA = fs.readFileSync(schemaPath, 'utf8');

const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-traffic-check-'));
const usageStore = path.join(repo, 'usage-store.json');
const exportFile = path.join(repo, 'usage.json');
let base: string;

beforeAll(async () => {
  // The partner's traffic, recorded by a development gateway (which knows the demo partner's key).
  const stack = await startStack({ gateway: { usageStore } });
  try {
    const res = await stack.gql(OPERATION, {}, { headers: { 'x-api-key': DEMO_PARTNER_KEY } });
    expect(res.errors).toBeUndefined();
  } finally {
    // The gateway writes its usage when it stops.
    await stack.close();
  }
  const exported = await usageCommand(
    ['export', '--out', exportFile],
    () => {},
    (e) => {
      throw e;
    },
    { USAGE_STORE: usageStore },
  );
  expect(exported).toBe(0);

  fs.writeFileSync(path.join(repo, 'schema.graphql'), SCHEMA);
  base = commitAll(repo, 'schema');
}, 60_000);

afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

/** schema:check --usage of the real schema changed by `change`: its exit code and what it printed. */
async function check(change: (sdl: string) => string) {
  const changed = change(SCHEMA);
  expect(changed).not.toBe(SCHEMA);
  fs.writeFileSync(path.join(repo, 'schema.graphql'), changed);
  return schemaCheck('--base', base, '--schema', path.join(repo, 'schema.graphql'), '--usage', exportFile);
}

describe("a partner's real traffic in the schema check", () => {
  it('fails a change that would break what the partner sent, naming the partner and the operation', async () => {
    // Tournament.usersCount: Int! becomes a String!, which the partner's operation reads.
    const { code, out } = await check((sdl) =>
      sdl.replace(/(type Tournament [^]*?\n {2}usersCount: )Int!/, '$1String!'),
    );
    expect(out).toMatch(/BREAKING\s+Tournament\.usersCount/);
    expect(out).toContain(`used by ${DEMO_PARTNER_NAME}: PartnerBoard [${HASH}]`);
    expect(code).toBe(1);
  });

  it('passes a breaking change the partner did not use, reporting it as unused', async () => {
    // A required argument added to a field nobody in the export asked for.
    const { code, out } = await check((sdl) =>
      sdl.replace(/\n {2}gameProviders(: )/, '\n  gameProviders(x: Int!)$1'),
    );
    expect(out).toContain('unused by every client in the usage file');
    expect(code).toBe(0);
  });
});
