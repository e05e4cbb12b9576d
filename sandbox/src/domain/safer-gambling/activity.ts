import type { Db } from '../../db/open.js';
import { isoUtc } from '../clock.js';
import { nextPeriodStart, periodStart, previousPeriodStart, type CalendarPeriod } from '../johannesburg.js';
import { minutesPlayed } from './play-time.js';

/*
 * The activity statement (docs/rules.md#safer-gambling): per Johannesburg calendar day, week (from Monday) or month,
 * newest first and the current one included, every movement of the player's cash (the ledger's money wallet: bonus
 * money is not the player's until it is released) and the minutes of real-money play. Money in and out: deposits
 * credited, deposits returned (a refund), withdrawals taken from the cash less those returned (reversed or failed).
 * The result of play: stakes, wins, tournament buy-ins, prizes and other cash the casino paid (kind credit), loyalty
 * chest rewards and bonuses released as cash. The net is that result: wins + prizes + chest rewards + bonus
 * releases − stakes − buy-ins, so that opening cash + deposits − refunds − withdrawals + net = closing cash.
 */

interface Totals {
  stakes_cents: number;
  wins_cents: number;
  net_cents: number;
  minutes_played: number;
}

/** Stakes, wins and the net of real-money play in [from, to), with the minutes played in it (the play summary). */
function playTotals(db: Db, userId: number, from: Date, to: Date): Totals {
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(CASE WHEN kind = 'bet' THEN -amount_cents END), 0) AS stakes,
              COALESCE(SUM(CASE WHEN kind = 'win' THEN amount_cents END), 0) AS wins
       FROM ledger WHERE user_id = ? AND wallet = 'money' AND kind IN ('bet', 'win')
         AND created_at >= ? AND created_at < ?`,
    )
    .get(userId, from.toISOString(), to.toISOString()) as { stakes: number; wins: number };
  return {
    stakes_cents: row.stakes,
    wins_cents: row.wins,
    net_cents: row.wins - row.stakes,
    minutes_played: minutesPlayed(db, userId, from, to),
  };
}

interface CashMovements {
  deposits: number;
  refunds: number;
  withdrawals: number;
  stakes: number;
  wins: number;
  buy_ins: number;
  prizes: number;
  chest_rewards: number;
  bonus_releases: number;
}

/** Every movement of the player's cash in [from, to), by kind (each a positive figure). */
function cashMovements(db: Db, userId: number, from: Date, to: Date): CashMovements {
  return db
    .prepare(
      `SELECT COALESCE(SUM(CASE WHEN kind = 'deposit' AND amount_cents > 0 THEN amount_cents END), 0) AS deposits,
              COALESCE(SUM(CASE WHEN kind = 'deposit' AND amount_cents < 0 THEN -amount_cents END), 0) AS refunds,
              COALESCE(SUM(CASE WHEN kind = 'withdrawal' THEN -amount_cents END), 0) AS withdrawals,
              COALESCE(SUM(CASE WHEN kind = 'bet' THEN -amount_cents END), 0) AS stakes,
              COALESCE(SUM(CASE WHEN kind = 'win' THEN amount_cents END), 0) AS wins,
              COALESCE(SUM(CASE WHEN kind = 'buy_in' THEN -amount_cents END), 0) AS buy_ins,
              COALESCE(SUM(CASE WHEN kind = 'credit' THEN amount_cents END), 0) AS prizes,
              COALESCE(SUM(CASE WHEN kind = 'chest_reward' THEN amount_cents END), 0) AS chest_rewards,
              COALESCE(SUM(CASE WHEN kind = 'bonus_release' THEN amount_cents END), 0) AS bonus_releases
       FROM ledger WHERE user_id = ? AND wallet = 'money' AND created_at >= ? AND created_at < ?`,
    )
    .get(userId, from.toISOString(), to.toISOString()) as CashMovements;
}

/** The player's cash just before `at`: the money wallet's ledger sum. */
function cashBefore(db: Db, userId: number, at: Date): number {
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(amount_cents), 0) AS total FROM ledger
       WHERE user_id = ? AND wallet = 'money' AND created_at < ?`,
    )
    .get(userId, at.toISOString()) as { total: number };
  return row.total;
}

/** GET /api/activity: the newest `limit` periods up to the one holding `now`. */
export function activityStatement(db: Db, userId: number, period: CalendarPeriod, limit: number, now: Date) {
  const data = [];
  let start = periodStart(period, now);
  for (let i = 0; i < limit; i++) {
    const end = nextPeriodStart(period, start);
    const m = cashMovements(db, userId, start, end);
    data.push({
      start: isoUtc(start),
      end: isoUtc(end),
      opening_cash_cents: cashBefore(db, userId, start),
      deposits_cents: m.deposits,
      refunds_cents: m.refunds,
      withdrawals_cents: m.withdrawals,
      stakes_cents: m.stakes,
      wins_cents: m.wins,
      buy_ins_cents: m.buy_ins,
      prizes_cents: m.prizes,
      chest_rewards_cents: m.chest_rewards,
      bonus_releases_cents: m.bonus_releases,
      net_cents: m.wins + m.prizes + m.chest_rewards + m.bonus_releases - m.stakes - m.buy_ins,
      closing_cash_cents: cashBefore(db, userId, end),
      minutes_played: minutesPlayed(db, userId, start, end),
    });
    start = previousPeriodStart(period, start);
  }
  return { period, data };
}

/** GET /api/activity/summary: real-money play since `since` (the game screen's session, at most 24 hours). */
export function playSummary(db: Db, userId: number, since: Date, now: Date) {
  // Up to and including now: a spin this very millisecond is part of the session.
  return { since: isoUtc(since), ...playTotals(db, userId, since, new Date(now.getTime() + 1)) };
}
