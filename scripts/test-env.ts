import os from 'node:os';
import path from 'node:path';

/**
 * Settings every suite that starts the sandbox runs it with (each workspace's vitest config sets them as `env`;
 * the sandbox reads them in configFromEnv, in-process or spawned).
 *
 * SANDBOX_PASSWORD_COST: the suites sign players up and in by the thousand, and each did a full scrypt (N = 2^14,
 * about 70 ms of a core on the 2-core machine) on CI's CPU-bound run; at 2^10 each is about 4 ms. Still a real scrypt
 * with a random salt, made and verified as before, at the cost it names (sandbox/src/domain/passwords.ts). `npm start`,
 * the bench and the tests that start `npm start` run the default cost (their environments drop SANDBOX_ settings).
 */
export const TEST_ENV = {
  SANDBOX_PASSWORD_COST: '1024',
  // The gateways the suites start count usage per client (gateway/src/usage/) into a file of the temp folder, one per
  // run (each gateway reads it at its start), never into the repository's .data/usage.json that `npm run usage`
  // reports a developer's own gateway from.
  USAGE_STORE: path.join(os.tmpdir(), `playlive-test-usage-${process.pid}.json`),
};
