import { fileURLToPath } from 'node:url';
import { siteConfigFromEnv } from './config.js';
import { developmentSite } from './dev-site.js';
import { createSiteServer } from './site-server.js';

/**
 * `npm run dev -w web` (which `npm run dev` runs beside the sandbox and the gateway): the site server of
 * web/server/main.ts, with the same settings, serving web/src through Vite with hot reload instead of a build
 * (./dev-site.ts), by default on localhost:5173; no build is needed. The script restarts it when a file of
 * web/server changes.
 */
const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));

async function main() {
  let config;
  try {
    // Where Vite's own dev server listened, which `npm run dev` (scripts/dev.ts) sets too.
    config = siteConfigFromEnv({ WEB_PORT: '5173', WEB_HOST: 'localhost', ...process.env });
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const development = await developmentSite(WEB_DIR);
  let site;
  try {
    site = await createSiteServer({ ...config, development });
  } catch (err) {
    await development.close();
    const code = (err as NodeJS.ErrnoException | null)?.code;
    if (code !== 'EADDRINUSE') throw err;
    console.error(`WEB_PORT ${config.port} is already in use: stop what is listening there or set WEB_PORT.`);
    process.exit(2);
  }
  console.log(`Site (development) on ${site.url}`);
  const stop = () => {
    // Vite's hot-reload sockets hold the server open until Vite closes them.
    Promise.all([site.close(), development.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
