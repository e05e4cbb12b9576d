/*
 * The cashier's amounts, checked before anything is sent (docs/rules.md#payments): rands with at most two decimals,
 * above zero, within the backend's limits for the operation and, for a withdrawal, within the cash balance. The
 * gateway checks the same again; checking here means a player who can fix the amount at once is told at once, and
 * a refused amount never reaches the casino.
 */

import { centsToRands, parseRands } from '../../shared/forms/rands';

/** A sum as the gateway gives it (Money): whole cents, and the text players read ("R1,500.00"). */
export interface Sum {
  cents: number;
  formatted: string;
}

export interface AmountRules {
  /** The smallest and largest amount the backend takes for this operation; absent when it gives none. */
  min?: Sum | null;
  max?: Sum | null;
  /** What the player has to take from (a withdrawal comes out of the cash balance only). */
  available?: Sum | null;
  /** How the messages name the operation: "deposit" or "withdrawal". */
  operation: 'deposit' | 'withdrawal';
}

export type AmountCheck =
  | { ok: true; cents: number; /** As the schema takes it: rands, two decimals ("150.00"). */ amount: string }
  | { ok: false; message: string };

/** Checks an amount against the operation's rules; the message says what to type instead. */
export function checkAmount(text: string, rules: AmountRules): AmountCheck {
  const parsed = parseRands(text);
  if ('message' in parsed) return { ok: false, message: parsed.message };
  const { cents } = parsed;
  if (cents <= 0) return { ok: false, message: 'Enter an amount above R0.00.' };
  const name = rules.operation;
  if (rules.min && cents < rules.min.cents) {
    return { ok: false, message: `The smallest ${name} is ${rules.min.formatted}.` };
  }
  if (rules.max && cents > rules.max.cents) {
    return { ok: false, message: `The largest ${name} is ${rules.max.formatted}.` };
  }
  if (rules.available && cents > rules.available.cents) {
    return {
      ok: false,
      message: `You can withdraw up to ${rules.available.formatted}, your cash balance.`,
    };
  }
  return { ok: true, cents, amount: centsToRands(cents) };
}

/** The limits as a hint beside the field: "From R10.00 to R50,000.00." (nothing when the backend gives none). */
export function limitsHint(min?: Sum | null, max?: Sum | null): string | undefined {
  if (min && max) return `From ${min.formatted} to ${max.formatted}.`;
  if (min) return `At least ${min.formatted}.`;
  if (max) return `At most ${max.formatted}.`;
  return undefined;
}
