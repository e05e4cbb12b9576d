/*
 * Johannesburg time for safer gambling (docs/rules.md#safer-gambling): the casino's messages name times as
 * `yyyy-MM-dd HH:mm` there, and the play-time limit runs per Johannesburg calendar day. South Africa keeps UTC+2 all
 * year (no daylight saving), so a fixed offset is exact.
 */

const OFFSET_MS = 2 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** "2026-11-28 10:15", as a player in Johannesburg reads the time. */
export function johannesburgText(date: Date): string {
  return new Date(date.getTime() + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** The Johannesburg midnight that began `date`'s calendar day. */
export function startOfJohannesburgDay(date: Date): Date {
  const local = date.getTime() + OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - OFFSET_MS);
}

/** The next Johannesburg midnight after `date` (when the play-time limit resets). */
export function nextJohannesburgMidnight(date: Date): Date {
  return new Date(startOfJohannesburgDay(date).getTime() + DAY_MS);
}
