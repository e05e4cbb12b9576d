import type { Db } from '../../db/open.js';
import { isoUtc } from '../clock.js';

/*
 * The safer-gambling audit (docs/rules.md#safer-gambling): a row for every change a player makes to their tools, and
 * every change the casino makes for them (a pending limit applied, a payout), with a description in the casino's
 * own words. The Safer gambling page shows the newest 20 as "Your changes".
 */

export type AuditAction =
  | 'limit_set'
  | 'limit_lowered'
  | 'limit_raise_requested'
  | 'limit_removal_requested'
  | 'pending_applied'
  | 'reality_check_set'
  | 'break_started'
  | 'self_excluded'
  | 'payout';

export interface AuditEntry {
  at: string;
  description: string;
}

/** Keeps one change, e.g. "Daily deposit limit set to R50.00". `detail` is for support (JSON), never shown. */
export function writeAudit(
  db: Db,
  userId: number,
  action: AuditAction,
  description: string,
  at: Date,
  detail: Record<string, unknown> = {},
): void {
  db.prepare(
    'INSERT INTO safer_gambling_audit (user_id, action, description, detail, at) VALUES (?, ?, ?, ?, ?)',
  ).run(userId, action, description, JSON.stringify(detail), at.toISOString());
}

/** The player's newest `limit` changes, newest first (two in the same millisecond: the later written first). */
export function listAudit(db: Db, userId: number, limit: number): AuditEntry[] {
  const rows = db
    .prepare(
      'SELECT at, description FROM safer_gambling_audit WHERE user_id = ? ORDER BY at DESC, id DESC LIMIT ?',
    )
    .all(userId, limit) as { at: string; description: string }[];
  return rows.map((row) => ({ at: isoUtc(new Date(row.at)), description: row.description }));
}
