import { describe, expect, it } from 'vitest';
import { checkName, profileChanges } from './validation';

describe("the profile form's checks", () => {
  it('needs a name of at most 100 characters', () => {
    expect(checkName('  ')).toBe('Enter your name.');
    expect(checkName('N'.repeat(101))).toBe('Use at most 100 characters.');
    expect(checkName('Thandi Mokoena')).toBeNull();
  });

  it('sends the name trimmed and an emptied phone as null (cleared)', () => {
    expect(profileChanges({ name: ' Thandi ', phone: '   ' })).toEqual({ name: 'Thandi', phone: null });
    expect(profileChanges({ name: 'Thandi', phone: ' 082 555 0100 ' })).toEqual({
      name: 'Thandi',
      phone: '082 555 0100',
    });
  });
});
