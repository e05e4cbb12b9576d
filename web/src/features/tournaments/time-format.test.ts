import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDuration, formatMinutes } from './time-format';

describe('tournament times', () => {
  it('reads durations as HH H MM M, whole minutes rounded down, hours past 24', () => {
    expect(formatDuration(5 * 3600 + 30 * 60)).toBe('05 H 30 M');
    expect(formatDuration(5 * 3600 + 30 * 60 + 59)).toBe('05 H 30 M');
    expect(formatDuration(59)).toBe('00 H 00 M');
    expect(formatDuration(30 * 3600)).toBe('30 H 00 M');
    expect(formatDuration(125 * 3600 + 60)).toBe('125 H 01 M');
  });

  it('never counts below zero', () => {
    expect(formatDuration(-120)).toBe('00 H 00 M');
    expect(formatDuration(Number.NaN)).toBe('00 H 00 M');
  });

  it('counts down toward an instant from a fixed clock', () => {
    const now = Date.parse('2026-11-22T08:00:00.000Z');
    expect(formatCountdown('2026-11-22T13:30:00.000Z', now)).toBe('05 H 30 M');
    expect(formatCountdown('2026-11-22T13:30:00.000Z', now + 1000)).toBe('05 H 29 M');
    expect(formatCountdown('2026-11-23T14:00:00.000Z', now)).toBe('30 H 00 M');
    expect(formatCountdown('2026-11-22T07:00:00.000Z', now)).toBe('00 H 00 M');
  });

  it('reads minutes of play', () => {
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(90)).toBe('1 h 30 min');
    expect(formatMinutes(45)).toBe('45 min');
  });
});
