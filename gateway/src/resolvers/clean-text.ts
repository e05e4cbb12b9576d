import { gatewayError } from '../errors.js';

/**
 * Control characters (Unicode category Cc: NUL, escape, the C1 controls, …) and lone surrogates (half of a
 * character, which JSON can carry and storage turns into U+FFFD). Neither belongs in a name, an email, a phone
 * number or a code; both can corrupt what is stored, logged or shown. With the `u` flag, \p{Cs} matches only a
 * surrogate that is not part of a pair, so emoji and other astral characters pass.
 */
const UNCLEAN = /[\p{Cc}\p{Cs}]/u;
/**
 * A person's name refuses more (docs/rules.md#know-your-player): format characters (Cf: the bidirectional overrides
 * and isolates such as U+202E, zero-width spaces and joiners, U+FEFF) and the line and paragraph separators (Zl U+2028,
 * Zp U+2029), which show nothing themselves but change how the text around them reads: on a public leaderboard a
 * right-to-left override makes one name look like another.
 */
const UNCLEAN_NAME = /[\p{Cc}\p{Cs}\p{Cf}\p{Zl}\p{Zp}]/u;
const NOT_ALLOWED = 'contains characters that are not allowed';

/** BAD_USER_INPUT naming the field, in the message and in extensions.fields: never the text, which may be personal. */
const notAllowed = (field: string) =>
  gatewayError('BAD_USER_INPUT', `${field} contains characters that are not allowed.`, {
    fields: { [field]: [NOT_ALLOWED] },
  });

/**
 * The text a player typed, as the gateway passes it on: refused when it holds a control character or a lone
 * surrogate (BAD_USER_INPUT naming the input field, in the message and in extensions.fields, as a refused form names
 * its fields), else normalised to NFC, so "é" typed as e + combining accent and as one character are the same name,
 * email or code. The one rule for every free-text input (the casino applies the same one itself:
 * sandbox/src/http/text.ts).
 */
export function cleanText(field: string, value: string): string {
  if (UNCLEAN.test(value)) throw notAllowed(field);
  return value.normalize('NFC');
}

/**
 * A person's name (a player's, a payout account's holder): cleanText's rule, and no format character or line or
 * paragraph separator either (UNCLEAN_NAME). The casino applies the same rule to the same fields.
 */
export function cleanName(field: string, value: string): string {
  if (UNCLEAN_NAME.test(value)) throw notAllowed(field);
  return value.normalize('NFC');
}

/** cleanText for an optional input, keeping null (clear it) and undefined (leave it) as they are. */
export function cleanOptionalText<T extends null | undefined>(field: string, value: string | T): string | T {
  return typeof value === 'string' ? cleanText(field, value) : value;
}
