import { lazy } from 'react';
import { defineModals } from '../../shared/modals/registry';

declare module '../../shared/modals/modal-store' {
  interface ModalParams {
    /** The tournaments, or one of them (its id, or the backend's number) with its leaderboard. */
    tournaments: { tournament?: string };
    /** "Choose a game": the games that score in one tournament (its id). */
    tournamentGames: { tournament: string };
  }
}

export const tournamentModals = defineModals({
  tournaments: {
    component: lazy(() => import('./TournamentsModal')),
    // ?modal=tournaments&tournament=<id> opens that tournament in the modal.
    address: {
      keys: ['tournament'],
      read: (search) => {
        const tournament = search.get('tournament');
        return tournament ? { tournament } : {};
      },
    },
  },
  tournamentGames: {
    component: lazy(() => import('./TournamentGamesModal')),
    // ?modal=tournamentGames&tournament=<id> lists that tournament's games.
    address: {
      keys: ['tournament'],
      read: (search) => ({ tournament: search.get('tournament') ?? '' }),
    },
  },
});
