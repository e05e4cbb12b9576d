import { configFromEnv, type GatewayConfig } from './config.js';

/** `npm run gateway`: the GraphQL gateway on GATEWAY_PORT (default 4000) over CASINO_API_URL. */
async function main() {
  let config;
  try {
    config = configFromEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  // Loaded once the settings are good: a refused setting exits in well under a second, not after the few seconds the
  // whole gateway takes to load.
  const [{ PersistedOperationsError }, { PartnerStoreError }, { createGateway }, { startTracing }] =
    await Promise.all([
      import('./operations/persisted-operations.js'),
      import('./partners/store.js'),
      import('./server.js'),
      import('./observability/tracing.js'),
    ]);
  // Before the gateway starts, so its first operations are traced; nothing starts unless OTEL_* names an exporter.
  const stopTracing = await startTracing();
  let gateway;
  try {
    gateway = await createGateway({ config });
  } catch (err) {
    const why =
      err instanceof PersistedOperationsError || err instanceof PartnerStoreError
        ? err.message
        : listenFailure(err, config);
    if (!why) throw err;
    console.error(why);
    process.exit(2);
  }
  console.log(`GraphQL gateway on ${gateway.url}/graphql (upstream ${config.casinoApiUrl})`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second signal (Ctrl-C again) does not wait for the drain.
    if (stopping) process.exit(1);
    stopping = true;
    console.log(
      `${signal}: shutting down within ${config.shutdownGraceMs} ms (GATEWAY_SHUTDOWN_GRACE_MS): no new connections, ` +
        'requests in flight finish, WebSockets are asked to reconnect elsewhere.',
    );
    // Should closing the shared connections hang past the grace period, the process ends anyway: a pod's
    // terminationGracePeriodSeconds would otherwise end it with SIGKILL.
    setTimeout(() => process.exit(1), config.shutdownGraceMs + FINAL_CLOSE_MS).unref();
    gateway
      .shutdown()
      // The last spans are sent before the process ends.
      .then(() => stopTracing?.())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // An operator's "the casino changed it: show it now" (`docker compose kill -s HUP gateway`): the public reads and
  // the guests' responses are read afresh; with REDIS_URL every replica's are, whichever got the signal.
  process.on('SIGHUP', () => {
    gateway.cache.clear();
    console.log('Public cache cleared (SIGHUP).');
  });
}

/** After the grace period, how long the shared connections (Redis, the casino's live channels, traces) may take. */
const FINAL_CLOSE_MS = 2_000;

/**
 * A port or host the operator must change, as one line naming the variable (no stack trace: nothing is broken in
 * the code); anything else is not a setting's fault.
 */
function listenFailure(err: unknown, config: GatewayConfig): string | null {
  switch ((err as NodeJS.ErrnoException | null)?.code) {
    case 'EADDRINUSE':
      return `GATEWAY_PORT ${config.port} is already in use: stop what is listening there or set GATEWAY_PORT to a free port.`;
    case 'EACCES':
      return `GATEWAY_PORT ${config.port} may not be used by this user: set GATEWAY_PORT to a port above 1023.`;
    case 'EADDRNOTAVAIL':
      return `GATEWAY_HOST ${config.host} is not an address of this machine: set GATEWAY_HOST to one of its addresses, for example 127.0.0.1.`;
    default:
      return null;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
