import { z } from 'zod';
import type {
  BankAccountTypeName,
  BankModel,
  PayoutAccountModel,
  WithdrawalModel,
  WithdrawalStatusName,
} from '../models.js';
import { isoDate, optionalText, parseUpstream, randCents } from './parse.js';
import type { RequestUpstream } from './request-upstream.js';

/*
 * Payout bank accounts and withdrawals (docs/rules.md#withdrawals): GET /api/banks (public), GET/PUT
 * /api/bankAccount, GET /api/withdrawals, POST /api/withdrawals/{id}/cancel. POST /api/withdraw, which asks for a
 * withdrawal, is in wallet.ts with the deposit (both carry an idempotency key).
 */

const ACCOUNT_TYPES: readonly BankAccountTypeName[] = ['cheque', 'savings', 'transmission'];
const STATUSES: readonly WithdrawalStatusName[] = ['pending', 'approved', 'paid', 'reversed', 'failed'];

const Status = z.enum(STATUSES as [WithdrawalStatusName, ...WithdrawalStatusName[]]);
/** Four digits after any masking the backend uses, shown as "····1234" whatever it sent. */
const Masked = z
  .string()
  .regex(/\d{4}$/, 'a masked number ends in four digits')
  .transform((n) => `····${n.slice(-4)}`);

const BankAccountJson = z.object({
  bank: z.string().min(1),
  bank_name: z.string().min(1),
  holder: z.string(),
  account_number_masked: Masked,
  account_type: z.enum(ACCOUNT_TYPES as [BankAccountTypeName, ...BankAccountTypeName[]]),
  verified: z.union([z.boolean(), z.number()]).transform(Boolean),
  updated_at: isoDate,
});

const toPayoutAccount = (a: z.infer<typeof BankAccountJson>, userId: number): PayoutAccountModel => ({
  __typename: 'PayoutAccount',
  userId,
  bank: { code: a.bank, name: a.bank_name },
  holder: a.holder,
  maskedNumber: a.account_number_masked,
  last4: a.account_number_masked.slice(-4),
  accountType: a.account_type,
  verified: a.verified,
  updatedAt: a.updated_at,
});

export const WithdrawalJson = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  reference: z.string().min(1),
  amount: randCents,
  status: Status,
  reason: optionalText,
  can_cancel: z.union([z.boolean(), z.number()]).transform(Boolean),
  bank_account: z
    .object({ bank: z.string(), bank_name: z.string(), holder: z.string(), account_number_masked: Masked })
    .nullable()
    .optional(),
  history: z.array(z.object({ status: Status, reason: optionalText, at: isoDate })),
  created_at: isoDate,
  updated_at: isoDate,
});

export function toWithdrawal(w: z.infer<typeof WithdrawalJson>): WithdrawalModel {
  return {
    __typename: 'Withdrawal',
    withdrawalId: w.id,
    reference: w.reference,
    amountCents: w.amount,
    status: w.status,
    reason: w.reason,
    canCancel: w.can_cancel,
    payoutAccount: w.bank_account
      ? {
          bank: { code: w.bank_account.bank, name: w.bank_account.bank_name },
          holder: w.bank_account.holder,
          maskedNumber: w.bank_account.account_number_masked,
        }
      : null,
    history: w.history,
    requestedAt: w.created_at,
    updatedAt: w.updated_at,
  };
}

/** A withdrawal as the live channel's withdrawal event carries it; null when it is not one we know. */
export function parseWithdrawalEvent(data: unknown): WithdrawalModel | null {
  const parsed = z.object({ withdrawal: WithdrawalJson }).safeParse(data);
  return parsed.success ? toWithdrawal(parsed.data.withdrawal) : null;
}

const BanksJson = z.object({
  banks: z.array(z.object({ code: z.string().min(1), name: z.string().min(1) })),
});

/** GET /api/banks: public and rarely changed, so shared across executions (the public cache). */
export const loadBanks = (upstream: RequestUpstream): Promise<BankModel[]> =>
  upstream.readPublic('/api/banks', (raw) => parseUpstream(BanksJson, raw, 'banks').banks);

const AccountResponse = z.object({ bank_account: BankAccountJson.nullable() });

/** GET /api/bankAccount as read (once) for this execution; the response does not say whose it is. */
export const readPayoutAccount = (upstream: RequestUpstream) =>
  upstream.read(
    '/api/bankAccount',
    (raw) => parseUpstream(AccountResponse, raw, 'bank account').bank_account,
  );

/** The player's payout account, or null when none is saved. */
export async function loadPayoutAccount(upstream: RequestUpstream, userId: number) {
  const account = await readPayoutAccount(upstream);
  return account ? toPayoutAccount(account, userId) : null;
}

export interface PayoutAccountInput {
  bank: string;
  holder: string;
  accountNumber: string;
  accountType: BankAccountTypeName;
}

/** PUT /api/bankAccount: the backend validates (422 naming bank, holder, accountNumber, accountType). */
export async function savePayoutAccount(
  upstream: RequestUpstream,
  userId: number,
  input: PayoutAccountInput,
): Promise<PayoutAccountModel> {
  const raw = await upstream.write({
    method: 'PUT',
    path: '/api/bankAccount',
    json: {
      bank: input.bank,
      holder: input.holder,
      account_number: input.accountNumber,
      account_type: input.accountType,
    },
  });
  const { bank_account } = parseUpstream(AccountResponse, raw, 'bank account');
  if (!bank_account) throw new Error('the backend saved no bank account');
  return toPayoutAccount(bank_account, userId);
}

const ListJson = z.object({ data: z.array(WithdrawalJson) });

/** GET /api/withdrawals?limit=: the player's latest withdrawals, newest first. */
export const loadWithdrawals = (upstream: RequestUpstream, limit: number) =>
  upstream.read(`/api/withdrawals?limit=${limit}`, (raw) =>
    parseUpstream(ListJson, raw, 'withdrawals').data.map(toWithdrawal),
  );

const OneJson = z.object({ withdrawal: WithdrawalJson });

/** GET /api/withdrawals/{id}: one of the player's withdrawals (404 for anyone else's). */
export const loadWithdrawal = (upstream: RequestUpstream, id: string) =>
  upstream.read(`/api/withdrawals/${encodeURIComponent(id)}`, (raw) =>
    toWithdrawal(parseUpstream(OneJson, raw, 'withdrawal').withdrawal),
  );

/** POST /api/withdrawals/{id}/cancel: idempotent at the backend (a cancelled one is returned as it is). */
export async function cancelWithdrawal(upstream: RequestUpstream, id: string): Promise<WithdrawalModel> {
  const raw = await upstream.write({
    method: 'POST',
    path: `/api/withdrawals/${encodeURIComponent(id)}/cancel`,
  });
  return toWithdrawal(parseUpstream(OneJson, raw, 'withdrawal').withdrawal);
}
