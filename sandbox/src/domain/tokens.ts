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

export function revokeToken(db: Db, tokenHash: string, now: Date): void {
  db.prepare('UPDATE tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL').run(
    now.toISOString(),
    tokenHash,
  );
}

/** Revokes every live token of a player (a new password signs out every session). */
export function revokeUserTokens(db: Db, userId: number, now: Date): void {
  db.prepare('UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL').run(
    now.toISOString(),
    userId,
  );
}
