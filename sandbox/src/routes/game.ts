import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { findGameByCode } from '../domain/games.js';
import { walletEntries } from '../domain/ledger.js';
import { demoSpin, realSpin } from '../domain/spin.js';
import { slotPage } from '../game/slot-page.js';
import { requirePlayer } from '../http/auth.js';
import { gamePageHeaders, pageNonce } from '../http/page-headers.js';
import { notFound, parse } from '../http/errors.js';
import { Rands } from './wallet.js';
import { assertAllowed } from '../domain/safer-gambling/guard.js';
import { recordRealPlay } from '../domain/safer-gambling/play-time.js';

const SpinBody = z.object({
  gameCode: z.string().min(1, 'is required').max(120),
  stake: Rands(10, 100_000),
  demo: z.boolean().default(false),
});

const rng = () => crypto.randomInt(0, 2 ** 32) / 2 ** 32;

function findGame(ctx: SandboxContext, code: string) {
  const game = findGameByCode(ctx.db, code);
  if (!game) throw notFound('Game');
  return game;
}

/** The sandbox's playable slot page and its spins (the page a launched game's gameUrl opens). */
export function register(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/sandbox/game/:gameCode', async (req, reply) => {
    const { gameCode } = parse(z.object({ gameCode: z.string().max(120) }), req.params);
    const game = findGame(ctx, gameCode);
    const nonce = pageNonce();
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    gamePageHeaders(reply, nonce, ctx.config.siteOrigins);
    return slotPage(game, nonce);
  });

  // Real-money spins need the player's bearer token (a session token or the game token from the launch).
  app.post('/sandbox/spin', async (req) => {
    const body = parse(SpinBody, req.body);
    const game = findGame(ctx, body.gameCode);
    if (body.demo) return demoSpin(body.stake, rng);
    const { userId } = requirePlayer(ctx, req);
    // No await between the check and the spin: a second spin cannot slip past a limit the first one reached.
    assertAllowed(ctx, userId, { kind: 'spin', stakeCents: body.stake });
    const spin = realSpin(ctx, userId, game.id, body.stake, rng);
    recordRealPlay(ctx.db, userId, 'spin', ctx.clock());
    return spin;
  });

  // The slot page's balance, readable with its game token.
  app.post('/sandbox/wallet', async (req) => ({
    wallets: walletEntries(ctx.db, requirePlayer(ctx, req).userId),
  }));
}
