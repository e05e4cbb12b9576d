import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createYoga, useReadinessCheck, type Plugin } from 'graphql-yoga';
import { configFromEnv, type GatewayConfig } from './config.js';
import { bearerToken, createContext, type GatewayContext } from './context.js';
import { buildGatewaySchema } from './schema.js';
import { UpstreamClient } from './upstream/client.js';
import { PublicCache } from './upstream/public-cache.js';
import { RequestUpstream } from './upstream/request-upstream.js';

export interface Gateway {
  url: string;
  port: number;
  server: Server;
  cache: PublicCache;
  close(): Promise<void>;
}

export interface GatewayOptions {
  config?: Partial<GatewayConfig>;
  clock?: () => Date;
}

/** With EXPOSE_UPSTREAM_CALLS, each answer lists the upstream calls it took (extensions.upstreamCalls). */
function upstreamCallsExtension(): Plugin<GatewayContext> {
  return {
    onExecute({ args }) {
      return {
        onExecuteDone({ result, setResult }) {
          if (!('data' in result) && !('errors' in result)) return;
          const calls = (args.contextValue as GatewayContext).upstream.calls;
          setResult({ ...result, extensions: { ...(result.extensions ?? {}), upstreamCalls: [...calls] } });
        },
      };
    },
  };
}

export async function createGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const config: GatewayConfig = { ...configFromEnv(), ...options.config };
  const clock = options.clock ?? (() => new Date());
  const client = new UpstreamClient(config);
  const cache = new PublicCache();
  const schema = buildGatewaySchema();

  const yoga = createYoga<Record<string, unknown>, GatewayContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: config.graphiql ? { title: 'PlayLive GraphQL', defaultQuery: GRAPHIQL_QUERY } : false,
    // GraphiQL's scripts are served by the gateway itself: a developer's network may not reach a CDN.
    renderGraphiQL,
    landingPage: false,
    healthCheckEndpoint: '/healthz',
    logging: false,
    context: ({ request }) =>
      createContext({
        config,
        cache,
        clock,
        upstream: new RequestUpstream(client, cache, {
          token: bearerToken(request.headers.get('authorization')),
          csrf: request.headers.get('x-csrf-token') ?? request.headers.get('x-xsrf-token'),
        }),
      }),
    plugins: [
      useReadinessCheck({ endpoint: '/readyz', check: () => client.ping() }),
      ...(config.exposeUpstreamCalls ? [upstreamCallsExtension()] : []),
    ],
  });

  const server = createServer(yoga);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  return {
    url: `http://${host}:${port}`,
    port,
    server,
    cache,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const GRAPHIQL_QUERY = `# Welcome to the PlayLive gateway. Try:
query Catalogue {
  games(first: 5, filter: { category: "table-games" }, sort: ALPHA_ASC) {
    totalCount
    edges { node { id name provider { shortname } } }
  }
  tournaments { name stage label nextStageAt }
}
`;
