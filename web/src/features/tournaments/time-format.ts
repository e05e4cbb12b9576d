/*
 * How tournament times read on screen (docs/rules.md#audience-and-time): durations and countdowns as 'HH H MM M'
 * (dates: ui/time.ts). The gateway formats its own responses the same way
 * (gateway/src/domain/time.ts); the site needs its own copy because its countdowns tick between responses.
 */

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Seconds as 'HH H MM M': whole minutes, rounded down; the hours keep counting past 24 ('30 H 00 M'); anything
 * not positive (a countdown whose instant has passed) reads '00 H 00 M', never a negative time.
 */
export function formatDuration(seconds: number): string {
  const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds / 60) : 0;
  return `${pad2(Math.floor(minutes / 60))} H ${pad2(minutes % 60)} M`;
}

/** The time left from `now` (ms since the epoch) until `target` (an ISO instant), as 'HH H MM M'. */
export function formatCountdown(target: string | number | Date, now: number): string {
  const at = target instanceof Date ? target.getTime() : new Date(target).getTime();
  return formatDuration((at - now) / 1000);
}

/** Minutes of play as players read them: '60 min', '2 h', '1 h 30 min'. */
export function formatMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}
