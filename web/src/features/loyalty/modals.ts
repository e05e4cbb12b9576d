import { lazy } from 'react';
import { defineModals } from '../../shared/modals/registry';

declare module '../../shared/modals/modal-store' {
  interface ModalParams {
    loyalty: Record<string, never>;
  }
}

export const loyaltyModals = defineModals({
  loyalty: { component: lazy(() => import('./LoyaltyModal')), player: true },
});
