import { fixedOffsetClock } from './fixed-offset-clock';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A date as players read it, on the site's clock (site.timeZone, Africa/Johannesburg: docs/rules.md), never the
 * browser's: 3 November 2025. An article published at 23:30 UTC is already the next day in Johannesburg. Spelled as
 * Intl's en-ZA spells it; computed without Intl in the site's zone (./fixed-offset-clock.ts: Intl's first use is
 * costly on a hydrating page).
 */
export function formatDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  const clock = fixedOffsetClock(date, timeZone);
  if (clock) return `${clock.day} ${MONTHS[clock.month - 1]} ${clock.year}`;
  return new Intl.DateTimeFormat('en-ZA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(date);
}
