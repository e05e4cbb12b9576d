import { describe, expect, it } from 'vitest';
import { formatJohannesburg } from './time';

describe('formatJohannesburg', () => {
  it("reads an instant on Johannesburg's clock as 'yyyy-MM-dd HH:mm'", () => {
    expect(formatJohannesburg('2026-11-22T08:00:00.000Z')).toBe('2026-11-22 10:00');
    expect(formatJohannesburg('2026-11-22T23:30:00Z')).toBe('2026-11-23 01:30');
    expect(formatJohannesburg('2026-12-31T22:30:00.000Z')).toBe('2027-01-01 00:30');
    expect(formatJohannesburg(Date.UTC(2026, 0, 5, 3, 7))).toBe('2026-01-05 05:07');
  });

  it('returns nothing for what is not a date', () => {
    expect(formatJohannesburg('soon')).toBe('');
  });
});

describe('formatJohannesburg without Intl', () => {
  it('reads every hour as Intl does', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Johannesburg',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (let time = Date.UTC(2000, 0, 1, 0, 7); time < Date.UTC(2031, 0, 1); time += 991 * 60_000 * 7) {
      const part = Object.fromEntries(intl.formatToParts(time).map((p) => [p.type, p.value]));
      expect(formatJohannesburg(time)).toBe(
        `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`,
      );
    }
  });
});
