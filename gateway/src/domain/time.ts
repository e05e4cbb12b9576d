/** Every date players see is in Johannesburg time (docs/rules.md#audience-and-time). */
export const TIME_ZONE = 'Africa/Johannesburg';

// Node's own time zone data (Intl): one formatter, made once, whose parts are put in the order players read. The site
// formats its own dates the same way (web/src/ui/time.ts); the two are kept apart because the gateway's image holds
// no site code.
const johannesburgParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'yyyy-MM-dd HH:mm' in Johannesburg time, for example '2026-11-22 10:00' for 08:00 UTC. */
export function formatJohannesburg(date: Date | number): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of johannesburgParts.formatToParts(date)) part[type] = value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A duration as players read it, 'HH H MM M' (docs/rules.md#audience-and-time): whole minutes, rounded down, hours
 * not capped at 24 (a 30-hour countdown reads '30 H 00 M'). Negative or non-finite input reads as zero: a countdown
 * that has passed its instant shows nothing left rather than a negative time.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds / 60) : 0;
  return `${pad2(Math.floor(total / 60))} H ${pad2(total % 60)} M`;
}
