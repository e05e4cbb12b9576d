import type { SessionEndReason } from '../../shared/session';

/**
 * Why a session ended when the player did not sign out here, as the login dialog says it
 * (docs/rules.md#sign-in-and-sessions). The reason comes from the casino (the gateway's `extensions.reason`) or from
 * this browser (another tab signed out).
 */
export const SESSION_ENDED: Record<SessionEndReason, string> = {
  signed_in_elsewhere: 'Your session ended: you signed in on another device. Log in again to carry on here.',
  expired: 'Your session ended: it expired. Log in again to carry on.',
  other_tab: 'Your session ended: you signed out in another tab.',
  signed_out: 'Your session ended: you signed out on another device or tab.',
  password_reset: 'Your session ended: your password was changed. Log in with your new password.',
  // The player excluded themselves on another device (docs/rules.md#safer-gambling): signing in is refused until it ends.
  self_excluded:
    'Your session ended: you excluded yourself from PlayLive, so you cannot sign in until it ends.',
  unknown: 'Your session ended. Log in again to carry on.',
};
