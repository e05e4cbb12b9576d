/**
 * A date as players read it, on the site's clock (site.timeZone, Africa/Johannesburg: docs/rules.md), never the
 * browser's: 3 November 2025. An article published at 23:30 UTC is already the next day in Johannesburg.
 */
export function formatDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-ZA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso));
}
