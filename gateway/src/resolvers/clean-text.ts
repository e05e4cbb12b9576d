import { gatewayError } from '../errors.js';

/**
 * Control characters (Unicode category Cc: NUL, escape, the C1 controls, …) and lone surrogates (half of a
 * character, which JSON can carry and storage turns into U+FFFD). Neither belongs in a name, an email, a phone
 * number or a code; both can corrupt what is stored, logged or shown. With the `u` flag, \p{Cs} matches only a
 * surrogate that is not part of a pair, so emoji and other astral characters pass.
 */
const UNCLEAN = /[\p{Cc}\p{Cs}]/u;
const NOT_ALLOWED = 'contains characters that are not allowed';

/**
 * The text a player typed, as the gateway passes it on: refused when it holds a control character or a lone
 * surrogate (BAD_USER_INPUT naming the input field, in the message and in extensions.fields, as a refused form names
 * its fields), else normalised to NFC, so "é" typed as e + combining accent and as one character are the same name,
 * email or code. The one rule for every free-text input (the casino applies the same one itself:
 * sandbox/src/http/text.ts).
 */
export function cleanText(field: string, value: string): string {
  if (UNCLEAN.test(value)) {
    // The field's name only: never the text itself, which may be personal data.
    throw gatewayError('BAD_USER_INPUT', `${field} contains characters that are not allowed.`, {
      fields: { [field]: [NOT_ALLOWED] },
    });
  }
  return value.normalize('NFC');
}

/** cleanText for an optional input, keeping null (clear it) and undefined (leave it) as they are. */
export function cleanOptionalText<T extends null | undefined>(field: string, value: string | T): string | T {
  return typeof value === 'string' ? cleanText(field, value) : value;
}
