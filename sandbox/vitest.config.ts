import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { slowestFirst } from '../scripts/slowest-first.js';
import { TEST_ENV } from '../scripts/test-env.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One test file per core: the tests spend a third of their time waiting on sockets and timers, so vitest's
    // default (a core fewer) left a 2-core machine a third idle (44 s with one worker, 36 s with two).
    maxWorkers: os.availableParallelism(),
    // A worker keeps the modules it loaded for its next file (graphql, Yoga, React...), where each file loaded them
    // afresh: 36 s to 26 s on a 2-core machine. The files share no state through modules: each starts its own servers
    // (or renders its own tree) and stops them.
    isolate: false,
    // The longest files first (seconds on a fresh-clone CI run, 2026-11-27), so none runs alone at the end.
    sequence: { sequencer: slowestFirst(['test/images.test.ts', 'test/process.test.ts']) }, // 16, 14
    // A lighter password hash (scripts/test-env.ts).
    env: TEST_ENV,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
