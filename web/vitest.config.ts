import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import relay from 'vite-plugin-relay';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

// Component tests: jsdom, the same Relay transform as the build; run from the repository root (see package.json).
export default defineConfig({
  root,
  plugins: [react(), relay],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // One test file per core: vitest's default (a core fewer) left a 2-core machine half idle (54 s, 33 s so).
    maxWorkers: os.availableParallelism(),
    // A worker keeps the modules it loaded for its next file (graphql, Yoga, React...), where each file loaded them
    // afresh: 40 s to 17 s on a 2-core machine. The files share no state through modules: each starts its own servers
    // (or renders its own tree) and stops them.
    isolate: false,
    // A test waits for what it needs (up to 10 s each, src/test-setup.ts), several times on a busy machine.
    testTimeout: 30_000,
  },
});
