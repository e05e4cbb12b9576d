/*
 * Dates as players read them (docs/rules.md#audience-and-time): 'yyyy-MM-dd HH:mm' in Johannesburg time, which is
 * UTC+2 all year (no daylight saving), whatever zone the player's device is set to.
 */

const JOHANNESBURG_OFFSET_MS = 2 * 60 * 60 * 1000;

/** An instant from the gateway (ISO 8601, UTC) as '2026-11-22 10:00'; the text as given when it is not a date. */
export function johannesburgDate(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms + JOHANNESBURG_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
