import { useEffect, useRef } from 'react';
import type { FieldErrors } from '../../shared/forms/validation';
import { useCheckIdentity } from './useCheckIdentity';

export type IdentityKind = 'SA_ID' | 'PASSPORT';

/** The identity as the registration form holds it. */
export interface IdentityFields {
  kind: IdentityKind;
  idNumber: string;
  passportCountry: string;
  dateOfBirth: string;
}

/** The fields a check answers for (RegisterInput's names, as the casino's field errors name them). */
export const IDENTITY_FIELDS = ['idNumber', 'dateOfBirth', 'passportCountry'] as const;

/**
 * How long the form waits after the last key before it asks (one check per pause, not one per key): a complete ID
 * number at once, a passport number (of no set length) once the player seems to have stopped typing.
 */
const PAUSE_MS: Record<IdentityKind, number> = { SA_ID: 300, PASSPORT: 800 };

/** A South African ID number has 13 digits: typed in full, the form asks without waiting for the player to leave it. */
const SA_ID_LENGTH = 13;

/**
 * The checkIdentity input for what the player has typed. The date of birth goes with it when the player typed it
 * (a South African ID number's own date must match it); one filled in from the ID number is left out, so the ID
 * number's date replaces it when the number changes.
 */
function inputOf(fields: IdentityFields, dateFromId: boolean) {
  return {
    idNumber: fields.idNumber,
    ...(fields.dateOfBirth && !dateFromId ? { dateOfBirth: fields.dateOfBirth } : {}),
    ...(fields.kind === 'PASSPORT' ? { passportCountry: fields.passportCountry } : {}),
  };
}

/**
 * The registration form's identity, checked by the casino as the player types (docs/rules.md#know-your-player):
 * the form keeps no rule of its own (no check digit, no age arithmetic). A South African ID number is checked once
 * all 13 digits are in (after a short pause) and whenever the date of birth changes; a passport once it has a
 * number and a country; any number when the player leaves its field (`checkNow`). Only the answer to what the
 * fields hold now is shown: an answer overtaken by typing is dropped. `onAnswer` gets the casino's field errors
 * (none: valid) and, for a South African ID number, the date of birth it holds.
 */
export function useIdentityCheck(
  fields: IdentityFields,
  options: { dateFromId: boolean; onAnswer: (errors: FieldErrors, dateOfBirth: string | null) => void },
) {
  const [check] = useCheckIdentity();
  const input = inputOf(fields, options.dateFromId);
  const key = JSON.stringify(input);
  // What the fields hold now, and the last identity asked about: an answer counts only for the fields as they are.
  const current = useRef(key);
  current.current = key;
  const asked = useRef<string | null>(null);
  const onAnswer = useRef(options.onAnswer);
  onAnswer.current = options.onAnswer;

  const ask = (sent: typeof input, sentKey: string) => {
    if (!sent.idNumber.trim() || asked.current === sentKey) return;
    asked.current = sentKey;
    check({ input: sent }).then(
      ({ checkIdentity: answer }) => {
        if (current.current !== sentKey) return;
        const errors: FieldErrors = {};
        for (const { field, message } of answer.fieldErrors) errors[field] ??= message;
        onAnswer.current(errors, answer.dateOfBirth ?? null);
      },
      // Not reached: nothing is said now (registering gets the casino's answer anyway); the next change asks again.
      () => {
        if (asked.current === sentKey) asked.current = null;
      },
    );
  };

  const complete =
    fields.kind === 'SA_ID'
      ? fields.idNumber.replace(/\s/g, '').length >= SA_ID_LENGTH
      : fields.idNumber.trim() !== '' && fields.passportCountry !== '';
  useEffect(() => {
    if (!complete) return;
    const timer = setTimeout(() => ask(input, key), PAUSE_MS[fields.kind]);
    return () => clearTimeout(timer);
    // `key` stands for the input it was made from.
  }, [key, complete]);

  // A passport number means nothing to the casino without its country (it would read the number as an ID number's):
  // leaving the field asks only once a country is chosen, as typing does.
  return {
    checkNow: () => {
      if (fields.kind === 'PASSPORT' && fields.passportCountry === '') return;
      ask(input, key);
    },
  };
}
