import type { SandboxContext } from '../../context.js';
import type { Db } from '../../db/open.js';
import { isoUtc } from '../clock.js';
import { formatJohannesburg, nextPeriodStart, periodStart } from '../johannesburg.js';
import { formatRands } from '../money.js';
import { stakeWallet } from '../spin.js';
import { expireDeposits } from '../wallet.js';
import { listAudit, writeAudit, type AuditAction } from './audit.js';
import type { GuardedAction } from './guard.js';
import { minutesPlayed } from './play-time.js';
import { realityCheckJson } from './reality-check.js';
import { refuse, type LimitPeriod } from './refusal.js';
import { currentRestriction, restrictionJson } from './restrictions.js';

/*
 * A player's limits (docs/rules.md#safer-gambling): deposit and loss limits per rolling day, week and month, a
 * daily play-time limit, and the reality-check interval. Lowering (or setting one where none was) holds at once;
 * raising or removing waits out a 24-hour cooling-off, so a decision taken in the heat of play cannot loosen a limit
 * straight away. Pending changes apply lazily: on the next read or check after their time, with an audit row.
 */

export type MoneyLimitKind = 'deposit' | 'loss';
type LimitKind = MoneyLimitKind | 'session';

export const LIMIT_PERIODS = ['day', 'week', 'month'] as const satisfies readonly LimitPeriod[];
export const MIN_MONEY_LIMIT_CENTS = 1_000;
export const MAX_MONEY_LIMIT_CENTS = 100_000_000;
export const SESSION_LIMIT_STEP_MINUTES = 15;
export const MAX_SESSION_LIMIT_MINUTES = 1440;
export const REALITY_CHECK_CHOICES = [15, 30, 60, 120] as const;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
/** Rolling windows: a month is 30 days, so every month-long window is as long as every other. */
const PERIOD_MS: Record<LimitPeriod, number> = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS };
const COOLING_OFF_MS = DAY_MS;
/** How many audit rows the limits' response carries ("Your changes"). */
const HISTORY_LENGTH = 20;

const PERIOD_WORDS: Record<LimitPeriod, string> = { day: 'daily', week: 'weekly', month: 'monthly' };
const KIND_WORDS: Record<LimitKind, string> = { deposit: 'deposit', loss: 'loss', session: 'play time' };

interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number | null;
  pending_amount: number | null;
  pending_effective_at: string | null;
}

/** "daily deposit limit", as the casino's messages name it. */
function limitName(kind: LimitKind, period: LimitPeriod): string {
  return `${PERIOD_WORDS[period]} ${KIND_WORDS[kind]} limit`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A limit's value in words: rands for money, minutes for play time. */
function valueText(kind: LimitKind, value: number): string {
  return kind === 'session' ? `${value} minutes` : formatRands(value);
}

function limitRow(db: Db, userId: number, kind: LimitKind, period: LimitPeriod): LimitRow | null {
  return (
    (db
      .prepare(
        'SELECT kind, period, amount, pending_amount, pending_effective_at FROM player_limits WHERE user_id = ? AND kind = ? AND period = ?',
      )
      .get(userId, kind, period) as LimitRow | undefined) ?? null
  );
}

function saveLimit(
  db: Db,
  userId: number,
  kind: LimitKind,
  period: LimitPeriod,
  amount: number | null,
  pending: { amount: number | null; effectiveAt: Date } | null,
  now: Date,
): void {
  if (amount === null && !pending) {
    db.prepare('DELETE FROM player_limits WHERE user_id = ? AND kind = ? AND period = ?').run(
      userId,
      kind,
      period,
    );
    return;
  }
  db.prepare(
    `INSERT INTO player_limits (user_id, kind, period, amount, pending_amount, pending_effective_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, kind, period) DO UPDATE SET amount = excluded.amount,
       pending_amount = excluded.pending_amount, pending_effective_at = excluded.pending_effective_at,
       updated_at = excluded.updated_at`,
  ).run(
    userId,
    kind,
    period,
    amount,
    pending?.amount ?? null,
    pending ? pending.effectiveAt.toISOString() : null,
    now.toISOString(),
  );
}

/**
 * Applies every pending raise or removal whose cooling-off has ended, each with an audit row dated when it took
 * effect (not when it was noticed).
 */
function applyDueChanges(db: Db, userId: number, now: Date): void {
  db.transaction(() => {
    const due = db
      .prepare(
        `SELECT kind, period, amount, pending_amount, pending_effective_at FROM player_limits
         WHERE user_id = ? AND pending_effective_at IS NOT NULL AND pending_effective_at <= ?
         ORDER BY pending_effective_at`,
      )
      .all(userId, now.toISOString()) as LimitRow[];
    for (const row of due) {
      const effectiveAt = new Date(row.pending_effective_at!);
      saveLimit(db, userId, row.kind, row.period, row.pending_amount, null, effectiveAt);
      const name = capitalised(limitName(row.kind, row.period));
      const description =
        row.pending_amount === null
          ? `${name} removed`
          : `${name} raised to ${valueText(row.kind, row.pending_amount)}`;
      writeAudit(db, userId, 'pending_applied', description, effectiveAt, {
        kind: row.kind,
        period: row.period,
        limit: row.pending_amount,
      });
    }
  })();
}

/**
 * Sets (a number) or removes (null) one limit under the cooling-off rule; returns whether anything changed. Asking
 * again for what is already set or already pending changes nothing, so a retried request is harmless.
 */
function changeLimit(
  db: Db,
  userId: number,
  kind: LimitKind,
  period: LimitPeriod,
  value: number | null,
  now: Date,
): boolean {
  const row = limitRow(db, userId, kind, period);
  const current = row?.amount ?? null;
  const pending = row?.pending_effective_at ? { amount: row.pending_amount } : null;
  const name = capitalised(limitName(kind, period));
  const audit = (action: AuditAction, description: string) =>
    writeAudit(db, userId, action, description, now, { kind, period, limit: value });

  if (current === null) {
    if (value === null) return false;
    saveLimit(db, userId, kind, period, value, null, now);
    audit('limit_set', `${name} set to ${valueText(kind, value)}`);
    return true;
  }
  if (value !== null && value <= current) {
    if (value === current && !pending) return false;
    saveLimit(db, userId, kind, period, value, null, now);
    audit(
      value === current ? 'limit_set' : 'limit_lowered',
      value === current
        ? `${name} kept at ${valueText(kind, value)}, the pending change cancelled`
        : `${name} lowered to ${valueText(kind, value)}`,
    );
    return true;
  }
  // A raise or a removal: the current limit holds through the cooling-off.
  if (pending && pending.amount === value) return false;
  const effectiveAt = new Date(now.getTime() + COOLING_OFF_MS);
  saveLimit(db, userId, kind, period, current, { amount: value, effectiveAt }, now);
  const when = formatJohannesburg(effectiveAt);
  if (value === null) audit('limit_removal_requested', `${name} removal requested, effective ${when}`);
  else
    audit('limit_raise_requested', `${name} raise to ${valueText(kind, value)} requested, effective ${when}`);
  return true;
}

/** What PUT /api/limits asks for: each field given sets (a number) or removes (null) that limit. */
export interface LimitsChange {
  deposit?: Partial<Record<LimitPeriod, number | null>>;
  loss?: Partial<Record<LimitPeriod, number | null>>;
  session_minutes?: number | null;
  reality_check_minutes?: number;
}

/** Applies a change to the player's tools in one transaction; returns whether anything changed. */
export function changeLimits(db: Db, userId: number, change: LimitsChange, now: Date): boolean {
  return db.transaction(() => {
    applyDueChanges(db, userId, now);
    let changed = false;
    for (const kind of ['deposit', 'loss'] as const) {
      for (const period of LIMIT_PERIODS) {
        const value = change[kind]?.[period];
        if (value !== undefined) changed = changeLimit(db, userId, kind, period, value, now) || changed;
      }
    }
    if (change.session_minutes !== undefined) {
      changed = changeLimit(db, userId, 'session', 'day', change.session_minutes, now) || changed;
    }
    if (change.reality_check_minutes !== undefined) {
      const info = db
        .prepare('UPDATE users SET reality_check_minutes = ? WHERE id = ? AND reality_check_minutes <> ?')
        .run(change.reality_check_minutes, userId, change.reality_check_minutes);
      if (info.changes > 0) {
        writeAudit(
          db,
          userId,
          'reality_check_set',
          `Reality check every ${change.reality_check_minutes} minutes`,
          now,
          { minutes: change.reality_check_minutes },
        );
        changed = true;
      }
    }
    return changed;
  })();
}

/** A movement that counts toward a money limit: positive uses it up, negative (a win) gives some back. */
interface Movement {
  at: number;
  cents: number;
}

/**
 * The deposits that count: pending (within the payment window) or complete, within the longest window. A failed one
 * (cancelled, or expired unpaid) and a refunded one free their amount.
 */
function depositMovements(db: Db, userId: number, now: Date): Movement[] {
  expireDeposits(db, userId, now);
  const rows = db
    .prepare(
      `SELECT created_at, amount_cents FROM deposits
       WHERE user_id = ? AND status IN ('pending', 'complete') AND created_at > ? AND created_at <= ?
       ORDER BY created_at`,
    )
    .all(userId, new Date(now.getTime() - PERIOD_MS.month).toISOString(), now.toISOString()) as {
    created_at: string;
    amount_cents: number;
  }[];
  return rows.map((r) => ({ at: Date.parse(r.created_at), cents: r.amount_cents }));
}

/**
 * Real-money stakes (bets on the `money` wallet), tournament buy-ins and wins, within the longest window; bonus play
 * never counts. A buy-in is money the player risks: a loss like a stake.
 */
function lossMovements(db: Db, userId: number, now: Date): Movement[] {
  const rows = db
    .prepare(
      `SELECT created_at, amount_cents FROM ledger
       WHERE user_id = ? AND wallet = 'money' AND kind IN ('bet', 'win', 'buy_in') AND created_at > ? AND created_at <= ?
       ORDER BY created_at, id`,
    )
    .all(userId, new Date(now.getTime() - PERIOD_MS.month).toISOString(), now.toISOString()) as {
    created_at: string;
    amount_cents: number;
  }[];
  // A bet (or a buy-in) is a negative ledger amount: a loss. A win is positive: it takes the loss back.
  return rows.map((r) => ({ at: Date.parse(r.created_at), cents: -r.amount_cents }));
}

interface Usage {
  used: number;
  /** When the usage first falls: the oldest counted movement leaves the window. */
  resetsAt: Date | null;
  /** The counted movements, oldest first. */
  counted: Movement[];
}

function usageIn(movements: Movement[], period: LimitPeriod, now: Date): Usage {
  const since = now.getTime() - PERIOD_MS[period];
  const counted = movements.filter((m) => m.at > since);
  const used = Math.max(
    0,
    counted.reduce((sum, m) => sum + m.cents, 0),
  );
  return { used, resetsAt: used > 0 ? new Date(counted[0]!.at + PERIOD_MS[period]) : null, counted };
}

/**
 * When a limit that is used up frees again (usage below the limit), if nothing more is spent: movements leave the
 * window oldest first, and a win leaving it can put usage up, so this is not always the first reset.
 */
function freesAt(usage: Usage, limit: number, period: LimitPeriod): Date {
  let sum = usage.counted.reduce((total, m) => total + m.cents, 0);
  const { counted } = usage;
  for (let i = 0; i < counted.length; i++) {
    sum -= counted[i]!.cents;
    const sameMoment = i + 1 < counted.length && counted[i + 1]!.at === counted[i]!.at;
    if (!sameMoment && Math.max(0, sum) < limit) return new Date(counted[i]!.at + PERIOD_MS[period]);
  }
  return new Date(counted[counted.length - 1]!.at + PERIOD_MS[period]);
}

interface MoneyLimitState {
  period: LimitPeriod;
  limit: number | null;
  usage: Usage;
  remaining: number | null;
  pending: { amount: number | null; effectiveAt: Date } | null;
}

function moneyLimitStates(db: Db, userId: number, kind: MoneyLimitKind, now: Date): MoneyLimitState[] {
  const movements = kind === 'deposit' ? depositMovements(db, userId, now) : lossMovements(db, userId, now);
  return LIMIT_PERIODS.map((period) => {
    const row = limitRow(db, userId, kind, period);
    const limit = row?.amount ?? null;
    const usage = usageIn(movements, period, now);
    return {
      period,
      limit,
      usage,
      remaining: limit === null ? null : Math.max(0, limit - usage.used),
      pending: row?.pending_effective_at
        ? { amount: row.pending_amount, effectiveAt: new Date(row.pending_effective_at) }
        : null,
    };
  });
}

interface SessionState {
  limit: number | null;
  used: number;
  resetsAt: Date;
  pending: { amount: number | null; effectiveAt: Date } | null;
}

/** Play time today (the Johannesburg calendar day), against the daily play-time limit. */
function sessionState(db: Db, userId: number, now: Date): SessionState {
  const row = limitRow(db, userId, 'session', 'day');
  const dayStart = periodStart('day', now);
  return {
    limit: row?.amount ?? null,
    used: minutesPlayed(db, userId, dayStart, now),
    resetsAt: nextPeriodStart('day', dayStart),
    pending: row?.pending_effective_at
      ? { amount: row.pending_amount, effectiveAt: new Date(row.pending_effective_at) }
      : null,
  };
}

/** When what is left of a limit grows again; with nothing counted, the window a deposit made now would start. */
const moreFrom = (state: MoneyLimitState, now: Date) =>
  state.usage.resetsAt ?? new Date(now.getTime() + PERIOD_MS[state.period]);

/** When the player may go on: more is left from `moreFrom`; a used-up limit frees when usage falls below it. */
const goOnFrom = (state: MoneyLimitState, now: Date) =>
  state.remaining! > 0 ? moreFrom(state, now) : freesAt(state.usage, state.limit!, state.period);

/** The binding limit among those refused: the least left, then the one that lets the player go on last. */
function binding(states: MoneyLimitState[], now: Date): MoneyLimitState {
  return [...states].sort(
    (a, b) => a.remaining! - b.remaining! || goOnFrom(b, now).getTime() - goOnFrom(a, now).getTime(),
  )[0]!;
}

function refuseDeposit(ctx: SandboxContext, userId: number, amountCents: number, now: Date): void {
  const over = moneyLimitStates(ctx.db, userId, 'deposit', now).filter(
    (s) => s.remaining !== null && amountCents > s.remaining,
  );
  if (over.length === 0) return;
  const state = binding(over, now);
  const name = limitName('deposit', state.period);
  const limit = formatRands(state.limit!);
  const resetsAt = goOnFrom(state, now);
  if (state.remaining! > 0) {
    throw refuse(ctx, userId, {
      code: 'deposit_limit_reached',
      period: state.period,
      resetsAt,
      message: `This deposit would take you past your ${name} of ${limit}. You can deposit ${formatRands(state.remaining!)} more until ${formatJohannesburg(resetsAt)}.`,
    });
  }
  throw refuse(ctx, userId, {
    code: 'deposit_limit_reached',
    period: state.period,
    resetsAt,
    message: `You have reached your ${name} of ${limit}. You can deposit again from ${formatJohannesburg(resetsAt)}.`,
  });
}

function refuseOverTime(ctx: SandboxContext, userId: number, now: Date): void {
  const session = sessionState(ctx.db, userId, now);
  if (session.limit === null || session.used < session.limit) return;
  throw refuse(ctx, userId, {
    code: 'session_limit_reached',
    period: 'day',
    resetsAt: session.resetsAt,
    message: `You have reached your ${limitName('session', 'day')} of ${session.limit} minutes. You can play for real money again from ${formatJohannesburg(session.resetsAt)}.`,
  });
}

/**
 * A launch (`cashStakeCents` null): refused once a loss limit is used up. A spin (or a tournament buy-in): refused
 * when its cash stake could take the loss past what is left of one.
 */
function refuseOverLoss(
  ctx: SandboxContext,
  userId: number,
  cashStakeCents: number | null,
  now: Date,
  what: 'stake' | 'buy-in' = 'stake',
): void {
  const over = moneyLimitStates(ctx.db, userId, 'loss', now).filter(
    (s) =>
      s.remaining !== null && (cashStakeCents === null ? s.remaining === 0 : cashStakeCents > s.remaining),
  );
  if (over.length === 0) return;
  const state = binding(over, now);
  const name = limitName('loss', state.period);
  const limit = formatRands(state.limit!);
  const resetsAt = goOnFrom(state, now);
  if (state.remaining! > 0) {
    throw refuse(ctx, userId, {
      code: 'loss_limit_reached',
      period: state.period,
      resetsAt,
      message: `This ${formatRands(cashStakeCents ?? 0)} ${what} could take you past your ${name} of ${limit}, which has ${formatRands(state.remaining!)} left until ${formatJohannesburg(resetsAt)}.`,
    });
  }
  throw refuse(ctx, userId, {
    code: 'loss_limit_reached',
    period: state.period,
    resetsAt,
    message: `You have reached your ${name} of ${limit}. You can play for real money again from ${formatJohannesburg(resetsAt)}.`,
  });
}

/**
 * Refuses `action` when a deposit, loss or play-time limit forbids it (the casino's refusal, announced live):
 * a deposit must fit every deposit limit set; a real launch needs play time left and no loss limit used up; a real
 * spin needs play time left and a cash stake within what is left of every loss limit (a bonus stake cannot lose the
 * player's own money); a tournament's buy-in (cash) must fit within what is left of every loss limit. Coupons and free
 * tournaments have no limit of their own.
 */
export function checkLimits(ctx: SandboxContext, userId: number, action: GuardedAction): void {
  if (action.kind === 'coupon') return;
  if (action.kind === 'tournament' && action.buyInCents === 0) return;
  const now = ctx.clock();
  applyDueChanges(ctx.db, userId, now);
  if (action.kind === 'tournament') {
    refuseOverLoss(ctx, userId, action.buyInCents, now, 'buy-in');
    return;
  }
  if (action.kind === 'deposit') {
    refuseDeposit(ctx, userId, action.amountCents, now);
    return;
  }
  refuseOverTime(ctx, userId, now);
  if (action.kind === 'launch') {
    refuseOverLoss(ctx, userId, null, now);
    return;
  }
  const fromCash = stakeWallet(ctx.db, userId, action.stakeCents) === 'money';
  refuseOverLoss(ctx, userId, fromCash ? action.stakeCents : 0, now);
}

const pendingJson = (pending: { amount: number | null; effectiveAt: Date } | null, key: string) =>
  pending ? { [key]: pending.amount, effective_at: isoUtc(pending.effectiveAt) } : null;

function moneyLimitsJson(states: MoneyLimitState[]) {
  return Object.fromEntries(
    states.map((s) => [
      s.period,
      {
        limit_cents: s.limit,
        used_cents: s.usage.used,
        remaining_cents: s.remaining,
        resets_at: s.usage.resetsAt ? isoUtc(s.usage.resetsAt) : null,
        pending: pendingJson(s.pending, 'limit_cents'),
      },
    ]),
  );
}

/**
 * The player's safer-gambling tools as GET /api/limits answers them (and every write to them): limits with what is
 * used, left and when it resets, pending changes, the reality check, any break or exclusion, and the newest changes.
 */
export function limitsResponse(db: Db, userId: number, now: Date) {
  applyDueChanges(db, userId, now);
  const session = sessionState(db, userId, now);
  const user = db.prepare('SELECT reality_check_minutes FROM users WHERE id = ?').get(userId) as
    { reality_check_minutes: number } | undefined;
  return {
    limits: {
      deposit: moneyLimitsJson(moneyLimitStates(db, userId, 'deposit', now)),
      loss: moneyLimitsJson(moneyLimitStates(db, userId, 'loss', now)),
      session: {
        limit_minutes: session.limit,
        used_minutes: session.used,
        remaining_minutes: session.limit === null ? null : Math.max(0, session.limit - session.used),
        resets_at: isoUtc(session.resetsAt),
        pending: pendingJson(session.pending, 'limit_minutes'),
      },
    },
    reality_check_minutes: user?.reality_check_minutes ?? 60,
    reality_check_choices: [...REALITY_CHECK_CHOICES],
    // The current play session's reality check (reality-check.ts), null when none is open.
    reality_check: realityCheckJson(db, userId, now),
    restriction: restrictionJson(currentRestriction(db, userId, now)),
    history: listAudit(db, userId, HISTORY_LENGTH),
  };
}
