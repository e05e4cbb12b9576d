import { openAuth, openModal } from '../../shared/modals/modal-store';
import { rememberGame, type PendingGame } from './pending-game';

/** A game never starts offline (docs/architecture.md#offline-and-flaky-data): said where it would start. */
export const GAMES_NEED_CONNECTION = "You're offline. Games need a connection to start.";

/**
 * Starts a game: in the game modal, for real money (players) or in demo (anyone). A guest who asks for real play
 * is asked to sign in first, and the game starts after they have.
 */
export function playGame(game: PendingGame, options: { demo: boolean; signedIn: boolean }): void {
  if (!options.demo && !options.signedIn) {
    rememberGame(game);
    openAuth('login');
    return;
  }
  openModal('game', { ...game, demo: options.demo });
}
