import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import relay from 'vite-plugin-relay';
import { compileHints } from './build/compile-hints';
import { leanRelay } from './build/lean-relay';
import { precompress } from './build/precompress';
import { routeModules } from './build/route-modules';
import { serviceWorker } from './build/service-worker';
import { serverOperations } from './build/server-operations';

const root = path.dirname(fileURLToPath(import.meta.url));
// The build's version (web/package.json): the app-version modal compares it with the one the site announces.
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
};

/*
 * The site's build. vite-plugin-relay turns graphql`` tags into imports of the generated artifacts (compiled by
 * `npm run relay`, from the root relay.config.js). In development the site server runs Vite in middleware mode with
 * this config (web/server/dev-site.ts): /graphql is the site server's, as in production.
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  root,
  // The server build (web/src/entry-server.tsx into dist/.server, docs/architecture.md#server-rendering) is one
  // self-contained file the site server imports, with the site's persisted operations beside it
  // (build/server-operations.ts); the client's files stay as the client build wrote them, with only
  // the Relay modules the browser runs (build/lean-relay.ts), V8's compile hint atop each JavaScript file
  // (build/compile-hints.ts), the service worker (build/service-worker.ts) and the compressed copies of both.
  plugins: isSsrBuild
    ? [react(), relay, routeModules(), serverOperations()]
    : [leanRelay(), react(), relay, compileHints(), precompress(), serviceWorker(path.join(root, 'dist'))],
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version) },
  // In development the site server renders through Vite (web/server/dev-site.ts), with the packages loaded by Node
  // as the tests load them.
  ...(command === 'build' ? { ssr: { noExternal: true } } : {}),
  build: isSsrBuild
    ? { outDir: 'dist/.server', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // Each route and modal is its own chunk; the budget is checked by the tests (tests/e2e/bundle).
        chunkSizeWarningLimit: 250,
        // Which files each module needs (dist/.vite/manifest.json): the site server inlines a page's CSS and
        // preloads its chunks from it. A dot folder: never served.
        manifest: true,
      },
}));
