/**
 * The bare Yoga server the gateway bench measures the gateway against: no plugins, on an ephemeral loopback port.
 * `hello` is the throughput reference. With UPSTREAM_URL set, `wallet` makes the one REST call the gateway's
 * `viewer { wallet }` makes (POST /api/wallet with the caller's token, over a keep-alive connection) and returns its
 * body as a string: the least any Yoga server can take to return that data, the floor under the gateway's latency.
 * Run as `node --import tsx tests/bench/hello-server.ts`; prints its address.
 */
import http, { createServer } from 'node:http';
import { createSchema, createYoga, type YogaInitialContext } from 'graphql-yoga';

const upstream = process.env.UPSTREAM_URL ? new URL('/api/wallet', process.env.UPSTREAM_URL) : null;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** POST /api/wallet with the caller's Authorization header; the response's body as text. */
function wallet(authorization: string | null): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      upstream!,
      {
        agent,
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          ...(authorization ? { authorization } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(body) : reject(new Error(`upstream ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

const yoga = createYoga({
  schema: createSchema<YogaInitialContext>({
    typeDefs: 'type Query { hello: String! wallet: String! }',
    resolvers: {
      Query: {
        hello: () => 'world',
        wallet: (_root, _args, ctx) => {
          if (!upstream) throw new Error('started without UPSTREAM_URL');
          return wallet(ctx.request.headers.get('authorization'));
        },
      },
    },
  }),
  logging: false,
  graphiql: false,
});

const server = createServer(yoga);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  process.stdout.write(`Hello Yoga on http://127.0.0.1:${address.port}/graphql\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
