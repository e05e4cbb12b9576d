/*
 * A date's wall-clock fields in a time zone whose offset from UTC does not change, computed without Intl. A page's
 * first Intl formatter loads ICU's locale and zone data: 30-100 ms at 1× in Chromium on the bench's machine
 * (docs/benchmarks.md#hydration-against-each-pages-floor), which a date on a server-rendered page (a promotion's
 * "Added" date, a tournament's end) paid inside the page's hydration. The site's own zone, Johannesburg, has been
 * UTC+2 all year since 1944 (docs/rules.md#audience-and-time); other zones, and earlier instants, go to Intl.
 */

/** Minutes east of UTC, for zones that keep one offset all year. */
const FIXED_OFFSETS: Record<string, number> = { 'Africa/Johannesburg': 120, UTC: 0, 'Etc/UTC': 0 };

/** South Africa's last daylight saving ended in March 1944. */
const FIXED_SINCE = Date.UTC(1945, 0, 1);

interface ClockFields {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall clock in `timeZone` at `date`, or null when Intl must say (a zone with daylight saving, an old date). */
export function fixedOffsetClock(date: Date, timeZone: string): ClockFields | null {
  const offset = FIXED_OFFSETS[timeZone];
  const time = date.getTime();
  if (offset === undefined || !(time >= FIXED_SINCE)) return null;
  const local = new Date(time + offset * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}
