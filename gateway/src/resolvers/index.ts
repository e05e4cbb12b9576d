import type { Resolvers } from '../__generated__/resolvers-types.js';
import { authNodeLoaders, authResolvers } from './auth.js';
import { catalogueNodeLoaders, catalogueResolvers } from './catalogue.js';
import { contentNodeLoaders, contentResolvers } from './content.js';
import { moneyResolvers } from './money.js';
import { nodeResolvers } from './node.js';
import { scalarResolvers } from './scalars.js';
import { subscriptionResolvers } from './subscriptions.js';
import { tournamentsNodeLoaders, tournamentsResolvers } from './tournaments.js';
import { viewerNodeLoaders, viewerResolvers } from './viewer.js';

/** One resolver map per domain; makeExecutableSchema merges them. */
export const resolvers: Resolvers[] = [
  scalarResolvers,
  moneyResolvers,
  nodeResolvers({
    ...catalogueNodeLoaders,
    ...contentNodeLoaders,
    ...viewerNodeLoaders,
    ...authNodeLoaders,
    ...tournamentsNodeLoaders,
  }),
  catalogueResolvers,
  contentResolvers,
  viewerResolvers,
  authResolvers,
  tournamentsResolvers,
  subscriptionResolvers,
];
