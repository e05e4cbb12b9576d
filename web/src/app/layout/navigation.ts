import type { ModalName } from '../../shared/modals/modal-store';

/** The side menu (docs/rules.md#routes-and-query-parameters): pages, and two entries that open a player's modal. */
export const SIDE_MENU: readonly ({ label: string } & ({ to: string } | { modal: ModalName }))[] = [
  { label: 'Live Games', to: '/webplay/live-casino' },
  { label: 'Slots', to: '/webplay/category/slots' },
  { label: 'Games', to: '/webplay/all' },
  { label: 'Promotions', to: '/promotions' },
  { label: 'Tournaments', to: '/tournaments' },
  { label: 'How To', to: '/how-to' },
  { label: 'Cashier', modal: 'wallet' },
  { label: 'Redeem', modal: 'coupon' },
  // Help one click away on every page (docs/rules.md#help-and-contact); on phones, in the drawer and the footer.
  { label: 'Help', to: '/help' },
];

export const FOOTER_LINKS: readonly { label: string; to: string }[] = [
  { label: 'Help and contact', to: '/help' },
  { label: 'How to play', to: '/how-to' },
  { label: 'About us', to: '/about-us' },
  { label: 'Promotions', to: '/promotions' },
  { label: 'Tournaments', to: '/tournaments' },
  { label: 'News', to: '/news' },
  { label: 'Terms and conditions', to: '/terms-and-conditions' },
  { label: 'Privacy policy', to: '/privacy-policy' },
  { label: 'Responsible gambling', to: '/responsible-gambling' },
];
