import { lazy } from 'react';
import { defineModals } from '../../shared/modals/registry';

declare module '../../shared/modals/modal-store' {
  interface ModalParams {
    maintenance: Record<string, never>;
    'app-version': Record<string, never>;
    terms: Record<string, never>;
    'email-verified': Record<string, never>;
    onboarding: Record<string, never>;
  }
}

/** The site's notices, and the alert (its parameters are declared with the modal API: shared/modals). */
export const noticeModals = defineModals({
  alert: { component: lazy(() => import('./AlertModal')) },
  maintenance: { component: lazy(() => import('./MaintenanceModal')) },
  'app-version': { component: lazy(() => import('./AppVersionModal')) },
  terms: { component: lazy(() => import('./TermsModal')) },
  'email-verified': { component: lazy(() => import('./EmailVerifiedModal')) },
  onboarding: { component: lazy(() => import('./OnboardingModal')) },
});
