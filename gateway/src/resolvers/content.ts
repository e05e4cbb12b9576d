import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { NodeLoader } from './node.js';

export const contentResolvers: Resolvers = {};
export const contentNodeLoaders: Record<string, NodeLoader> = {};
