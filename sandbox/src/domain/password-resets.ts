import type { Db } from '../db/open.js';

/** Password reset tokens, stored (like bearer tokens) only as hashes. */

export function insertPasswordReset(db: Db, tokenHash: string, userId: number, now: Date): void {
  db.prepare('INSERT INTO password_resets (token_hash, user_id, created_at) VALUES (?, ?, ?)').run(
    tokenHash,
    userId,
    now.toISOString(),
  );
}

/** An unused reset with this token hash for the account with this email, if any. */
export function findUnusedPasswordReset(db: Db, tokenHash: string, email: string) {
  return db
    .prepare(
      `SELECT r.user_id, r.created_at FROM password_resets r JOIN users u ON u.id = r.user_id
       WHERE r.token_hash = ? AND r.used_at IS NULL AND u.email = ?`,
    )
    .get(tokenHash, email) as { user_id: number; created_at: string } | undefined;
}

export function markPasswordResetUsed(db: Db, tokenHash: string, now: Date): void {
  db.prepare('UPDATE password_resets SET used_at = ? WHERE token_hash = ?').run(now.toISOString(), tokenHash);
}
