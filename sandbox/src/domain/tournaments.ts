import type { SandboxContext } from '../context.js';

/**
 * Called by each real-money spin: adds points to every running tournament the player has joined (and started)
 * that counts this game, then publishes a refresh on each such tournament's channel.
 */
export function addTournamentPoints(
  _ctx: SandboxContext,
  _userId: number,
  _gameId: number,
  _stakeCents: number,
): void {}

/** The running tournament this player has joined that counts this game, for the game launch answer; else null. */
export function tournamentIdForGame(_ctx: SandboxContext, _userId: number, _gameId: number): number | null {
  return null;
}
