import { authModals } from '../../features/auth/modals';
import { cashierModals } from '../../features/cashier/modals';
import { couponModals } from '../../features/coupons/modals';
import { loyaltyModals } from '../../features/loyalty/modals';
import { noticeModals } from '../../features/notices/modals';
import { notificationModals } from '../../features/notifications/modals';
import { playModals } from '../../features/play/modals';
import { profileModals } from '../../features/profile/modals';
import { tournamentModals } from '../../features/tournaments/modals';
import type { ModalName } from '../../shared/modals/modal-store';
import type { ModalRegistry } from '../../shared/modals/registry';

/** Every modal of the site, as its feature declares it: a modal declared and not listed here fails to compile. */
export const MODALS: ModalRegistry = {
  ...authModals,
  ...noticeModals,
  ...playModals,
  ...cashierModals,
  ...couponModals,
  ...profileModals,
  ...loyaltyModals,
  ...notificationModals,
  ...tournamentModals,
};

export const isModalName = (value: string | null): value is ModalName =>
  value !== null && Object.hasOwn(MODALS, value);
