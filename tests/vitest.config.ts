import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // tests/, also when run from the repo root with --config tests/vitest.config.ts.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['bench/**/*.test.ts'],
    // The bench test starts the sandbox and the gateway as processes and opens real sockets.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
