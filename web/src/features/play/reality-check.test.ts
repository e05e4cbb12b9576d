import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_REALITY_CHECK_MINUTES,
  realityCheckMinutes,
  saveRealityCheckMinutes,
  useRealityCheck,
} from './reality-check';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('the reality check', () => {
  it('reminds a player of the time played at each interval, and again after Continue', () => {
    const { result } = renderHook(() => useRealityCheck(true, 15));
    expect(result.current.playedMinutes).toBeNull();
    act(() => vi.advanceTimersByTime(15 * 60_000));
    expect(result.current.playedMinutes).toBe(15);
    act(() => result.current.dismiss());
    expect(result.current.playedMinutes).toBeNull();
    act(() => vi.advanceTimersByTime(15 * 60_000));
    expect(result.current.playedMinutes).toBe(30);
  });

  it('never reminds during demo play (inactive)', () => {
    const { result } = renderHook(() => useRealityCheck(false, 15));
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(result.current.playedMinutes).toBeNull();
  });

  it('keeps the chosen interval in the browser, every 60 minutes by default', () => {
    expect(realityCheckMinutes()).toBe(DEFAULT_REALITY_CHECK_MINUTES);
    saveRealityCheckMinutes(30);
    expect(realityCheckMinutes()).toBe(30);
    window.localStorage.setItem('play_live_reality_check_minutes', '7');
    expect(realityCheckMinutes()).toBe(60);
  });
});
