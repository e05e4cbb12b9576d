import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import * as account from './account.js';
import * as activity from './activity.js';
import * as auth from './auth.js';
import * as breaks from './breaks.js';
import * as broadcasting from './broadcasting.js';
import * as content from './content.js';
import * as control from './control.js';
import * as coupons from './coupons.js';
import * as favourites from './favourites.js';
import * as game from './game.js';
import * as games from './games.js';
import * as images from './images.js';
import * as limits from './limits.js';
import * as loyalty from './loyalty.js';
import * as notifications from './notifications.js';
import * as payment from './payment.js';
import * as fakes from './third-party.js';
import * as tournaments from './tournaments.js';
import * as transactions from './transactions.js';
import * as verification from './verification.js';
import * as wagering from './wagering.js';
import * as wallet from './wallet.js';
import * as withdrawals from './withdrawals.js';

/**
 * Every route module, one per REST resource (control, game and payment are the sandbox's own pages; images serves
 * the catalogue's artwork).
 */
export function registerRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/', async () => ({
    name: 'playlive casino sandbox',
    api: '/api',
    live: `/app/${ctx.config.pusher.key}`,
  }));
  // control first: its fault-injection hook must see every call.
  for (const mod of [
    control,
    auth,
    account,
    wallet,
    withdrawals,
    verification,
    limits,
    breaks,
    activity,
    transactions,
    payment,
    coupons,
    wagering,
    loyalty,
    notifications,
    games,
    favourites,
    content,
    tournaments,
    broadcasting,
    game,
    fakes,
    images,
  ]) {
    mod.register(app, ctx);
  }
}
