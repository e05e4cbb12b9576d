/**
 * `npm ci` installs without a warning: no package whose engines leave out our Node line (root package.json's
 * `overrides` hold three on versions that include it) and no install script that allowScripts has not approved or
 * refused. npm's dry run reads the same lock file and warns the same way, in seconds and without the network.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../bench/processes.js';

const run = promisify(execFile);
// The manifests, and the root's postinstall script, which runs even in a dry run.
const MANIFESTS = [
  'package.json',
  'package-lock.json',
  'scripts/keep-sqlite-build.mjs',
  ...['sandbox', 'gateway', 'web', 'tests'].map((workspace) => `${workspace}/package.json`),
];

// Without the npm_* settings of an npm that runs this test (`npm test --workspaces` would reach the dry run).
const ownEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

// A copy of the manifests alone, so the dry run sees a fresh clone rather than this tree's node_modules.
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'clean-install-'));
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

describe('npm ci', () => {
  it('prints no warning', async () => {
    for (const file of MANIFESTS) {
      fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      fs.copyFileSync(path.join(repoRoot, file), path.join(copy, file));
    }
    const { stdout, stderr } = await run(
      'npm',
      ['ci', '--dry-run', '--offline', '--no-audit', '--no-fund', '--loglevel=warn'],
      { cwd: copy, env: { ...ownEnv, NO_COLOR: '1', npm_config_color: 'false' } },
    );
    const warnings = `${stdout}\n${stderr}`.split('\n').filter((line) => /^npm warn/i.test(line));
    expect(warnings).toEqual([]);
  });
});
