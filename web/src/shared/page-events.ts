/**
 * What the app announces on `window` while it takes a server-rendered page over (main.tsx), for the page's starter
 * (web/server/page-start.ts), which taps again a button the player tapped before the app could answer: that the app
 * starts hydrating (React answers taps from then on, and replays those that come while it hydrates), and that it
 * has.
 */
export const HYDRATING_EVENT = 'playlive:hydrating';
export const HYDRATED_EVENT = 'playlive:hydrated';

/**
 * The casino said live that one of the player's deposits settled (a DepositEvent, features/live/ViewerEvents.tsx;
 * the event's detail is its depositStatus): a watched deposit takes its outcome from it
 * (features/cashier/deposit-watch.ts), even while asking for it fails, rather than saying "not known" beside a
 * balance that already shows it.
 */
export const DEPOSIT_SETTLED_EVENT = 'playlive:deposit-settled';
