import { siteConfigFromEnv, type SiteConfig } from './config.js';
import { createSiteServer, SiteNotBuiltError } from './site-server.js';

/**
 * `npm run serve -w web`: the built site on WEB_PORT (default 8080) with /graphql passed to GATEWAY_URL (one gateway
 * or a comma-separated list of replicas; default the gateway on GATEWAY_PORT, 4000). `npm start` runs it beside the
 * sandbox and the gateway. SIGTERM (or Ctrl-C) stops it gracefully within SITE_SHUTDOWN_GRACE_MS; a second signal
 * stops it at once.
 */
async function main() {
  let config;
  try {
    config = siteConfigFromEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  let site;
  try {
    site = await createSiteServer(config);
  } catch (err) {
    const why = err instanceof SiteNotBuiltError ? err.message : listenFailure(err, config);
    if (!why) throw err;
    console.error(why);
    process.exit(2);
  }
  console.log(
    `Site on ${site.url} (GraphQL passed to ${config.gatewayUrl.map((u) => `${u}/graphql`).join(', ')}, files from ${config.distDir})`,
  );
  let stopping = false;
  const stop = () => {
    const stopped = stopping ? site.close() : site.shutdown(config.shutdownGraceMs);
    stopping = true;
    stopped.then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** A port or host the operator must change, as one line naming the variable; anything else is not a setting's fault. */
function listenFailure(err: unknown, config: SiteConfig): string | null {
  switch ((err as NodeJS.ErrnoException | null)?.code) {
    case 'EADDRINUSE':
      return `WEB_PORT ${config.port} is already in use: stop what is listening there or set WEB_PORT to a free port.`;
    case 'EACCES':
      return `WEB_PORT ${config.port} may not be used by this user: set WEB_PORT to a port above 1023.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `WEB_HOST ${config.host} is not an address of this machine: set WEB_HOST to one of its addresses, for example 127.0.0.1.`;
    default:
      return null;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
