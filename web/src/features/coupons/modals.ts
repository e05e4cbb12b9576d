import { lazy } from 'react';
import { defineModals } from '../../shared/modals/registry';

declare module '../../shared/modals/modal-store' {
  interface ModalParams {
    /** Redeeming a coupon; `code` fills the field. */
    coupon: { code?: string };
    wagering: Record<string, never>;
  }
}

export const couponModals = defineModals({
  coupon: { component: lazy(() => import('./CouponModal')), player: true },
  wagering: { component: lazy(() => import('./WageringModal')), player: true },
});
