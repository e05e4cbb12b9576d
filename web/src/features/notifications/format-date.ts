/*
 * Dates as players read them: 'yyyy-MM-dd HH:mm' in Johannesburg time, whatever the browser's zone
 * (docs/rules.md#audience-and-time). The gateway answers instants in UTC.
 */
const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Johannesburg',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function formatJohannesburg(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(PARTS.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}
