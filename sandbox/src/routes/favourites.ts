import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { favouriteIds, findGame, toggleFavourite } from '../domain/games.js';
import { requireUser } from '../http/auth.js';

export function register(app: FastifyInstance, ctx: SandboxContext): void {
  const { db } = ctx;

  app.get('/api/favourites/short', async (req) => {
    const owner = requireUser(ctx, req);
    return favouriteIds(db, owner.userId);
  });

  app.put<{ Params: { gameId: string } }>('/api/favourites/:gameId', async (req) => {
    const owner = requireUser(ctx, req);
    const game = findGame(db, req.params.gameId);
    return { id: game.id, favourite: toggleFavourite(db, owner.userId, game.id, ctx.clock()) };
  });
}
