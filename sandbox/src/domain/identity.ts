/**
 * Identity numbers (docs/rules.md#know-your-player): the casino takes a bet only from an adult it has identified, so
 * every player gives a 13-digit South African ID number or a passport number with its issuing country. This module is
 * the one place the format rules live; registration and POST /api/identity/check both apply them.
 *
 * A South African ID number is YYMMDD (the birth date), SSSS (a sequence; 0000-4999 female, 5000-9999 male), C (0 a
 * citizen, 1 a permanent resident), A (formerly race, now 8 or 9), and Z, a Luhn check digit over the first twelve.
 */

import { johannesburgDate } from './johannesburg.js';

export type IdentityKind = 'sa_id' | 'passport';

export interface Identity {
  kind: IdentityKind;
  /** The number as kept: upper case, spaces and hyphens dropped. */
  number: string;
  /** ZA for an ID number; the passport's issuing country otherwise. */
  country: string;
  /** For an ID number, the birth date it holds (yyyy-mm-dd); null for a passport. */
  birthDate: string | null;
}

/** Field errors as the REST API gives them (`errors.id_number`, ...). */
export type IdentityErrors = Partial<Record<'id_number' | 'date_of_birth' | 'passport_country', string>>;

/** The Luhn check digit of a string of digits (the ID number's first twelve). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // From the right, every second digit (starting with the rightmost of the payload) is doubled.
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The birth date an ID number's YYMMDD stands for: of the two centuries, the latest that is not in the future on
 * `today` (yyyy-mm-dd); null when YYMMDD is no calendar date.
 */
function birthDateOf(yymmdd: string, today: string): string | null {
  const [yy, mm, dd] = [yymmdd.slice(0, 2), yymmdd.slice(2, 4), yymmdd.slice(4, 6)].map(Number) as [
    number,
    number,
    number,
  ];
  for (const century of [2000, 1900]) {
    const date = new Date(Date.UTC(century + yy, mm - 1, dd));
    if (date.getUTCMonth() !== mm - 1 || date.getUTCDate() !== dd) return null;
    const iso = date.toISOString().slice(0, 10);
    if (iso <= today) return iso;
  }
  return null;
}

const ID_NUMBER = /^\d{13}$/;

/** Whether `value` is a yyyy-mm-dd calendar date (2026-02-30 is not). */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
  );
}
const PASSPORT_NUMBER = /^[A-Z0-9]{6,20}$/;
const COUNTRY = /^[A-Z]{2}$/;

/**
 * Reads an identity number as a player typed it (spaces and hyphens ignored): a South African ID number when no
 * passport country is given, else a passport. Returns the identity or the errors per field; `today` is the
 * Johannesburg calendar date (yyyy-mm-dd).
 */
export function readIdentity(
  input: { idNumber: string; passportCountry?: string | null },
  today: string,
): { identity: Identity } | { errors: IdentityErrors } {
  const number = input.idNumber.replace(/[\s-]/g, '').toUpperCase();
  const country = input.passportCountry?.trim().toUpperCase() || null;
  if (country === null) {
    if (!ID_NUMBER.test(number)) {
      return {
        errors: {
          id_number:
            'must be a 13-digit South African ID number (or choose passport and give its issuing country)',
        },
      };
    }
    const birthDate = birthDateOf(number.slice(0, 6), today);
    if (!birthDate || luhnCheckDigit(number.slice(0, 12)) !== Number(number[12])) {
      return { errors: { id_number: 'is not a valid South African ID number: check the digits' } };
    }
    return { identity: { kind: 'sa_id', number, country: 'ZA', birthDate } };
  }
  if (!COUNTRY.test(country)) {
    return { errors: { passport_country: 'must be a two-letter country code (ISO 3166), such as ZW or GB' } };
  }
  if (country === 'ZA') {
    return {
      errors: { passport_country: 'South African citizens and residents register with their ID number' },
    };
  }
  if (!PASSPORT_NUMBER.test(number)) {
    return { errors: { id_number: 'must be a passport number of 6 to 20 letters and digits' } };
  }
  return { identity: { kind: 'passport', number, country, birthDate: null } };
}

/** The key that makes one person one identity: the country and the number (ZA for an ID number). */
export const identityKey = (identity: Pick<Identity, 'country' | 'number'>) =>
  `${identity.country}:${identity.number}`;

/** The number as reads show it (POPIA): its first six characters, the rest hidden. */
export const maskIdentityNumber = (number: string) => number.slice(0, 6) + '*'.repeat(number.length - 6);

/** Players must be 18 or over on the Johannesburg calendar date of `now` (docs/rules.md#know-your-player). */
export function isAdult(dateOfBirth: string, now: Date): boolean {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = johannesburgDate(now).split('-').map(Number) as [number, number, number];
  return Date.UTC(y + 18, m - 1, d) <= Date.UTC(ty, tm - 1, td);
}

export const ID_DATE_MISMATCH = 'does not match your date of birth';
export const ADULTS_ONLY = 'You must be 18 or older to register.';

/**
 * The identity a registration gives, checked against its date of birth: the identity, or the field errors
 * (readIdentity's, or a South African ID number whose birth date is not `dateOfBirth`).
 */
export function readRegistrationIdentity(
  input: { idNumber: string; passportCountry?: string | null; dateOfBirth: string },
  now: Date,
): { identity: Identity } | { errors: IdentityErrors } {
  const read = readIdentity(input, johannesburgDate(now));
  if ('errors' in read) return read;
  if (read.identity.birthDate !== null && read.identity.birthDate !== input.dateOfBirth) {
    return { errors: { id_number: ID_DATE_MISMATCH } };
  }
  return read;
}

/**
 * POST /api/identity/check, validation as the player types: whether the number reads as an identity, matches the
 * date of birth when one is given (which must also be an adult's), and the birth date a valid ID number holds. It
 * never says whether the identity is registered.
 */
export function checkIdentity(
  input: { idNumber: string; passportCountry?: string | null; dateOfBirth: string | null },
  now: Date,
) {
  const errors: Record<string, string[]> = {};
  const { dateOfBirth } = input;
  const dateValid = dateOfBirth !== null && isCalendarDate(dateOfBirth);
  if (dateOfBirth !== null && !dateValid) errors.date_of_birth = ['must be a date (yyyy-mm-dd)'];
  const read = readIdentity(input, johannesburgDate(now));
  if ('errors' in read) {
    for (const [field, message] of Object.entries(read.errors)) errors[field] = [message];
  } else if (dateValid && read.identity.birthDate !== null && read.identity.birthDate !== dateOfBirth) {
    errors.id_number = [ID_DATE_MISMATCH];
  }
  // The age of the date given, or else of the one a valid ID number holds: a child's ID number alone is refused too.
  const birthDate = dateValid ? dateOfBirth : 'identity' in read ? read.identity.birthDate : null;
  if (birthDate !== null && !isAdult(birthDate, now)) errors.date_of_birth = [ADULTS_ONLY];
  return {
    valid: Object.keys(errors).length === 0,
    errors,
    date_of_birth: 'identity' in read ? read.identity.birthDate : null,
  };
}
