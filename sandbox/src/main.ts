import { createSandbox } from './app.js';
import { configFromEnv, type SandboxConfig } from './config.js';

/** `npm run sandbox [-- --reset]`: the casino backend simulation on SANDBOX_PORT (default 4010). */
async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--reset');
  if (unknown.length) {
    console.error(`Unknown option ${unknown.join(' ')}. Usage: npm run sandbox [-- --reset]`);
    process.exit(2);
  }
  let config;
  try {
    config = configFromEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  let sandbox;
  try {
    sandbox = await createSandbox({ config, reset: args.includes('--reset'), logger: true });
  } catch (err) {
    const why = listenFailure(err, config);
    if (!why) throw err;
    console.error(why);
    process.exit(2);
  }
  console.log(`Sandbox casino backend on ${sandbox.url} (data in ${config.dataDir})`);
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/**
 * A port or host the operator must change, as one line naming the variable (no stack trace: nothing is broken in
 * the code); anything else is not a setting's fault.
 */
function listenFailure(err: unknown, config: SandboxConfig): string | null {
  switch ((err as NodeJS.ErrnoException | null)?.code) {
    case 'EADDRINUSE':
      return `SANDBOX_PORT ${config.port} is already in use: stop what is listening there or set SANDBOX_PORT to a free port.`;
    case 'EACCES':
      return `SANDBOX_PORT ${config.port} may not be used by this user: set SANDBOX_PORT to a port above 1023.`;
    case 'EADDRNOTAVAIL':
      return `SANDBOX_HOST ${config.host} is not an address of this machine: set SANDBOX_HOST to one of its addresses, for example 127.0.0.1.`;
    default:
      return null;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
