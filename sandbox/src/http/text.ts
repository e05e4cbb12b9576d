import { z } from 'zod';

/**
 * Control characters (Unicode category Cc) and lone surrogates (half a character: JSON can carry one, and SQLite
 * would store it as U+FFFD). With the `u` flag, \p{Cs} matches only a surrogate outside a pair, so emoji pass.
 */
const UNCLEAN = /[\p{Cc}\p{Cs}]/u;
/**
 * What a person's name may not hold besides: format characters (Cf: the bidirectional overrides such as U+202E that
 * make a name read as another on a public leaderboard, zero-width characters such as U+200B, U+FEFF) and the line and
 * paragraph separators (Zl U+2028, Zp U+2029), all invisible or layout-changing (docs/rules.md#know-your-player).
 */
const UNCLEAN_NAME = /[\p{Cc}\p{Cs}\p{Cf}\p{Zl}\p{Zp}]/u;
const NOT_ALLOWED = 'contains characters that are not allowed';

/**
 * Free text a player typed (a name, an email, a phone number, a code): refused with a 422 naming the field when it
 * holds a control character or a lone surrogate, else normalised to NFC. The API applies this itself rather than
 * trusting its clients (the gateway applies the same rule: gateway/src/resolvers/clean-text.ts). Chain further
 * rules after it (`.trim().max(100)`), or `.pipe()` it into a format such as z.email().
 */
export const playerText = () =>
  z
    .string()
    .refine((value) => !UNCLEAN.test(value), NOT_ALLOWED)
    .normalize('NFC');

/**
 * A person's name (the name on the account, a payout account's holder): playerText's rule, and no format characters
 * or line separators either, since names are shown to others. The one place that rule lives for the sandbox; `params`
 * as z.string()'s (a message for a value that is not text).
 */
export const personName = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .refine((value) => !UNCLEAN_NAME.test(value), NOT_ALLOWED)
    .normalize('NFC');
