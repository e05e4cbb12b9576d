/**
 * `npm start [-- --no-build]`: the whole product on one address. Builds the site when web/dist is older than its
 * sources, then runs the sandbox, the gateway and the site server (which serves web/dist and passes /graphql to
 * the gateway) and prints one line once all three respond. Ctrl-C stops them all.
 *
 * Environment: WEB_PORT (8080), GATEWAY_PORT (4000), SANDBOX_PORT (4010), SANDBOX_DATA_DIR, CASINO_API_URL (the
 * gateway's upstream; default the sandbox started here), WEB_HOST, GATEWAY_HOST, SANDBOX_HOST (127.0.0.1),
 * LOG_LEVEL (the sandbox's, default warn here) and WEB_DIST_DIR: a built site to serve as it is, without building.
 * --no-build serves web/dist as it is.
 */
import path from 'node:path';
import { responds } from './responding.js';
import { siteBuildIsCurrent, siteSources } from './site-build.js';
import { stackSettingsFromEnv } from './stack-settings.js';
import { configFromEnv } from '../gateway/src/config.js';
import {
  backendChecks,
  gatewayChild,
  graphqlCheck,
  npmWeb,
  repoRoot,
  sandboxChild,
  sharedEnv,
  siteChild,
  Stack,
} from './stack.js';

/** The sandbox's first start seeds its database; tsx compiles each part on the way. */
const START_TIMEOUT_MS = 90_000;

async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--no-build');
  if (unknown.length) {
    console.error(`Unknown option ${unknown.join(' ')}. Usage: npm start [-- --no-build]`);
    process.exit(2);
  }
  let settings;
  try {
    settings = stackSettingsFromEnv(process.env, { defaultPort: 8080 });
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const stack = new Stack();
  await stack.requireFreePorts(settings);

  const distDir = settings.distDir ?? path.join(repoRoot, 'web/dist');
  const build = !settings.distDir && !args.includes('--no-build');
  if (build && !siteBuildIsCurrent(distDir, siteSources(repoRoot))) {
    const began = Date.now();
    console.log('Building the site (npm run build -w web)…');
    await stack.task(npmWeb('build', 'build', sharedEnv(settings), true), 'The site did not build');
    console.log(`Built in ${((Date.now() - began) / 1000).toFixed(1)} s.`);
  }
  if (!siteBuildIsCurrent(distDir, [])) {
    console.error(
      `The site is not built: ${path.join(distDir, 'index.html')} is missing. ` +
        (settings.distDir ? 'Set WEB_DIST_DIR to a built site.' : 'Run `npm run build -w web` first.'),
    );
    process.exit(2);
  }

  const site = settings.web.url;
  const backend = backendChecks(settings);
  await stack.run(
    // The site once the gateway is ready: its first visitors get rendered pages, not the client shell.
    [
      sandboxChild(settings),
      gatewayChild(settings),
      { ...siteChild(settings, distDir), startAfter: backend },
    ],
    [
      ...backend,
      { what: `the site (${site}/)`, ok: () => responds(`${site}/`, (res) => res.ok) },
      graphqlCheck(site),
    ],
    graphiqlServed(process.env)
      ? `PlayLive is running at ${settings.publicUrl} (GraphiQL at ${settings.publicUrl}/graphql)`
      : `PlayLive is running at ${settings.publicUrl}`,
    START_TIMEOUT_MS,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

/** Whether the gateway serves GraphiQL (off in production unless GRAPHIQL=1): the banner names it only then. */
function graphiqlServed(env: NodeJS.ProcessEnv): boolean {
  try {
    return configFromEnv(env).graphiql;
  } catch {
    return false;
  }
}
