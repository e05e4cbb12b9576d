import crypto from 'node:crypto';
import type { Db } from '../db/open.js';

/** Bearer tokens are random and stored only as SHA-256 hashes, so the database never holds a usable token. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function issueToken(db: Db, userId: number, kind: 'session' | 'game', now: Date): string {
  const token = crypto.randomBytes(32).toString('base64url');
  db.prepare('INSERT INTO tokens (token_hash, user_id, kind, created_at) VALUES (?, ?, ?, ?)').run(
    hashToken(token),
    userId,
    kind,
    now.toISOString(),
  );
  return token;
}

export interface TokenOwner {
  userId: number;
  kind: 'session' | 'game';
  tokenHash: string;
}

export function resolveToken(db: Db, token: string): TokenOwner | null {
  const row = db
    .prepare('SELECT user_id, kind, token_hash FROM tokens WHERE token_hash = ? AND revoked_at IS NULL')
    .get(hashToken(token)) as { user_id: number; kind: 'session' | 'game'; token_hash: string } | undefined;
  return row ? { userId: row.user_id, kind: row.kind, tokenHash: row.token_hash } : null;
}

/** Why a session ended, as a 401 for its token says (docs/rules.md#sign-in-and-sessions). */
export const SESSION_END_REASONS = [
  'signed_out',
  'password_reset',
  'signed_in_elsewhere',
  'expired',
  // The player excluded themself (docs/rules.md#safer-gambling): every session ends at once.
  'self_excluded',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export function revokeToken(
  db: Db,
  tokenHash: string,
  now: Date,
  reason: SessionEndReason = 'signed_out',
): void {
  db.prepare(
    'UPDATE tokens SET revoked_at = ?, revoked_reason = ? WHERE token_hash = ? AND revoked_at IS NULL',
  ).run(now.toISOString(), reason, tokenHash);
}

/** Revokes every live token of a player (a new password signs out every session). */
export function revokeUserTokens(
  db: Db,
  userId: number,
  now: Date,
  reason: SessionEndReason = 'password_reset',
): void {
  db.prepare(
    'UPDATE tokens SET revoked_at = ?, revoked_reason = ? WHERE user_id = ? AND revoked_at IS NULL',
  ).run(now.toISOString(), reason, userId);
}

/** Why a token's session ended, when it was a session this backend issued and ended; null otherwise. */
export function sessionEndReason(db: Db, token: string): SessionEndReason | null {
  const row = db
    .prepare('SELECT revoked_reason FROM tokens WHERE token_hash = ? AND revoked_at IS NOT NULL')
    .get(hashToken(token)) as { revoked_reason: string | null } | undefined;
  const reason = row?.revoked_reason;
  return (SESSION_END_REASONS as readonly string[]).includes(reason ?? '')
    ? (reason as SessionEndReason)
    : null;
}
