import type { GatewayContext } from '../context.js';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { badInput } from '../errors.js';
import { fromGlobalId } from '../relay.js';

/** Loads one object of a type by the id inside its global ID; null when missing or not visible to the caller. */
export type NodeLoader = (id: string, ctx: GatewayContext) => Promise<{ __typename: string } | null>;

/** Each domain registers the types it can load by ID (resolvers/*.ts export their nodeLoaders). */
export function nodeResolvers(loaders: Record<string, NodeLoader>): Resolvers {
  // A Map, not the object: a client's type name such as __proto__ or constructor must not find Object's own.
  const byType = new Map(Object.entries(loaders));
  const load = async (globalId: string, ctx: GatewayContext) => {
    const parsed = fromGlobalId(globalId);
    const loader = parsed ? byType.get(parsed.type) : undefined;
    if (!parsed || !loader) return null;
    return loader(parsed.id, ctx);
  };
  return {
    Query: {
      node: (_root, { id }, ctx) => load(id, ctx) as never,
      // A list of promises: one failing ID becomes null with its own error, the others still resolve.
      nodes: (_root, { ids }, ctx) => {
        if (ids.length > 100) throw badInput('nodes takes at most 100 IDs.');
        return ids.map((id) => load(id, ctx)) as never;
      },
    },
    Node: {
      __resolveType: (obj) => (obj as { __typename: string }).__typename as never,
    },
  };
}
