import type { SandboxContext } from '../../context.js';
import type { Db } from '../../db/open.js';
import { ApiError } from '../../http/errors.js';
import { isoUtc } from '../clock.js';
import { formatJohannesburg } from '../johannesburg.js';
import { writeAudit } from './audit.js';
import type { GuardedAction } from './guard.js';
import { announce, refuse, refusalError } from './refusal.js';

/*
 * Breaks and self-exclusions (docs/rules.md#safer-gambling). Rows are never deleted: one is in force from its start
 * until its end, and cannot be ended early. A self-exclusion outranks any break running beside it.
 */

export const BREAK_LENGTHS = ['24h', '7d', '6w'] as const;
export const EXCLUSION_LENGTHS = ['6m', '1y', '5y'] as const;
export type BreakLength = (typeof BREAK_LENGTHS)[number];
export type ExclusionLength = (typeof EXCLUSION_LENGTHS)[number];
export type RestrictionKind = 'break' | 'self_exclusion';

const DAY_MS = 24 * 3600_000;
/** How long each length lasts; the exclusions' months and years are fixed day counts (182, 365, 1826). */
const LENGTH_MS: Record<BreakLength | ExclusionLength, number> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '6w': 42 * DAY_MS,
  '6m': 182 * DAY_MS,
  '1y': 365 * DAY_MS,
  '5y': 1826 * DAY_MS,
};

/** Each length in words, as the audit and texts name it. */
export const LENGTH_WORDS: Record<BreakLength | ExclusionLength, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '6w': '6 weeks',
  '6m': '6 months',
  '1y': '1 year',
  '5y': '5 years',
};

export interface Restriction {
  kind: RestrictionKind;
  length: BreakLength | ExclusionLength;
  startedAt: Date;
  endsAt: Date;
}

interface RestrictionRow {
  kind: RestrictionKind;
  length: BreakLength | ExclusionLength;
  started_at: string;
  ends_at: string;
}

const restrictionOf = (row: RestrictionRow | undefined): Restriction | null =>
  row
    ? {
        kind: row.kind,
        length: row.length,
        startedAt: new Date(row.started_at),
        endsAt: new Date(row.ends_at),
      }
    : null;

/**
 * The break or self-exclusion in force for the player at `now`, or null. A self-exclusion follows the person, not
 * the account (docs/rules.md#know-your-player): one in force on any account holding the player's identity counts
 * here too, so sign-in, deposits and play of every such account are refused alike. A break is the account's own.
 */
export function currentRestriction(db: Db, userId: number, now: Date): Restriction | null {
  const row = db
    .prepare(
      `SELECT kind, length, started_at, ends_at FROM play_restrictions
       WHERE started_at <= @now AND ends_at > @now
         AND (user_id = @userId OR (kind = 'self_exclusion' AND user_id IN (
           SELECT other.id FROM users me JOIN users other ON other.identity_key = me.identity_key
           WHERE me.id = @userId)))
       ORDER BY kind = 'self_exclusion' DESC, ends_at DESC, id DESC LIMIT 1`,
    )
    .get({ userId, now: now.toISOString() }) as RestrictionRow | undefined;
  return restrictionOf(row);
}

/**
 * The self-exclusion in force at `now` on any account holding this identity (identity.ts identityKey), or null:
 * a registration with it is refused whatever its email (docs/rules.md#know-your-player).
 */
export function identityExclusion(db: Db, key: string, now: Date): Restriction | null {
  const row = db
    .prepare(
      `SELECT r.kind, r.length, r.started_at, r.ends_at FROM play_restrictions r JOIN users u ON u.id = r.user_id
       WHERE u.identity_key = @key AND r.kind = 'self_exclusion' AND r.started_at <= @now AND r.ends_at > @now
       ORDER BY r.ends_at DESC, r.id DESC LIMIT 1`,
    )
    .get({ key, now: now.toISOString() }) as RestrictionRow | undefined;
  return restrictionOf(row);
}

/** A restriction as the REST API shows it (GET /api/limits' `restriction`). */
export function restrictionJson(restriction: Restriction | null) {
  return restriction
    ? {
        kind: restriction.kind,
        length: restriction.length,
        started_at: isoUtc(restriction.startedAt),
        ends_at: isoUtc(restriction.endsAt),
      }
    : null;
}

/** Keeps a new break or self-exclusion, from `now` for its length (the caller audits it). */
export function insertRestriction(
  db: Db,
  userId: number,
  kind: RestrictionKind,
  length: BreakLength | ExclusionLength,
  now: Date,
): Restriction {
  const endsAt = new Date(now.getTime() + LENGTH_MS[length]);
  db.prepare(
    'INSERT INTO play_restrictions (user_id, kind, length, started_at, ends_at) VALUES (?, ?, ?, ?, ?)',
  ).run(userId, kind, length, now.toISOString(), endsAt.toISOString());
  return { kind, length, startedAt: now, endsAt };
}

/** The casino's refusal of anything a restriction forbids (announced live, as every refusal is). */
export function restrictionRefusal(
  ctx: SandboxContext,
  userId: number,
  restriction: Restriction,
  status = 422,
): ApiError {
  return refuse(ctx, userId, refusalOf(restriction), status);
}

/** A registration with an identity under self-exclusion: 403, the same answer as the sign-in's refusal. */
export const registrationRefusal = (exclusion: Restriction): ApiError =>
  refusalError(refusalOf(exclusion), 403);

function refusalOf(restriction: Restriction) {
  const until = formatJohannesburg(restriction.endsAt);
  return restriction.kind === 'break'
    ? {
        code: 'taking_a_break' as const,
        message: `You are taking a break until ${until}. Deposits and real-money play are paused until then.`,
        resetsAt: restriction.endsAt,
      }
    : {
        code: 'self_excluded' as const,
        message: `You have excluded yourself from PlayLive until ${until}. You cannot sign in, deposit or play before then.`,
        resetsAt: restriction.endsAt,
      };
}

/**
 * Refuses `action` (a deposit, real launch or spin, coupon redemption or tournament join: each is refused alike)
 * during a break or a self-exclusion; returns when none is in force.
 */
export function checkRestriction(ctx: SandboxContext, userId: number, _action: GuardedAction): void {
  const restriction = currentRestriction(ctx.db, userId, ctx.clock());
  if (restriction) throw restrictionRefusal(ctx, userId, restriction);
}

/** Sign-in is refused to a self-excluded player with 403 and the exclusion's message; a break allows it. */
export function assertMaySignIn(ctx: SandboxContext, userId: number): void {
  const restriction = currentRestriction(ctx.db, userId, ctx.clock());
  if (restriction?.kind === 'self_exclusion') throw restrictionRefusal(ctx, userId, restriction, 403);
}

/**
 * Starts a break from now. A longer one than the break in force replaces it (from now); one ending no later is
 * refused, as a break cannot be shortened or ended early. During a self-exclusion there is nothing to start.
 */
export function startBreak(ctx: SandboxContext, userId: number, length: BreakLength): Restriction {
  const { db } = ctx;
  const now = ctx.clock();
  const restriction = db.transaction(() => {
    const current = currentRestriction(db, userId, now);
    if (current?.kind === 'self_exclusion') throw restrictionRefusal(ctx, userId, current);
    if (current && now.getTime() + LENGTH_MS[length] <= current.endsAt.getTime()) {
      throw new ApiError(422, `You are already taking a break until ${formatJohannesburg(current.endsAt)}.`, {
        errors: { length: ['must end later than the break you are already taking'] },
      });
    }
    const started = insertRestriction(db, userId, 'break', length, now);
    writeAudit(
      db,
      userId,
      'break_started',
      `Break of ${LENGTH_WORDS[length]} started, until ${formatJohannesburg(started.endsAt)}`,
      now,
      { length },
    );
    return started;
  })();
  announce(ctx, userId, { reason: 'changed' });
  return restriction;
}
