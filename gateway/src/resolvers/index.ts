import type { Resolvers } from '../__generated__/resolvers-types.js';
import { authResolvers } from './auth.js';
import { catalogueNodeLoaders, catalogueResolvers } from './catalogue.js';
import { contentNodeLoaders, contentResolvers } from './content.js';
import { couponsNodeLoaders, couponsResolvers } from './coupons.js';
import { enumResolvers } from './enums.js';
import { loyaltyNodeLoaders, loyaltyResolvers } from './loyalty.js';
import { moneyResolvers } from './money.js';
import { nodeResolvers } from './node.js';
import { notificationsNodeLoaders, notificationsResolvers } from './notifications.js';
import { scalarResolvers } from './scalars.js';
import { subscriptionResolvers } from './subscriptions.js';
import { tournamentsNodeLoaders, tournamentsResolvers } from './tournaments.js';
import { viewerNodeLoaders, viewerResolvers } from './viewer.js';
import { walletNodeLoaders, walletResolvers } from './wallet.js';

/** One resolver map per domain; makeExecutableSchema merges them. */
export const resolvers: Resolvers[] = [
  scalarResolvers,
  enumResolvers,
  moneyResolvers,
  nodeResolvers({
    ...catalogueNodeLoaders,
    ...contentNodeLoaders,
    ...viewerNodeLoaders,
    ...walletNodeLoaders,
    ...loyaltyNodeLoaders,
    ...notificationsNodeLoaders,
    ...couponsNodeLoaders,
    ...tournamentsNodeLoaders,
  }),
  catalogueResolvers,
  contentResolvers,
  viewerResolvers,
  walletResolvers,
  loyaltyResolvers,
  notificationsResolvers,
  couponsResolvers,
  authResolvers,
  tournamentsResolvers,
  subscriptionResolvers,
];
