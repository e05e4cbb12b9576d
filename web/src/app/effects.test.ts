import { describe, expect, it } from 'vitest';
import { isNewerVersion } from './effects';

describe('the app-version check', () => {
  it('compares dotted versions part by part', () => {
    expect(isNewerVersion('2.10.0', '2.9.3')).toBe(true);
    expect(isNewerVersion('2.6.0', '2.6.0')).toBe(false);
    expect(isNewerVersion('2.5.9', '2.6.0')).toBe(false);
    expect(isNewerVersion('3', '2.9.9')).toBe(true);
  });
});
