import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { resolvers } from './resolvers/index.js';

/** The root schema.graphql is the SDL; resolvers are typed from it by codegen. */
export const schemaPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema.graphql');

export function buildGatewaySchema() {
  return makeExecutableSchema({ typeDefs: fs.readFileSync(schemaPath, 'utf8'), resolvers });
}
