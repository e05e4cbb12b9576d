import { DATA_CACHE } from './offline/cache-names';
import { SESSION_TOKEN_KEY } from './session-token-key';

/*
 * What the site keeps in the browser (docs/rules.md#sign-in-and-sessions). The player's, forgotten at sign-out
 * (PLAYER_KEYS): the session token (play_live_session_token), their notifications as last seen
 * (play_live_notifications), their reality-check interval (play_live_reality_check_minutes) and, in the tab's
 * sessionStorage, the game they chose before signing in (play_live_pending_game) and the cashier's payments in
 * flight (play_live_payment_intents, play_live_unknown_withdrawal: keptForSession); and the screens' data the
 * service worker kept for offline (the playlive-data cache). The site's, kept: the affiliate and
 * tracking id from the address (docs/rules.md#routes-and-query-parameters), the tab's CSRF token, its one
 * reload after a failed code download, and the low-data choice (play_live_low_data, also a cookie the server reads:
 * shared/low-data/low-data.ts). Storage can be unavailable (private modes, blocked cookies): then nothing is
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
/** The cashier's payment intents' idempotency keys (features/cashier/intent.ts), kept for the session in this tab. */
export const PAYMENT_INTENTS_KEY = 'play_live_payment_intents';
/** A withdrawal whose outcome is not known yet (features/cashier/withdrawal-outcome.ts), likewise. */
export const UNKNOWN_WITHDRAWAL_KEY = 'play_live_unknown_withdrawal';
/** The payment method the player last chose in the cashier (features/cashier/DepositForm.tsx), likewise. */
export const DEPOSIT_METHOD_KEY = 'play_live_deposit_method';

/** Everything kept for the player: local storage's keys, and the tab's session storage's. */
export const PLAYER_KEYS = {
  local: [SESSION_TOKEN_KEY, NOTIFICATIONS_KEY, REALITY_CHECK_KEY],
  session: [PENDING_GAME_KEY, PAYMENT_INTENTS_KEY, UNKNOWN_WITHDRAWAL_KEY, DEPOSIT_METHOD_KEY],
} as const;

/** Storage refused: what keptForSession keeps lives as long as the page. */
const pageOnly = new Map<string, string>();

/** Which session a kept value belongs to: a hash of its token (FNV-1a), so the token is not written twice. */
function sessionMark(): string {
  const token = sessionToken() ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}

/**
 * A value kept for the session in this tab (sessionStorage): it survives a reload of the tab, not a sign-out
 * (PLAYER_KEYS.session) and not another player's session (it is read only with the token it was kept with). Null
 * when nothing is kept for this session.
 */
export function keptForSession<T>(key: string): T | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(key);
  } catch {
    raw = pageOnly.get(key) ?? null;
  }
  if (raw === null) return null;
  try {
    const kept = JSON.parse(raw) as { session?: unknown; value?: T };
    return kept.session === sessionMark() && kept.value !== undefined ? kept.value : null;
  } catch {
    return null;
  }
}

/** Keeps `value` (JSON) for the session in this tab; null forgets it. */
export function keepForSession(key: string, value: unknown): void {
  const raw = value === null ? null : JSON.stringify({ session: sessionMark(), value });
  try {
    if (raw === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, raw);
    pageOnly.delete(key);
  } catch {
    if (raw === null) pageOnly.delete(key);
    else pageOnly.set(key, raw);
  }
}

/** Sign-out: nothing of the player stays in this browser (another tab hears of it by the token's storage event). */
export function forgetPlayer(): void {
  for (const key of PLAYER_KEYS.local) write(key, null);
  pageOnly.clear();
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
