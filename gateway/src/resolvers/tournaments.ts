import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { NodeLoader } from './node.js';

export const tournamentsResolvers: Resolvers = {};
export const tournamentsNodeLoaders: Record<string, NodeLoader> = {};
