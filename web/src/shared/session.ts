import { useSyncExternalStore } from 'react';
import type { Environment } from 'relay-runtime';
import { openAuth } from './modals/modal-store';
import { createEnvironment } from './relay/environment';
import { renderContext } from './render-context';
import { serverPage, type ServerPage } from './relay/server-page';
import { forgetPlayer, rememberSignedIn, saveSessionToken, SESSION_TOKEN_KEY, sessionToken } from './storage';

/*
 * The player's session in this tab, the one path from a sign-in or sign-out to the screen's data
 * (docs/rules.md#sign-in-and-sessions). Either way the Relay environment is replaced whole: personal fields live on
 * shared records (Game.isFavourite, Tournament.joined), so one player's data must never be read from a store
 * another filled. Route loaders load into the current environment; the layout renders with the environment its
 * loaded query belongs to (and each screen with its own loader's, app/ScreenEnvironment.tsx), so a screen never
 * mixes the two while the new session's data is on its way, and the layout, which follows the session's changes,
 * loads the open screen's data again: no page reload.
 */
/**
 * Why a session ended without the player asking here (docs/rules.md#sign-in-and-sessions): the casino's reason
 * (`extensions.reason` of its UNAUTHENTICATED), `other_tab` when the player signed out in another tab, `unknown` when
 * the casino gave none. The login dialog says it.
 */
export type SessionEndReason =
  | 'signed_out'
  | 'password_reset'
  | 'signed_in_elsewhere'
  | 'expired'
  | 'self_excluded'
  | 'other_tab'
  | 'unknown';

export interface Session {
  /** The environment of the session now: route loaders load into it. */
  environment(): Environment;
  /** Whether a session token is held: a player whose account cannot be read is still signed in. */
  signedIn(): boolean;
  /** Signs in with the gateway's token. */
  signIn(token: string): void;
  /** Forgets the session here; `reload` reloads the whole page instead (the account menu's sign-out may ask). */
  signOut(options?: { reload?: boolean }): void;
  /** Notes that the layout's query `ref` was loaded now, for the session now. */
  loaded(ref: object): void;
  /** Notes that the layout renders `ref`'s data; whether it belongs to the session now. */
  shows(ref: object): boolean;
  /** Whether the layout shows an earlier session's data (the next navigation loads it again). */
  showsEarlier(): boolean;
  /** Renders again on every sign-in and sign-out (a hook): the layout then loads the screen's data again. */
  useChanges(): number;
  /** Calls `listener` on every sign-in and sign-out (what a feature keeps in memory for the player forgets it). */
  onChange(listener: () => void): () => void;
  /** Why the last session ended when the player did not ask for it here; null after a sign-in or their own sign-out. */
  useEndReason(): SessionEndReason | null;
}

/** Counts sign-ins and sign-outs: data loaded for an older count belongs to an earlier session. */
let version = 0;
/** Which session each load of the layout's query was made for, and which one the layout shows. */
const loadedFor = new WeakMap<object, number>();
let shown = -1;
let endReason: SessionEndReason | null = null;
/** The token this tab's session was made with (storage may hold another's, written by another tab). */
let held = sessionToken();
const listeners = new Set<() => void>();

const REASONS: readonly string[] = [
  'signed_out',
  'password_reset',
  'signed_in_elsewhere',
  'expired',
  'self_excluded',
];

/** The gateway refused the session (expired, revoked): sign out without a reload and ask to sign in again. */
function refused(reason?: string): void {
  if (!sessionToken()) return;
  change(null, reason && REASONS.includes(reason) ? (reason as SessionEndReason) : 'unknown');
  openAuth('login');
}

/** An environment whose refusals count only while it is the session's (a late response of an earlier one does not). */
function newEnvironment(records?: ServerPage['records']): ReturnType<typeof createEnvironment> {
  const made = createEnvironment({
    records,
    onUnauthenticated: (reason) => {
      if (current === made) refused(reason);
    },
  });
  return made;
}
/*
 * A guest's first environment starts with the records of the server-rendered page, so the loaders find their data
 * and ask for nothing again (docs/architecture.md#server-rendering). A player's tab never uses them (a guest's
 * data), and keeps the signed-in cookie that makes the site serve it the client shell.
 */
let current = newEnvironment(held === null ? (serverPage()?.records ?? undefined) : undefined);
if (held !== null) rememberSignedIn(true);

/**
 * A new session (a token, or none): the old environment's live subscription closed first, so no late event of it
 * reaches the new one (and persisted stores accept writes only from the environment now: features/notifications),
 * then a fresh environment, what the browser keeps for the player forgotten at a sign-out, and everything that
 * follows the session told. `stored`: the token is already in storage (another tab put it there).
 */
function change(token: string | null, reason: SessionEndReason | null = null, stored = false): void {
  current.dispose();
  current = newEnvironment();
  held = token;
  if (token === null) forgetPlayer();
  else if (!stored) saveSessionToken(token);
  endReason = reason;
  version += 1;
  for (const listener of listeners) listener();
}

/*
 * Every tab follows the others (docs/rules.md#sign-in-and-sessions): a sign-out in one removes the token, and the
 * storage event tells the rest at once (a sign-in, or another player's, likewise). Only other tabs get the event.
 */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_TOKEN_KEY && event.key !== null) return;
    const token = sessionToken();
    if (token === held) return;
    if (token !== null) return change(token, null, true);
    change(null, 'other_tab', true);
    openAuth('login');
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const session: Session = {
  environment: () => renderContext()?.environment ?? current.environment,
  signedIn: () => held !== null,
  signIn: (token) => change(token),
  signOut(options = {}) {
    if (options.reload) {
      current.dispose();
      forgetPlayer();
      window.location.reload();
      return;
    }
    change(null);
  },
  loaded: (ref) => void loadedFor.set(ref, version),
  shows(ref) {
    shown = loadedFor.get(ref) ?? -1;
    return shown === version;
  },
  showsEarlier: () => shown !== version,
  // The server renders for a guest only (it answers a signed-in browser the client shell): no change, no reason.
  useChanges: () =>
    useSyncExternalStore(
      subscribe,
      () => version,
      () => 0,
    ),
  onChange: subscribe,
  useEndReason: () =>
    useSyncExternalStore(
      subscribe,
      () => endReason,
      () => null,
    ),
};
