/**
 * `npm run dev`: the sandbox, the gateway and Vite's dev server (hot reload) on WEB_PORT (5173), whose config
 * passes /graphql to the gateway started here (GATEWAY_URL); one line once all three respond. Ctrl-C stops them all.
 * The same variables as `npm start` (see start.ts), except WEB_HOST and WEB_DIST_DIR: Vite serves web/src.
 */
import { responds } from './responding.js';
import { stackSettingsFromEnv } from './stack-settings.js';
import {
  backendChecks,
  gatewayChild,
  graphqlCheck,
  npmWeb,
  sandboxChild,
  sharedEnv,
  Stack,
} from './stack.js';

/** `npm run dev -w web` compiles the Relay artifacts before Vite starts. */
const START_TIMEOUT_MS = 120_000;

async function main() {
  if (process.argv.length > 2) {
    console.error(`Unknown option ${process.argv.slice(2).join(' ')}. Usage: npm run dev`);
    process.exit(2);
  }
  let settings;
  try {
    // Vite listens on localhost (its default; the config sets only the port).
    settings = stackSettingsFromEnv(process.env, { defaultPort: 5173, host: 'localhost' });
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const stack = new Stack();
  await stack.requireFreePorts(settings);

  const site = settings.web.url;
  await stack.run(
    [sandboxChild(settings), gatewayChild(settings), npmWeb('web', 'dev', sharedEnv(settings), false)],
    [
      ...backendChecks(settings),
      { what: `Vite (${site}/)`, ok: () => responds(`${site}/`, (res) => res.ok) },
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
