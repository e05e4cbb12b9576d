import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('a news date', () => {
  it("is read on Johannesburg's clock, whatever the browser's", () => {
    expect(formatDate('2025-11-03T09:00:00.000Z', 'Africa/Johannesburg')).toBe('3 November 2025');
    // 23:30 UTC is already 01:30 the next day in Johannesburg (UTC+2).
    expect(formatDate('2025-12-31T23:30:00.000Z', 'Africa/Johannesburg')).toBe('1 January 2026');
  });
});
