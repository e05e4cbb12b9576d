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
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}
