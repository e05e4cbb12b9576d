import { resetEnvironment } from './relay/current';
import { openAuth } from './modals/modal-store';
import { saveNotifications, saveSessionToken, sessionToken } from './storage';

/*
 * Signing in and out (docs/rules.md#sign-in-and-sessions). Either way the Relay store starts afresh (one player's
 * personal fields must never show to the next) and the open screen's data is loaded again, without a page reload.
 */

let reloadScreen: () => void = () => {};
/** Counts sign-ins and sign-outs: the frame's data is loaded again whenever it was loaded for an older session. */
let version = 0;
export const sessionVersion = () => version;

/** How the app loads the open screen's data again (the router's revalidate), registered once at start. */
export function onSessionChange(reload: () => void): void {
  reloadScreen = reload;
}

export function signIn(token: string): void {
  saveSessionToken(token);
  version += 1;
  resetEnvironment();
  reloadScreen();
}

/** Forgets the session here; `reload` reloads the whole page (a sign-out from the account menu may ask for it). */
export function signOutLocally(options: { reload?: boolean } = {}): void {
  saveSessionToken(null);
  saveNotifications(null);
  version += 1;
  if (options.reload) {
    window.location.reload();
    return;
  }
  resetEnvironment();
  reloadScreen();
}

/** The gateway refused the session (expired, revoked): sign out without a reload and ask to sign in again. */
export function sessionRefused(): void {
  if (!sessionToken()) return;
  signOutLocally();
  openAuth('login');
}
