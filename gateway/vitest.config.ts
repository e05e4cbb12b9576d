import os from 'node:os';
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { slowestFirst } from '../scripts/slowest-first.js';
import { TEST_ENV } from '../scripts/test-env.js';

const require = createRequire(import.meta.url);

export default defineConfig({
  // Vite would hand our sources graphql's ESM build while Yoga (loaded by Node) gets the CommonJS one; two copies
  // break `instanceof GraphQLError` and every typed error would be masked. One copy for both.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    include: ['test/**/*.test.ts'],
    // One test file per core: the tests spend a third of their time waiting on sockets and timers, so vitest's
    // default (a core fewer) left a 2-core machine 40% idle (gateway: 224 s with one worker, 165 s with two).
    maxWorkers: os.availableParallelism(),
    // A worker keeps the modules it loaded for its next file (graphql, Yoga, React...), where each file loaded them
    // afresh: 166 s to 95 s on a 2-core machine. The files share no state through modules: each starts its own servers
    // (or renders its own tree) and stops them.
    isolate: false,
    // The longest files first (seconds on a fresh-clone CI run, 2026-11-27), so none runs alone at the end.
    sequence: {
      sequencer: slowestFirst([
        'test/schema-check-operations.test.ts', // 17
        'test/schema.test.ts', // 13
        'test/login-lockout.test.ts', // 13
        'test/realtime.test.ts', // 11
        'test/config.test.ts', // 10
        'test/readiness.test.ts', // 9
      ]),
    },
    // The sandbox's lighter password hash (scripts/test-env.ts).
    env: TEST_ENV,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Checks, once every test has run, that no gateway log line holds a token or password the tests used.
    globalSetup: ['test/log-check.ts'],
  },
});
