import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { NodeLoader } from './node.js';

export const catalogueResolvers: Resolvers = {};
export const catalogueNodeLoaders: Record<string, NodeLoader> = {};
