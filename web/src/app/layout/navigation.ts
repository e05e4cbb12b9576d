import type { ModalName } from '../modals/modal-store';

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
];

/** The games navigation above the catalogue. */
export const GAMES_NAV: readonly { label: string; to: string }[] = [
  { label: 'Game Providers', to: '/webplay/game-providers' },
  { label: 'Favorites', to: '/webplay/favourites' },
  { label: 'All Games', to: '/webplay/all' },
  { label: 'New Games', to: '/webplay/new-games' },
  { label: 'Slot Games', to: '/webplay/category/slots' },
  { label: 'Live Casino', to: '/webplay/live-casino' },
  { label: 'Table Games', to: '/webplay/category/table-games' },
  { label: 'Top Games', to: '/webplay/subgroup/top' },
];

export const FOOTER_LINKS: readonly { label: string; to: string }[] = [
  { label: 'How to play', to: '/how-to' },
  { label: 'About us', to: '/about-us' },
  { label: 'Promotions', to: '/promotions' },
  { label: 'Tournaments', to: '/tournaments' },
  { label: 'News', to: '/news' },
  { label: 'Terms and conditions', to: '/terms-and-conditions' },
  { label: 'Privacy policy', to: '/privacy-policy' },
  { label: 'Responsible gambling', to: '/responsible-gambling' },
];
