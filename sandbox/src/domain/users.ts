import type { Db } from '../db/open.js';
import { notFound } from '../http/errors.js';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  password_hash: string | null;
  phone: string | null;
  date_of_birth: string | null;
  email_verified_at: string | null;
  welcome_package_expired: number;
  loyalty_status: string;
  loyalty_tier: string;
  loyalty_stake_remainder_cents: number;
  onboarding_seen_at: string | null;
  affiliate: string;
  tracking_id: string | null;
  created_at: string;
  updated_at: string;
}

export function findUser(db: Db, id: number): UserRow {
  const row = db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
  if (!row) throw notFound('User');
  return row;
}

/** The account as GET /api/account answers it: never the password hash. */
export function accountJson(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    date_of_birth: user.date_of_birth,
    email_verified_at: user.email_verified_at,
    welcome_package_expired: user.welcome_package_expired === 1,
    onboarding_seen: user.onboarding_seen_at !== null,
    affiliate: user.affiliate,
    tracking_id: user.tracking_id,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

/** Marks the onboarding tour seen. Idempotent: the first time stays, so a repeat (a retried call) changes nothing. */
export function markOnboardingSeen(db: Db, userId: number, now: Date): UserRow {
  db.prepare(
    'UPDATE users SET onboarding_seen_at = ?, updated_at = ? WHERE id = ? AND onboarding_seen_at IS NULL',
  ).run(now.toISOString(), now.toISOString(), userId);
  return findUser(db, userId);
}
