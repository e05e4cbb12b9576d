/*
 * Johannesburg time (SAST, UTC+2 all year: South Africa keeps no daylight saving), in which the casino's texts name
 * times and its calendar days, weeks and months begin (docs/rules.md#safer-gambling).
 */
const OFFSET_MS = 2 * 3600_000;

/** A time as the casino's texts show it: Johannesburg `yyyy-MM-dd HH:mm`. */
export function formatJohannesburg(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** A calendar period on Johannesburg's calendar: a day from midnight, a week from Monday, a month from the 1st. */
export type CalendarPeriod = 'day' | 'week' | 'month';

/** The start (UTC instant) of the Johannesburg calendar period that holds `at`. */
export function periodStart(period: CalendarPeriod, at: Date): Date {
  const local = new Date(at.getTime() + OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  let startLocal: number;
  if (period === 'day') startLocal = Date.UTC(y, m, d);
  else if (period === 'week') startLocal = Date.UTC(y, m, d - ((local.getUTCDay() + 6) % 7));
  else startLocal = Date.UTC(y, m, 1);
  return new Date(startLocal - OFFSET_MS);
}

/** The start of the period after the one beginning at `start` (itself a period start). */
export function nextPeriodStart(period: CalendarPeriod, start: Date): Date {
  const local = new Date(start.getTime() + OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const next =
    period === 'day'
      ? Date.UTC(y, m, d + 1)
      : period === 'week'
        ? Date.UTC(y, m, d + 7)
        : Date.UTC(y, m + 1, 1);
  return new Date(next - OFFSET_MS);
}

/** The start of the period before the one beginning at `start`. */
export function previousPeriodStart(period: CalendarPeriod, start: Date): Date {
  const local = new Date(start.getTime() + OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const prev =
    period === 'day'
      ? Date.UTC(y, m, d - 1)
      : period === 'week'
        ? Date.UTC(y, m, d - 7)
        : Date.UTC(y, m - 1, 1);
  return new Date(prev - OFFSET_MS);
}

/** The Johannesburg calendar date (yyyy-mm-dd) at `at`. */
export function johannesburgDate(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}
