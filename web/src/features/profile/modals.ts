import { lazy } from 'react';
import { defineModals } from '../../shared/modals/registry';

declare module '../../shared/modals/modal-store' {
  interface ModalParams {
    profile: Record<string, never>;
  }
}

export const profileModals = defineModals({
  profile: { component: lazy(() => import('./ProfileModal')), player: true },
});
