import type { Db } from '../db/open.js';
import { notFound } from '../http/errors.js';
import { identityKey, maskIdentityNumber, type Identity, type IdentityKind } from './identity.js';

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
  /** The identity (docs/rules.md#know-your-player); all null on an account opened before the casino asked for it. */
  id_number: string | null;
  identity_kind: IdentityKind | null;
  identity_country: string | null;
  identity_key: string | null;
  created_at: string;
  updated_at: string;
}

export function findUser(db: Db, id: number): UserRow {
  const row = db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
  if (!row) throw notFound('User');
  return row;
}

/**
 * The account as GET /api/account returns it: never the password hash, and the identity number only masked (its
 * first six characters: docs/rules.md#know-your-player).
 */
export function accountJson(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    date_of_birth: user.date_of_birth,
    id_number_masked: user.id_number === null ? null : maskIdentityNumber(user.id_number),
    identity_kind: user.identity_kind,
    passport_country: user.identity_kind === 'passport' ? user.identity_country : null,
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

export function isEmailTaken(db: Db, email: string): boolean {
  return db.prepare('SELECT 1 FROM users WHERE email = ?').get(email) !== undefined;
}

/** Whether an account holds this identity (its key: identity.ts identityKey). */
export function isIdentityTaken(db: Db, key: string): boolean {
  return db.prepare('SELECT 1 FROM users WHERE identity_key = ?').get(key) !== undefined;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  phone: string | null;
  dateOfBirth: string;
  identity: Identity;
  affiliate: string;
  trackingId: string | null;
}

/** Inserts a player; returns the new id. A taken email or identity fails on the table's unique indexes. */
export function insertUser(db: Db, user: NewUser, now: Date): number {
  const stamp = now.toISOString();
  const info = db
    .prepare(
      `INSERT INTO users (name, email, password_hash, phone, date_of_birth, id_number, identity_kind,
         identity_country, identity_key, affiliate, tracking_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      user.name,
      user.email,
      user.passwordHash,
      user.phone,
      user.dateOfBirth,
      user.identity.number,
      user.identity.kind,
      user.identity.country,
      identityKey(user.identity),
      user.affiliate,
      user.trackingId,
      stamp,
      stamp,
    );
  return Number(info.lastInsertRowid);
}

/** What a sign-in checks: the id and password hash of the account with that email, if any. */
export function findCredentials(db: Db, email: string) {
  return db.prepare('SELECT id, password_hash FROM users WHERE email = ?').get(email) as
    { id: number; password_hash: string | null } | undefined;
}

/** The account with that email that signs in with a password (not one that only signs in elsewhere), if any. */
export function findPasswordAccount(db: Db, email: string) {
  return db
    .prepare('SELECT id, email FROM users WHERE email = ? AND password_hash IS NOT NULL')
    .get(email) as { id: number; email: string } | undefined;
}

export function setPasswordHash(db: Db, userId: number, passwordHash: string, now: Date): void {
  db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(
    passwordHash,
    now.toISOString(),
    userId,
  );
}

export function updateProfile(
  db: Db,
  userId: number,
  profile: { name: string; phone: string | null },
  now: Date,
) {
  db.prepare('UPDATE users SET name = ?, phone = ?, updated_at = ? WHERE id = ?').run(
    profile.name,
    profile.phone,
    now.toISOString(),
    userId,
  );
}

/** Marks the email verified; the first verification's time stays. */
export function markEmailVerified(db: Db, userId: number, now: Date): void {
  db.prepare('UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ?').run(
    now.toISOString(),
    userId,
  );
}
