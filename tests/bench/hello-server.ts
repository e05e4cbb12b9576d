/**
 * The bare Yoga server the gateway bench compares the gateway's throughput with: one `hello` field, no plugins,
 * on an ephemeral loopback port. Run as `node --import tsx tests/bench/hello-server.ts`; prints its address.
 */
import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';

const yoga = createYoga({
  schema: createSchema({
    typeDefs: 'type Query { hello: String! }',
    resolvers: { Query: { hello: () => 'world' } },
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
