/*
 * The payout account form's own checks, before anything is sent (docs/rules.md#withdrawals): the same rules the
 * casino applies, said in a player's words beside each field. The casino still decides (its messages show the same
 * way).
 */

export interface PayoutAccountDraft {
  bank: string;
  holder: string;
  accountNumber: string;
  accountType: string;
}

export type PayoutAccountErrors = Partial<Record<keyof PayoutAccountDraft, string>>;

const HOLDER = /^[\p{L}][\p{L} .'-]*$/u;

/** The number as the casino takes it: digits only (spaces and hyphens as people type them are dropped). */
export const accountDigits = (text: string) => text.replace(/[\s-]/g, '');

export function checkPayoutAccount(draft: PayoutAccountDraft): PayoutAccountErrors {
  const errors: PayoutAccountErrors = {};
  if (!draft.bank) errors.bank = 'Choose your bank.';
  const holder = draft.holder.trim();
  if (holder.length < 2) errors.holder = 'Enter the account holder’s name as your bank has it.';
  else if (holder.length > 100) errors.holder = 'Use at most 100 characters.';
  else if (!HOLDER.test(holder))
    errors.holder = 'Use letters, spaces, full stops, apostrophes and hyphens only.';
  const digits = accountDigits(draft.accountNumber);
  if (!digits) errors.accountNumber = 'Enter your account number.';
  else if (!/^\d+$/.test(digits)) errors.accountNumber = 'An account number has digits only.';
  else if (digits.length < 6 || digits.length > 16)
    errors.accountNumber = 'An account number has 6 to 16 digits.';
  if (!draft.accountType) errors.accountType = 'Choose the account type.';
  return errors;
}

/** What a withdrawal's state is called, as players read it. */
export const WITHDRAWAL_STATUS_WORDS: Record<string, string> = {
  PENDING: 'Requested',
  APPROVED: 'Approved',
  PAID: 'Paid',
  REVERSED: 'Cancelled',
  FAILED: 'Failed',
};
