import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { NodeLoader } from './node.js';

export const authResolvers: Resolvers = {};
export const authNodeLoaders: Record<string, NodeLoader> = {};
