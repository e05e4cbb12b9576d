import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { slowestFirst } from '../scripts/slowest-first.js';
import { TEST_ENV } from '../scripts/test-env.js';

const require = createRequire(import.meta.url);

export default defineConfig({
  // The e2e tests run the gateway in-process: one copy of graphql for our sources and Yoga (see gateway/vitest.config.ts).
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  // tests/, also when run from the repo root with --config tests/vitest.config.ts.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: [
      'bench/**/*.test.ts',
      'e2e/**/*.test.ts',
      'start/**/*.test.ts',
      'docs/**/*.test.ts',
      'deploy/**/*.test.ts',
    ],
    // The bench test starts the sandbox and the gateway as processes and opens real sockets; the e2e tests drive
    // Chromium against the whole system; the start tests run `npm start`'s orchestrator and the site server; the
    // deploy tests read the compose deployment's files and render the Kubernetes manifests with kubectl.
    // Two files at once: one e2e file leaves a core idle while it waits on round trips, timers and live pushes, and a
    // second fills the gaps (1,028 s with two against 1,263 s with one on a loaded 2-core machine). With two, both
    // cores are busy, mostly in Chromium; a third worker made the workspace slower (471 s against 432 s).
    maxWorkers: 2,
    // Seconds on a fresh-clone CI run (2026-11-27).
    sequence: {
      sequencer: slowestFirst([
        // Replays both Dockerfiles: 15 with every layer cached, 50-150 when the sources changed since the cached build
        // (the builds run again), 280 with no cache (the installs too), on a loaded 2-core machine; not yet timed on CI.
        'deploy/image-replay.test.ts',
        'bench/bench.test.ts', // 86
        'e2e/cashier.test.ts', // 65
        'e2e/layout.test.ts', // 53
        'start/orchestrator.test.ts', // 50
        'e2e/coupons.test.ts', // 47
        'e2e/tournaments.test.ts', // 47
        'e2e/content.test.ts', // 45
        'e2e/accessibility.test.ts', // 39
        'e2e/live-rewards.test.ts', // 29
        'deploy/rolling-update.test.ts', // 25 on a quiet 2-core machine (35 with tsx, 47 loaded), not yet timed on CI
        'e2e/safer-gambling.test.ts', // 22 on a loaded 2-core machine, not yet timed on CI
        'e2e/session-honesty.test.ts', // 20
        'e2e/gateway-failover.test.ts', // 15-17 on a quiet 2-core machine (its gateways bundled), not yet timed on CI
        'start/gateway-replicas.test.ts', // 54 on a loaded 2-core machine through tsx (its servers bundled in CI), not yet timed on CI
        'e2e/help-and-notices.test.ts', // 19
        'e2e/withdrawals.test.ts', // 19
        'e2e/catalogue.test.ts', // 17
        'e2e/filters.test.ts', // 15
      ]),
    },
    // A worker keeps the modules it loaded (the gateway, the sandbox, playwright-core) for its next file, where each
    // file loaded them afresh, and its one Chromium (e2e/stack.ts). Each file starts its own stack, in fresh browser
    // contexts, and stops it.
    isolate: false,
    // The sandbox's lighter password hash (scripts/test-env.ts).
    env: TEST_ENV,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A poll waits for what a player would wait for (a response, a live push, a re-render), on a loaded machine too:
    // vitest's default of 1 s is shorter than a slow CI run's round trips.
    expect: { poll: { timeout: 10_000 } },
  },
});
