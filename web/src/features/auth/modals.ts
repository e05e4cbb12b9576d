import { lazy } from 'react';
import type { AuthMode } from '../../shared/modals/modal-store';
import { defineModals } from '../../shared/modals/registry';

const MODES: readonly string[] = ['login', 'registration', 'reset'] satisfies AuthMode[];

/** The auth modal (its parameters are declared with the modal API, which opens it: shared/modals/modal-store.ts). */
export const authModals = defineModals({
  auth: {
    component: lazy(() => import('./AuthModal')),
    // ?modal=auth&mode=registration (or reset).
    address: {
      keys: ['mode'],
      read: (search) => {
        const mode = search.get('mode');
        return mode && MODES.includes(mode) ? { mode: mode as AuthMode } : {};
      },
    },
  },
});
