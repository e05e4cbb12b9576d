import { useSyncExternalStore } from 'react';
import type { Environment } from 'relay-runtime';
import { openAuth } from './modals/modal-store';
import { createEnvironment } from './relay/environment';
import { saveNotifications, saveSessionToken, sessionToken } from './storage';

/*
 * The player's session in this tab, the one path from a sign-in or sign-out to the screen's data
 * (docs/rules.md#sign-in-and-sessions). Either way the Relay environment is replaced whole: personal fields live on
 * shared records (Game.isFavourite, Tournament.joined), so one player's data must never be read from a store
 * another filled. Route loaders load into the current environment; the layout renders with the environment its
 * loaded query belongs to (and each screen with its own loader's, app/ScreenEnvironment.tsx), so a screen never
 * mixes the two while the new session's data is on its way, and the layout, which follows the session's changes,
 * loads the open screen's data again: no page reload.
 */
export interface Session {
  /** The environment of the session now: route loaders load into it. */
  environment(): Environment;
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
}

/** Counts sign-ins and sign-outs: data loaded for an older count belongs to an earlier session. */
let version = 0;
/** Which session each load of the layout's query was made for, and which one the layout shows. */
const loadedFor = new WeakMap<object, number>();
let shown = -1;
const listeners = new Set<() => void>();

/** The gateway refused the session (expired, revoked): sign out without a reload and ask to sign in again. */
function refused(): void {
  if (!sessionToken()) return;
  change(null);
  openAuth('login');
}

const newEnvironment = () => createEnvironment({ onUnauthenticated: refused });
let current = newEnvironment();

/** A new session (a token, or none): a fresh environment, and everything that follows the session told. */
function change(token: string | null): void {
  saveSessionToken(token);
  if (token === null) saveNotifications(null);
  version += 1;
  current.dispose();
  current = newEnvironment();
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const session: Session = {
  environment: () => current.environment,
  signIn: (token) => change(token),
  signOut(options = {}) {
    if (options.reload) {
      saveSessionToken(null);
      saveNotifications(null);
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
  useChanges: () => useSyncExternalStore(subscribe, () => version),
};
