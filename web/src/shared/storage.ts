import { DATA_CACHE } from './offline/cache-names';
import { SESSION_TOKEN_KEY } from './session-token-key';

/*
 * What the site keeps in the browser (docs/rules.md#sign-in-and-sessions). The player's, forgotten at sign-out
 * (PLAYER_KEYS): the session token (play_live_session_token), their notifications as last seen
 * (play_live_notifications), their reality-check interval (play_live_reality_check_minutes) and, in the tab's
 * sessionStorage, the game they chose before signing in (play_live_pending_game); and the screens' data the
 * service worker kept for offline (the playlive-data cache). The site's, kept: the affiliate and
 * tracking id from the address (docs/rules.md#routes-and-query-parameters), the tab's CSRF token and its one
 * reload after a failed code download. Storage can be unavailable (private modes, blocked cookies): then nothing is
 * kept, and nothing breaks.
 */

export { SESSION_TOKEN_KEY };
const AFFILIATE_KEY = 'play_live_affiliate';
const TRACKING_ID_KEY = 'play_live_tracking_id';
export const DEFAULT_AFFILIATE = 'organic';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage refused: the value lives only as long as the page.
  }
}

export const sessionToken = () => read(SESSION_TOKEN_KEY);
export function saveSessionToken(token: string | null): void {
  write(SESSION_TOKEN_KEY, token);
  rememberSignedIn(token !== null);
}

/**
 * The signed-in hint (docs/architecture.md#server-rendering): while it is set the site server answers the client
 * shell, so a player's layout is never rendered as a guest's first. It holds no data; the token stays in storage.
 */
const SIGNED_IN_COOKIE = 'play_live_signed_in';
const YEAR_S = 365 * 24 * 60 * 60;

export function rememberSignedIn(signedIn: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = signedIn
    ? `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`
    : `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** The player's notifications as last seen, shown until the first response arrives: JSON, see features/notifications. */
const NOTIFICATIONS_KEY = 'play_live_notifications';
export const savedNotifications = () => read(NOTIFICATIONS_KEY);
export const saveNotifications = (json: string | null) => write(NOTIFICATIONS_KEY, json);

export const REALITY_CHECK_KEY = 'play_live_reality_check_minutes';
export const PENDING_GAME_KEY = 'play_live_pending_game';

/** Everything kept for the player: local storage's keys, and the tab's session storage's. */
export const PLAYER_KEYS = {
  local: [SESSION_TOKEN_KEY, NOTIFICATIONS_KEY, REALITY_CHECK_KEY],
  session: [PENDING_GAME_KEY],
} as const;

/** Sign-out: nothing of the player stays in this browser (another tab hears of it by the token's storage event). */
export function forgetPlayer(): void {
  for (const key of PLAYER_KEYS.local) write(key, null);
  rememberSignedIn(false);
  // The screens' data the service worker kept for offline (web/build/service-worker.ts) may be the player's.
  if (typeof caches !== 'undefined') void caches.delete(DATA_CACHE).catch(() => {});
  try {
    for (const key of PLAYER_KEYS.session) window.sessionStorage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept there.
  }
}

export const affiliate = () => read(AFFILIATE_KEY) ?? DEFAULT_AFFILIATE;
export const trackingId = () => read(TRACKING_ID_KEY);

/** An affiliate code or tracking id as the backend accepts it; anything else from an address is ignored. */
const AFFILIATE = /^[A-Za-z0-9_.-]{1,64}$/;
const TRACKING_ID = /^[\x21-\x7e]{1,128}$/;

export function rememberAffiliate(code: string): void {
  if (AFFILIATE.test(code)) write(AFFILIATE_KEY, code);
}

export function rememberTrackingId(id: string): void {
  if (TRACKING_ID.test(id)) write(TRACKING_ID_KEY, id);
}
