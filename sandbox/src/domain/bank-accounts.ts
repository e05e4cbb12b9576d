import type { Db } from '../db/open.js';
import { isoUtc } from './clock.js';
import { findUser } from './users.js';

/** The South African banks a player can be paid to (docs/rules.md#withdrawals), by the code the API takes. */
export const BANKS = {
  absa: 'Absa',
  african_bank: 'African Bank',
  capitec: 'Capitec',
  discovery_bank: 'Discovery Bank',
  fnb: 'FNB',
  investec: 'Investec',
  nedbank: 'Nedbank',
  standard_bank: 'Standard Bank',
  tymebank: 'TymeBank',
} as const;
export type BankCode = keyof typeof BANKS;
export const BANK_CODES = Object.keys(BANKS) as BankCode[];

export const ACCOUNT_TYPES = ['cheque', 'savings', 'transmission'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

interface BankAccountRow {
  user_id: number;
  bank: BankCode;
  holder: string;
  account_number: string;
  account_type: AccountType;
  verified: 0 | 1;
  updated_at: string;
}

export interface BankAccountInput {
  bank: BankCode;
  holder: string;
  accountNumber: string;
  accountType: AccountType;
}

/** "····1234": only the last four digits ever leave the sandbox. */
export const maskedNumber = (last4: string) => `····${last4}`;

/** GET/PUT /api/bankAccount's account: the number masked, never whole. */
export function bankAccountJson(row: BankAccountRow) {
  const last4 = row.account_number.slice(-4);
  return {
    bank: row.bank,
    bank_name: BANKS[row.bank],
    holder: row.holder,
    account_number_masked: maskedNumber(last4),
    account_last4: last4,
    account_type: row.account_type,
    verified: row.verified === 1,
    updated_at: isoUtc(new Date(row.updated_at)),
  };
}

export function bankAccountOf(db: Db, userId: number): BankAccountRow | null {
  return (
    (db.prepare('SELECT * FROM bank_accounts WHERE user_id = ?').get(userId) as BankAccountRow | undefined) ??
    null
  );
}

const normalName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();

/**
 * Saves the player's payout account, replacing the one before. It counts as verified when the holder is the name on
 * the player's casino account: the sandbox's stand-in for a bank's account verification (AVS), which a backend runs
 * before paying a new account. Withdrawals already requested keep the account they were requested to.
 */
export function saveBankAccount(db: Db, userId: number, input: BankAccountInput, now: Date) {
  const verified = normalName(input.holder) === normalName(findUser(db, userId).name) ? 1 : 0;
  db.prepare(
    `INSERT INTO bank_accounts (user_id, bank, holder, account_number, account_type, verified, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET bank = excluded.bank, holder = excluded.holder,
       account_number = excluded.account_number, account_type = excluded.account_type,
       verified = excluded.verified, updated_at = excluded.updated_at`,
  ).run(
    userId,
    input.bank,
    input.holder,
    input.accountNumber,
    input.accountType,
    verified,
    now.toISOString(),
  );
  return bankAccountJson(bankAccountOf(db, userId)!);
}
