/**
 * `npm run dev`: the sandbox, the gateway and the site server in development (`npm run dev -w web`,
 * web/server/dev.ts) on WEB_PORT (5173): the same site server as `npm start`'s, server rendering and /graphql passed
 * to the gateway started here included, with web/src served by Vite in middleware mode (hot reload) instead of a
 * build, and restarted when a file of web/server changes. One line once all three respond. Ctrl-C stops them all.
 * The same variables as `npm start` (see start.ts), except WEB_HOST and WEB_DIST_DIR.
 */
import { responds } from './responding.js';
import { stackSettingsFromEnv } from './stack-settings.js';
import { backendChecks, gatewayChild, graphqlCheck, npmWeb, sandboxChild, siteEnv, Stack } from './stack.js';

/** `npm run dev -w web` compiles the Relay artifacts before the site starts. */
const START_TIMEOUT_MS = 120_000;

async function main() {
  if (process.argv.length > 2) {
    console.error(`Unknown option ${process.argv.slice(2).join(' ')}. Usage: npm run dev`);
    process.exit(2);
  }
  let settings;
  try {
    // On localhost:5173, where Vite's own dev server listened: the gateway's default ALLOWED_ORIGINS name it.
    settings = stackSettingsFromEnv(process.env, { defaultPort: 5173, host: 'localhost' });
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const stack = new Stack();
  await stack.requireFreePorts(settings);

  const site = settings.web.url;
  await stack.run(
    [
      sandboxChild(settings),
      gatewayChild(settings),
      { ...npmWeb('site', 'dev', siteEnv(settings), false), hide: /^Site \(development\) on / },
    ],
    [
      ...backendChecks(settings),
      { what: `the site (${site}/)`, ok: () => responds(`${site}/`, (res) => res.ok) },
      graphqlCheck(site),
    ],
    `PlayLive (development, hot reload) is running at ${settings.publicUrl} (GraphiQL at ${settings.publicUrl}/graphql)`,
    START_TIMEOUT_MS,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
