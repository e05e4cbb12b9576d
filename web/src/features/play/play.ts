import { openAuth, openModal } from '../../shared/modals/modal-store';
import { rememberGame, type PendingGame } from './pending-game';

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
