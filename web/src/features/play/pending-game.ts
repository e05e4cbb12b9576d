import { PENDING_GAME_KEY } from '../../shared/storage';

/*
 * A game a guest chose before signing in: kept for the tab, so the game starts once they have signed in.
 */
const KEY = PENDING_GAME_KEY;

export interface PendingGame {
  code?: string;
  gameId?: string;
}

export function rememberGame(game: PendingGame): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(game));
  } catch {
    // Storage refused: the player chooses the game again after signing in.
  }
}

/** The game a guest chose, once: reading it forgets it. */
export function takePendingGame(): PendingGame | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    const game = raw ? (JSON.parse(raw) as PendingGame) : null;
    return game && (typeof game.code === 'string' || typeof game.gameId === 'string') ? game : null;
  } catch {
    return null;
  }
}
