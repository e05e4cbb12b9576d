import { luhnCheckDigit } from '../src/domain/identity.js';

/** Where this process's numbers start: random, so test processes running side by side rarely meet. */
let sequence = Math.floor(Math.random() * 40_000);

/** A random date of birth from 1960 to 1999 (yyyy-mm-dd). */
function randomAdultBirthDate(): string {
  const from = Date.UTC(1960, 0, 1);
  const to = Date.UTC(1999, 11, 31);
  return new Date(from + Math.floor(Math.random() * ((to - from) / 86_400_000)) * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/**
 * A South African identity for a test player: a valid 13-digit ID number (right check digit) and the date of birth
 * it holds, unique in this process (the sequence and citizenship digits count up) and, with the default random
 * birth date, all but unique across processes. Shared by the sandbox's, the gateway's and the browser journeys'
 * helpers.
 */
export function testIdentity(dateOfBirth = randomAdultBirthDate()): {
  idNumber: string;
  dateOfBirth: string;
} {
  sequence = (sequence + 1) % 40_000;
  const sequenceDigits = String(sequence % 10_000).padStart(4, '0');
  const citizenship = String(Math.floor(sequence / 10_000) % 2);
  const race = String(8 + Math.floor(sequence / 20_000));
  const payload =
    dateOfBirth.slice(2, 4) +
    dateOfBirth.slice(5, 7) +
    dateOfBirth.slice(8, 10) +
    sequenceDigits +
    citizenship +
    race;
  return { idNumber: payload + luhnCheckDigit(payload), dateOfBirth };
}
