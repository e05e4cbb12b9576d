import { lazy } from 'react';
import { defineModals } from '../../shared/modals/registry';

declare module '../../shared/modals/modal-store' {
  interface ModalParams {
    /** A game by its code or by the backend's number (?play=), for real money or in demo. */
    game: { code?: string; gameId?: string; demo?: boolean };
  }
}

export const playModals = defineModals({
  game: { component: lazy(() => import('./GamePlayModal')) },
});
