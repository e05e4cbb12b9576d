import { fixedOffsetClock } from './fixed-offset-clock';

/*
 * Dates as players read them (docs/rules.md#audience-and-time): 'yyyy-MM-dd HH:mm' in Johannesburg time, whatever
 * zone the player's device is set to. The gateway returns instants in UTC.
 */

/** Every date players see is in Johannesburg time. */
export const TIME_ZONE = 'Africa/Johannesburg';

// Made on first use, not when the module loads: a time zone's first formatter loads the zone's rules, a few
// milliseconds that would otherwise sit in the app's start-up task (tens on a slow phone).
let parts: Intl.DateTimeFormat | undefined;
const johannesburgParts = () =>
  (parts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

/** 'yyyy-MM-dd HH:mm' in Johannesburg time: 08:00 UTC on 22 November 2026 reads '2026-11-22 10:00'; '' if no date. */
export function formatJohannesburg(instant: string | number | Date): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  // Without Intl where the zone's offset is fixed (./fixed-offset-clock.ts: its first use is costly on a hydrating page).
  const clock = fixedOffsetClock(date, TIME_ZONE);
  if (clock) {
    const two = (n: number) => String(n).padStart(2, '0');
    return `${clock.year}-${two(clock.month)}-${two(clock.day)} ${two(clock.hour)}:${two(clock.minute)}`;
  }
  const part = Object.fromEntries(
    johannesburgParts()
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}
