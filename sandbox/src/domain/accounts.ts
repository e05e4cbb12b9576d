import crypto from 'node:crypto';
import type { Db } from '../db/open.js';
import { ApiError } from '../http/errors.js';
import { queueMail } from './mail.js';
import { insertNotification } from './notifications.js';
import { hashPassword } from './passwords.js';
import { findUnusedPasswordReset, insertPasswordReset, markPasswordResetUsed } from './password-resets.js';
import { hashToken, issueToken, revokeUserTokens } from './tokens.js';
import { findPasswordAccount, insertUser, setPasswordHash, type NewUser } from './users.js';

/** Signing up and resetting a password: each a few writes that stand or fall together. */

/** A reset token is good for an hour. */
const RESET_TOKEN_MS = 60 * 60_000;

/** The refusals of an email or an identity already registered, as POST /api/register answers them. */
export const emailTaken = () =>
  new ApiError(422, 'The email has already been taken.', {
    errors: { email: ['The email has already been taken.'] },
  });
export const identityTaken = () => {
  const message = 'is already registered: log in, or contact support if this is not you';
  return new ApiError(422, `id_number: ${message}`, { errors: { id_number: [message] } });
};

/**
 * Creates the player with their welcome notification and a session; returns the id and the session token. The
 * caller has checked the email and the identity are free; one taken since (two sign-ups at once) is refused the
 * same way by the table's unique indexes.
 */
export function registerPlayer(
  db: Db,
  player: Omit<NewUser, 'passwordHash'> & { password: string },
  now: Date,
  passwordCost?: number,
): { userId: number; token: string } {
  try {
    return insertPlayer(db, player, now, passwordCost);
  } catch (err) {
    const { code, message } = err as { code?: string; message?: string };
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' && message?.includes('users.identity_key')) throw identityTaken();
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' && message?.includes('users.email')) throw emailTaken();
    throw err;
  }
}

function insertPlayer(
  db: Db,
  player: Omit<NewUser, 'passwordHash'> & { password: string },
  now: Date,
  passwordCost?: number,
): { userId: number; token: string } {
  return db.transaction(() => {
    const { password, ...fields } = player;
    const userId = insertUser(db, { ...fields, passwordHash: hashPassword(password, passwordCost) }, now);
    insertNotification(
      db,
      userId,
      'welcome_message',
      'Welcome to PlayLive',
      'Thanks for joining. Your welcome package is waiting in the cashier.',
      now,
    );
    return { userId, token: issueToken(db, userId, 'session', now) };
  })();
}

/** Mails a reset token to the address if it has a password account; does nothing (and says nothing) otherwise. */
export function requestPasswordReset(db: Db, email: string, now: Date): void {
  const user = findPasswordAccount(db, email);
  if (!user) return;
  const token = crypto.randomBytes(24).toString('base64url');
  insertPasswordReset(db, hashToken(token), user.id, now);
  queueMail(
    db,
    {
      to: user.email,
      subject: 'Reset your password',
      body: `Use this link to choose a new password: /password/reset/${token}\nReset token: ${token}`,
    },
    now,
  );
}

/**
 * Sets the new password for a valid, unused, unexpired reset token, signs out every other session and returns a
 * new session token; a bad or expired token is a 422. `assertMaySignIn` may refuse that sign-in by throwing (a
 * self-exclusion, docs/rules.md#safer-gambling): the new password is kept all the same.
 */
export function resetPassword(
  db: Db,
  reset: { token: string; email: string; password: string },
  now: Date,
  assertMaySignIn: (userId: number) => void,
  passwordCost?: number,
) {
  const tokenHash = hashToken(reset.token);
  const found = findUnusedPasswordReset(db, tokenHash, reset.email);
  const expired = found && now.getTime() - Date.parse(found.created_at) > RESET_TOKEN_MS;
  if (!found || expired) throw new ApiError(422, 'This password reset token is invalid or has expired.');
  db.transaction(() => {
    markPasswordResetUsed(db, tokenHash, now);
    setPasswordHash(db, found.user_id, hashPassword(reset.password, passwordCost), now);
    // A new password signs out every other session.
    revokeUserTokens(db, found.user_id, now);
  })();
  assertMaySignIn(found.user_id);
  return issueToken(db, found.user_id, 'session', now);
}
