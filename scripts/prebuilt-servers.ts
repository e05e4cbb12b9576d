/**
 * The servers the test suites start by the hundred (sandbox, gateway, site server), bundled once per `npm test`.
 *
 * A server started through tsx's loader spends most of its start resolving and transforming hundreds of modules: the
 * gateway took 3.1 s to listen, the sandbox 1.3 s. Bundled by esbuild (the transform tsx itself uses) into one file,
 * the same code starts in 1.8 s and 0.6 s. `npm test` bundles them before the suites and sets PLAYLIVE_PREBUILT, and
 * every test that spawns a server asks `serverArgs` how; anything else (`npm start`, a single test file run by hand)
 * runs the sources through tsx as before.
 *
 * Each bundle lies in its workspace's `.data/prebuilt/` so that packages resolve from the workspace as its sources
 * do; packages stay outside the bundle. A module that finds files next to itself (`import.meta.url`) is given its
 * own source file's address, so it finds the same files from the bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The server entries bundled, relative to the repository's root. */
const ENTRIES = ['sandbox/src/main.ts', 'gateway/src/main.ts', 'web/server/main.ts'] as const;

/** Where an entry's bundle goes: `<workspace>/.data/prebuilt/<entry's path in the workspace, as .mjs>`. */
function bundlePath(entry: string): string {
  const [workspace, ...rest] = entry.split('/');
  return path.join(root, workspace!, '.data', 'prebuilt', rest.join('/').replace(/\.ts$/, '.mjs'));
}

/** Keeps each module's own address in place of `import.meta.url`, which in a bundle would be the bundle's. */
const ownAddress: esbuild.Plugin = {
  name: 'own-address',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
      };
    });
  },
};

/** Bundles every server entry (about a second in all); `npm test` calls it before the suites. */
export async function buildServers(): Promise<void> {
  await Promise.all(
    ENTRIES.map((entry) =>
      esbuild.build({
        entryPoints: [path.join(root, entry)],
        outfile: bundlePath(entry),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        logLevel: 'warning',
        plugins: [ownAddress],
      }),
    ),
  );
}

/**
 * The node arguments that start `entry` (its path from the repository's root): its bundle under `npm test`
 * (PLAYLIVE_PREBUILT=1, set once the bundles are built), else the source through tsx, named as `given` (the path
 * from the spawn's own working folder, by default the same).
 */
export function serverArgs(entry: string, given = entry): string[] {
  const bundled = (ENTRIES as readonly string[]).includes(entry) ? bundlePath(entry) : null;
  if (process.env.PLAYLIVE_PREBUILT === '1' && bundled && fs.existsSync(bundled)) return [bundled];
  return ['--import', 'tsx', given];
}
