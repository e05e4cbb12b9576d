import fs from 'node:fs';
import path from 'node:path';

/** What `npm run build -w web` reads (besides node_modules): a change to any of them makes web/dist stale. */
export function siteSources(repoRoot: string): string[] {
  return [
    'web/src',
    'web/public',
    'web/index.html',
    'web/vite.config.ts',
    'web/build',
    'schema.graphql',
    'relay.config.js',
  ].map((p) => path.join(repoRoot, p));
}

/**
 * Written by every `npm run relay -w web` (tests and typechecks run it too) even when nothing changed: an output of
 * the sources, not one of them, so it does not make the build stale.
 */
const REWRITTEN_ON_EVERY_COMPILE = new Set(['persisted-operations.json']);

/** The newest modification time of a file or of any file under a folder; 0 when it does not exist. */
function newestMtime(target: string): number {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || REWRITTEN_ON_EVERY_COMPILE.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/**
 * Whether the build in `distDir` is newer than every source, so `npm start` can skip the build (a minute saved on
 * every start). Its index.html dates the build (Vite rewrites it on every build); without one there is no build.
 */
export function siteBuildIsCurrent(distDir: string, sources: string[]): boolean {
  let built: number;
  try {
    built = fs.statSync(path.join(distDir, 'index.html')).mtimeMs;
  } catch {
    return false;
  }
  return sources.every((source) => newestMtime(source) <= built);
}
