import { z } from 'zod';
import type { ResolversTypes } from '../__generated__/resolvers-types.js';
import { TIME_ZONE } from '../domain/time.js';
import type { LimitPeriodName } from '../models.js';
import { isoDate, parseUpstream } from './parse.js';
import type { RequestUpstream } from './request-upstream.js';

/*
 * The activity statement and the reality check's "this session" (docs/rules.md#safer-gambling): GET /api/activity
 * (per Johannesburg day, week or month, newest first: every movement of the player's cash, and its net the result of
 * play) and GET /api/activity/summary?since= (real money only).
 */

type ActivityRowModel = ResolversTypes['ActivityRow'];
type PlaySummaryModel = ResolversTypes['PlaySummary'];

const cents = z.number().int();
const minutes = z.number().int().nonnegative();

const RowJson = z.object({
  start: isoDate,
  end: isoDate,
  opening_cash_cents: cents,
  deposits_cents: cents,
  refunds_cents: cents,
  withdrawals_cents: cents,
  stakes_cents: cents,
  wins_cents: cents,
  buy_ins_cents: cents,
  prizes_cents: cents,
  chest_rewards_cents: cents,
  bonus_releases_cents: cents,
  net_cents: cents,
  closing_cash_cents: cents,
  minutes_played: minutes,
});
const ActivityJson = z.object({ data: z.array(RowJson) });

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const monthFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, month: 'long', year: 'numeric' });

/** The period as players read it: "27 Nov 2026", "Week of 23 Nov 2026", "November 2026" (Johannesburg's calendar). */
function periodLabel(period: LimitPeriodName, start: Date): string {
  // en-GB writes "Sept" for September; players read "Sep", as the site's other dates write it.
  const day = dayFormat.format(start).replace('Sept', 'Sep');
  if (period === 'day') return day;
  if (period === 'week') return `Week of ${day}`;
  return monthFormat.format(start);
}

const money = (c: number) => ({ cents: c });

/** GET /api/activity?period=&limit=: the latest `limit` periods, the current one included, newest first. */
export const loadActivity = (
  upstream: RequestUpstream,
  period: LimitPeriodName,
  limit: number,
): Promise<ActivityRowModel[]> =>
  upstream.read(`/api/activity?period=${period}&limit=${limit}`, (raw) =>
    parseUpstream(ActivityJson, raw, 'activity').data.map((r) => ({
      start: r.start.toISOString(),
      end: r.end.toISOString(),
      label: periodLabel(period, r.start),
      openingCash: money(r.opening_cash_cents),
      deposits: money(r.deposits_cents),
      refunds: money(r.refunds_cents),
      withdrawals: money(r.withdrawals_cents),
      stakes: money(r.stakes_cents),
      wins: money(r.wins_cents),
      buyIns: money(r.buy_ins_cents),
      prizes: money(r.prizes_cents),
      chestRewards: money(r.chest_rewards_cents),
      bonusReleases: money(r.bonus_releases_cents),
      net: money(r.net_cents),
      closingCash: money(r.closing_cash_cents),
      minutesPlayed: r.minutes_played,
    })),
  );

const SummaryJson = z.object({
  since: isoDate,
  minutes_played: minutes,
  stakes_cents: cents,
  wins_cents: cents,
  net_cents: cents,
});

/** GET /api/activity/summary?since=: real-money play since an instant at most 24 hours ago. */
export const loadPlaySummary = (upstream: RequestUpstream, since: Date): Promise<PlaySummaryModel> =>
  upstream.read(`/api/activity/summary?since=${encodeURIComponent(since.toISOString())}`, (raw) => {
    const s = parseUpstream(SummaryJson, raw, 'play summary');
    return {
      since: s.since.toISOString(),
      minutesPlayed: s.minutes_played,
      staked: money(s.stakes_cents),
      won: money(s.wins_cents),
      net: money(s.net_cents),
    };
  });
