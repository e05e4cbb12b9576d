/*
 * Rands as players type them and read them. Money is whole cents inside (docs/rules.md#payments): parsed once here,
 * never float arithmetic.
 */

/**
 * Rands as typed: "150", "150.5", "150.50", "R 1 500,50" (South Africans write a decimal comma as often as a
 * point; spaces group thousands). A comma followed by exactly three digits is ambiguous ("1,500"): refused, with
 * a message asking for the plain form, rather than guessed.
 */
const RANDS = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;
const TOO_MANY_DECIMALS = /^\d+[.,]\d{3,}$/;

/** The text a player typed as cents, or why it is not an amount. */
export function parseRands(text: string): { cents: number } | { message: string } {
  const plain = text
    .trim()
    .replace(/^R/i, '')
    .replace(/[\s\u00a0]/g, '');
  if (plain === '') return { message: 'Enter an amount.' };
  if (TOO_MANY_DECIMALS.test(plain)) return { message: 'Use at most two decimals, for example 150.50.' };
  const m = RANDS.exec(plain);
  if (!m) return { message: 'Enter an amount in rands, for example 150 or 150.50.' };
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return { cents };
}

/** Cents as the schema's amount string: "150.00". */
export const centsToRands = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Cents as players read them: "R1,500.00" (a loss as "−R12.50", with a real minus sign). */
export function formatRands(cents: number): string {
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '\u2212' : ''}R${whole}.${String(abs % 100).padStart(2, '0')}`;
}
