import { GraphQLScalarType, Kind } from 'graphql';
import type { Resolvers } from '../__generated__/resolvers-types.js';

function toIso(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new TypeError(`DateTime cannot represent ${String(value)}`);
  return date.toISOString();
}

export const scalarResolvers: Resolvers = {
  DateTime: new GraphQLScalarType({
    name: 'DateTime',
    description: 'An instant, as an ISO 8601 string in UTC (for example 2026-11-22T08:00:00.000Z).',
    serialize: toIso,
    parseValue: toIso,
    parseLiteral: (ast) => (ast.kind === Kind.STRING ? toIso(ast.value) : null),
  }),
  JSON: new GraphQLScalarType({
    name: 'JSON',
    description: 'Any JSON value.',
    serialize: (v) => v,
    parseValue: (v) => v,
  }),
};
