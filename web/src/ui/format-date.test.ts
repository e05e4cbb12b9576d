import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('a news date', () => {
  it("is read on Johannesburg's clock, whatever the browser's", () => {
    expect(formatDate('2025-11-03T09:00:00.000Z', 'Africa/Johannesburg')).toBe('3 November 2025');
    // 23:30 UTC is already 01:30 the next day in Johannesburg (UTC+2).
    expect(formatDate('2025-12-31T23:30:00.000Z', 'Africa/Johannesburg')).toBe('1 January 2026');
  });
});

describe('a date on a fixed-offset clock', () => {
  it('reads as Intl reads it, across years, month ends and midnights', () => {
    const intl = (date: Date, timeZone: string) =>
      new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(
        date,
      );
    for (let time = Date.UTC(1999, 11, 31, 20); time < Date.UTC(2031, 0, 1); time += 997 * 3_600_000) {
      const date = new Date(time);
      for (const zone of ['Africa/Johannesburg', 'UTC', 'Europe/London']) {
        expect(formatDate(date.toISOString(), zone)).toBe(intl(date, zone));
      }
    }
  });
});
