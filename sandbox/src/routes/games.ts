import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import {
  allGames,
  assertProviderUp,
  findGame,
  findProvider,
  gameFilters,
  gameJson,
  homeGroup,
  providersWithCounts,
  recentGames,
  startRealPlay,
} from '../domain/games.js';
import { startTournamentClocks, tournamentIdForGame } from '../domain/tournaments.js';
import { requireUser } from '../http/auth.js';
import { parse } from '../http/errors.js';
import { assertAllowed } from '../domain/safer-gambling/guard.js';
import { recordRealPlay } from '../domain/safer-gambling/play-time.js';

const LaunchParams = z.object({
  gameId: z.string().max(120),
  isDemo: z.enum(['true', 'false', '1', '0'], { error: "must be 'true', 'false', '1' or '0'" }),
});

const HOME_GROUPS = ['mostPopular', 'Lives', 'topRated', 'Featured'] as const;

export function register(app: FastifyInstance, ctx: SandboxContext): void {
  const { db } = ctx;

  app.get('/api/allgames', async () => allGames(db).map(gameJson));

  app.get('/api/games', async () =>
    Object.fromEntries(HOME_GROUPS.map((group) => [group, homeGroup(db, group).map(gameJson)])),
  );

  app.get('/api/gameFilters', async () => ({ data: gameFilters(db) }));

  app.get('/api/gameProviders', async () => providersWithCounts(db));

  // Demo is open to everyone; real play needs a session and hands the game page its own token in the URL
  // fragment (never sent to a server, so it stays out of logs).
  app.get('/api/games/:gameId/:isDemo', async (req) => {
    const params = parse(LaunchParams, req.params);
    const demo = params.isDemo === 'true' || params.isDemo === '1';
    const owner = demo ? null : requireUser(ctx, req);
    const game = findGame(db, params.gameId);
    const base = `${ctx.publicUrl()}/sandbox/game/${encodeURIComponent(game.game_code)}`;
    const provider = findProvider(db, game.product);
    assertProviderUp(db, provider);
    const launched = { ...gameJson(game), provider };
    if (!owner) return { gameUrl: `${base}#demo=1`, game: launched, tournamentId: null };
    assertAllowed(ctx, owner.userId, { kind: 'launch' });
    const now = ctx.clock();
    const token = startRealPlay(db, owner.userId, game.id, now);
    recordRealPlay(db, owner.userId, 'launch', now);
    // Opening a game that counts in a joined tournament starts that tournament's clock (docs/rules.md#tournament-stages).
    startTournamentClocks(ctx, owner.userId, game.id);
    return {
      gameUrl: `${base}#session=${token}`,
      game: launched,
      tournamentId: tournamentIdForGame(ctx, owner.userId, game.id),
    };
  });

  app.get('/api/recentGames', async (req) => {
    const owner = requireUser(ctx, req);
    return recentGames(db, owner.userId).map(gameJson);
  });
}
