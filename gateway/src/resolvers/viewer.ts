import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { NodeLoader } from './node.js';

export const viewerResolvers: Resolvers = {};
export const viewerNodeLoaders: Record<string, NodeLoader> = {};
