import { configFromEnv } from './config.js';
import { createGateway } from './server.js';

/** `npm run gateway`: the GraphQL gateway on GATEWAY_PORT (default 4000) over CASINO_API_URL. */
async function main() {
  let config;
  try {
    config = configFromEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const gateway = await createGateway({ config });
  console.log(`GraphQL gateway on ${gateway.url}/graphql (upstream ${config.casinoApiUrl})`);
  const stop = () => {
    gateway.close().then(
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
