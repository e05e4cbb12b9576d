// @ts-check
/* global process, console, URL */
/**
 * Root `postinstall`: keeps this machine's build of better-sqlite3's native module where its installer looks first.
 *
 * better-sqlite3 installs with `prebuild-install || node-gyp rebuild`: prebuild-install takes a prebuilt binary from
 * npm's cache (`~/.npm/_prebuilds`) or GitHub, else SQLite is compiled from source, which takes about two minutes
 * on one core of this machine (GitHub is out of reach here, so every install compiled). After a compile, this packs
 * the binary in prebuild-install's own format under the name it would have downloaded, so the next install on this
 * machine (a fresh clone's `npm ci` in CI, say) unpacks it in a second. prebuild-install loads an unpacked binary
 * before accepting it and compiles if that fails, so a stale or foreign file costs the compile, never a broken install.
 * Nothing here may fail an install: any problem is printed as one line and the install goes on. Plain JavaScript:
 * it runs before anything else can, `npm ci --omit=dev` and the dry run included, where tsx is not installed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const BINARY = 'build/Release/better_sqlite3.node';

try {
  const sandboxRequire = createRequire(new URL('../sandbox/package.json', import.meta.url));
  const packageDir = path.dirname(sandboxRequire.resolve('better-sqlite3/package.json'));
  const fromPackage = createRequire(path.join(packageDir, 'package.json'));
  const pkg = fromPackage('./package.json');
  // prebuild-install's own reading of the platform, ABI and download address: its cache name is derived from them.
  const rc = fromPackage('prebuild-install/rc');
  const util = fromPackage('prebuild-install/util');
  const opts = { ...rc(pkg), pkg };
  const cached = util.cachedPrebuild(util.getDownloadUrl(opts));
  if (!fs.existsSync(cached) && fs.existsSync(path.join(packageDir, BINARY))) {
    fs.mkdirSync(path.dirname(cached), { recursive: true });
    const partial = `${cached}.${process.pid}.tmp`;
    execFileSync('tar', ['-czf', partial, '-C', packageDir, BINARY]);
    fs.renameSync(partial, cached);
    console.log(`Kept better-sqlite3's build for the next install on this machine: ${cached}`);
  }
} catch (error) {
  console.log(
    `Did not keep better-sqlite3's build (${error instanceof Error ? error.message : String(error)}); the next install compiles it again.`,
  );
}
