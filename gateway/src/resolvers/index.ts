import type { Resolvers } from '../__generated__/resolvers-types.js';
import { authResolvers } from './auth.js';
import { catalogueNodeLoaders, cataloguePrefetches, catalogueResolvers } from './catalogue.js';
import { contentNodeLoaders, contentResolvers } from './content.js';
import { couponsNodeLoaders, couponsPrefetches, couponsResolvers } from './coupons.js';
import { enumResolvers } from './enums.js';
import { loyaltyNodeLoaders, loyaltyPrefetches, loyaltyResolvers } from './loyalty.js';
import { moneyResolvers } from './money.js';
import { nodeResolvers } from './node.js';
import {
  notificationsNodeLoaders,
  notificationsPrefetches,
  notificationsResolvers,
} from './notifications.js';
import type { Prefetches } from './prefetch.js';
import { saferGamblingPrefetches, saferGamblingResolvers } from './safer-gambling.js';
import { scalarResolvers } from './scalars.js';
import { subscriptionResolvers } from './subscriptions.js';
import { tournamentsNodeLoaders, tournamentsPrefetches, tournamentsResolvers } from './tournaments.js';
import { verificationPrefetches, verificationResolvers } from './verification.js';
import { viewerNodeLoaders, viewerPrefetches, viewerResolvers } from './viewer.js';
import { walletNodeLoaders, walletPrefetches, walletResolvers } from './wallet.js';
import { withdrawalsNodeLoaders, withdrawalsPrefetches, withdrawalsResolvers } from './withdrawals.js';

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
    ...withdrawalsNodeLoaders,
    ...loyaltyNodeLoaders,
    ...notificationsNodeLoaders,
    ...couponsNodeLoaders,
    ...tournamentsNodeLoaders,
  }),
  catalogueResolvers,
  contentResolvers,
  viewerResolvers,
  walletResolvers,
  withdrawalsResolvers,
  loyaltyResolvers,
  notificationsResolvers,
  couponsResolvers,
  authResolvers,
  tournamentsResolvers,
  saferGamblingResolvers,
  verificationResolvers,
  subscriptionResolvers,
];

/** The reads each field starts before its parent resolves (resolvers/prefetch.ts), merged by type. */
export const prefetches: Prefetches = [
  viewerPrefetches,
  walletPrefetches,
  withdrawalsPrefetches,
  loyaltyPrefetches,
  notificationsPrefetches,
  couponsPrefetches,
  cataloguePrefetches,
  tournamentsPrefetches,
  saferGamblingPrefetches,
  verificationPrefetches,
].reduce<Prefetches>((all, part) => {
  const merged = all as Record<string, object | undefined>;
  for (const [type, fields] of Object.entries(part)) merged[type] = { ...merged[type], ...fields };
  return all;
}, {});
