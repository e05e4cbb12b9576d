import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trackPending, usePendingCount } from './pending';

describe('the global loader counter', () => {
  it('counts each pending operation once, whatever order they finish in', () => {
    const { result } = renderHook(() => usePendingCount());
    expect(result.current).toBe(0);
    let first!: () => void;
    let second!: () => void;
    act(() => {
      first = trackPending();
      second = trackPending();
    });
    expect(result.current).toBe(2);
    act(() => {
      second();
      second();
    });
    expect(result.current).toBe(1);
    act(() => first());
    expect(result.current).toBe(0);
  });
});
