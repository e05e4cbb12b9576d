import { lazy } from 'react';
import { defineModals } from '../../shared/modals/registry';

declare module '../../shared/modals/modal-store' {
  interface ModalParams {
    /** The cashier, on its deposit tab unless told (a deposit's way back reads the address itself). */
    wallet: { tab?: 'deposit' | 'withdraw' };
    transactions: Record<string, never>;
  }
}

export const cashierModals = defineModals({
  wallet: { component: lazy(() => import('./WalletModal')), player: true },
  transactions: { component: lazy(() => import('./TransactionsModal')), player: true },
});
