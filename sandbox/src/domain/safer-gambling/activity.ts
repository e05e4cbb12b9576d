import type { Db } from '../../db/open.js';
import { isoUtc } from '../clock.js';
import { nextPeriodStart, periodStart, previousPeriodStart, type CalendarPeriod } from '../johannesburg.js';
import { minutesPlayed } from './play-time.js';

/*
 * The activity statement (docs/rules.md#safer-gambling): per Johannesburg calendar day, week (from Monday) or month,
 * newest first and the current one included: deposits credited, withdrawals asked for (less those reversed or
 * failed), real-money stakes and wins (the ledger's money wallet: bonus play is not the player's money), the net
 * result (wins less stakes) and the minutes of real-money play.
 */

interface Totals {
  stakes_cents: number;
  wins_cents: number;
  net_cents: number;
  minutes_played: number;
}

/** Stakes, wins and the net of real-money play in [from, to), with the minutes played in it. */
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

function sumCents(db: Db, sql: string, userId: number, from: Date, to: Date): number {
  const row = db.prepare(sql).get(userId, from.toISOString(), to.toISOString()) as { total: number };
  return row.total;
}

/** GET /api/activity: the newest `limit` periods up to the one holding `now`. */
export function activityStatement(db: Db, userId: number, period: CalendarPeriod, limit: number, now: Date) {
  const data = [];
  let start = periodStart(period, now);
  for (let i = 0; i < limit; i++) {
    const end = nextPeriodStart(period, start);
    const deposits = sumCents(
      db,
      `SELECT COALESCE(SUM(amount_cents), 0) AS total FROM ledger
       WHERE user_id = ? AND wallet = 'money' AND kind = 'deposit' AND created_at >= ? AND created_at < ?`,
      userId,
      start,
      end,
    );
    const withdrawals = sumCents(
      db,
      `SELECT COALESCE(SUM(amount_cents), 0) AS total FROM withdrawals
       WHERE user_id = ? AND status NOT IN ('reversed', 'failed') AND created_at >= ? AND created_at < ?`,
      userId,
      start,
      end,
    );
    data.push({
      start: isoUtc(start),
      end: isoUtc(end),
      deposits_cents: deposits,
      withdrawals_cents: withdrawals,
      ...playTotals(db, userId, start, end),
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
