import { z } from 'zod';

/**
 * Control characters (Unicode category Cc) and lone surrogates (half a character: JSON can carry one, and SQLite
 * would store it as U+FFFD). With the `u` flag, \p{Cs} matches only a surrogate outside a pair, so emoji pass.
 */
const UNCLEAN = /[\p{Cc}\p{Cs}]/u;

/**
 * Free text a player typed (a name, an email, a phone number, a code): refused with a 422 naming the field when it
 * holds a control character or a lone surrogate, else normalised to NFC. The API applies this itself rather than
 * trusting its clients (the gateway applies the same rule: gateway/src/resolvers/clean-text.ts). Chain further
 * rules after it (`.trim().max(100)`), or `.pipe()` it into a format such as z.email().
 */
export const playerText = () =>
  z
    .string()
    .refine((value) => !UNCLEAN.test(value), 'contains characters that are not allowed')
    .normalize('NFC');
