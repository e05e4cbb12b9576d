import { describe, expect, it } from 'vitest';
import { checkName, checkPhone, profileChanges } from './validation';

describe("the profile form's checks", () => {
  it('needs a name of at most 100 characters', () => {
    expect(checkName('  ')).toBe('Enter your name.');
    expect(checkName('N'.repeat(101))).toBe('Use at most 100 characters.');
    expect(checkName('Thandi Mokoena')).toBeNull();
  });

  it('takes a phone number of 7 to 20 digits and spaces, with an optional +, or none', () => {
    expect(checkPhone('')).toBeNull();
    expect(checkPhone('+27 82 555 0100')).toBeNull();
    expect(checkPhone('0825550100')).toBeNull();
    expect(checkPhone('call me')).toMatch(/^Enter a phone number like/);
    expect(checkPhone('12345')).toMatch(/^Enter a phone number like/);
    expect(checkPhone('082-555-0100')).toMatch(/^Enter a phone number like/);
  });

  it('sends the name trimmed and an emptied phone as null (cleared)', () => {
    expect(profileChanges({ name: ' Thandi ', phone: '   ' })).toEqual({ name: 'Thandi', phone: null });
    expect(profileChanges({ name: 'Thandi', phone: ' 082 555 0100 ' })).toEqual({
      name: 'Thandi',
      phone: '082 555 0100',
    });
  });
});
