import { createSandbox } from './app.js';
import { configFromEnv } from './config.js';

/** `npm run sandbox [-- --reset]`: the casino backend stand-in on SANDBOX_PORT (default 4010). */
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
  const sandbox = await createSandbox({ config, reset: args.includes('--reset'), logger: true });
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

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
