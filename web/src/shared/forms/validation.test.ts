import { describe, expect, it } from 'vitest';
import { checkDateOfBirth, checkEmail, checkPassword, refusalOf } from './validation';

describe('the auth forms’ own checks', () => {
  const today = new Date('2026-11-23T10:00:00Z');

  it('lets an 18-year-old in on their birthday, not the day before', () => {
    expect(checkDateOfBirth('2008-11-23', today)).toBeNull();
    expect(checkDateOfBirth('2008-11-24', today)).toBe('You must be 18 or older to play.');
  });

  it('asks for a real date', () => {
    expect(checkDateOfBirth('', today)).toBe('Enter your date of birth.');
    expect(checkDateOfBirth('2001-02-30', today)).toBe('Enter a real date of birth.');
  });

  it('checks the email and the new password', () => {
    expect(checkEmail('')).toBe('Enter your email address.');
    expect(checkEmail('player@')).toBe('Enter an email address like name@example.com.');
    expect(checkEmail(' player@example.co.za ')).toBeNull();
    expect(checkPassword('short', true)).toBe('Use at least 8 characters.');
    expect(checkPassword('short', false)).toBeNull();
  });
});

describe('a refusal from the gateway', () => {
  it('puts per-field messages beside their fields', () => {
    const err = {
      errors: [
        {
          message: 'email: The email has already been taken.',
          extensions: { fields: { email: ['The email has already been taken.'] } },
        },
      ],
    };
    expect(refusalOf(err)).toEqual({ fields: { email: 'The email has already been taken.' }, message: null });
  });

  it("shows the gateway's message, or says the site could not be reached", () => {
    expect(refusalOf({ errors: [{ message: 'Invalid credentials.' }] }).message).toBe('Invalid credentials.');
    expect(refusalOf(new TypeError('Failed to fetch')).message).toMatch(/could not reach PlayLive/);
  });
});
