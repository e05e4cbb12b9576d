import { lazy } from 'react';
import { defineModals } from '../../shared/modals/registry';

declare module '../../shared/modals/modal-store' {
  interface ModalParams {
    notifications: Record<string, never>;
  }
}

export const notificationModals = defineModals({
  notifications: { component: lazy(() => import('./NotificationsModal')), player: true },
});
