import { describe, expect, it } from 'vitest';
import { checkEmail, checkPassword, checkRequired, refusalOf } from './validation';

describe('the auth forms’ own checks', () => {
  it('asks for what is missing, and leaves the rest to the casino (an age is not checked here)', () => {
    expect(checkRequired('', 'Enter your date of birth.')).toBe('Enter your date of birth.');
    expect(checkRequired('  ', 'Enter your date of birth.')).toBe('Enter your date of birth.');
    expect(checkRequired('2015-01-01', 'Enter your date of birth.')).toBeNull();
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
