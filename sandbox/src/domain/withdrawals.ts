import crypto from 'node:crypto';
import type { SandboxContext } from '../context.js';
import type { Db } from '../db/open.js';
import { ApiError, notFound } from '../http/errors.js';
import { UserEvents, userChannel } from '../realtime/hub.js';
import { BANKS, bankAccountOf, maskedNumber, type BankCode } from './bank-accounts.js';
import { isoUtc } from './clock.js';
import { publishWallet } from './events.js';
import { balanceCents, post, walletEntries } from './ledger.js';
import { formatCents, formatRands } from './money.js';
import { notify } from './notifications.js';
import { shortReference } from './references.js';
import { verificationRequired } from './verification.js';
import { withdrawLock } from './wallet.js';

/*
 * The withdrawal lifecycle (docs/rules.md#withdrawals): requested (pending) → approved → paid; while pending the
 * player may cancel it (reversed); pending or approved, the casino may fail it with a reason. Reversed and failed
 * give the money back through the ledger. Each change is kept as a step and published on the player's channel.
 */

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'reversed', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** The moves the casino's back office makes (the player's own, cancel, is pending → reversed). */
const NEXT: Record<WithdrawalStatus, readonly WithdrawalStatus[]> = {
  pending: ['approved', 'failed', 'reversed'],
  approved: ['paid', 'failed'],
  paid: [],
  reversed: [],
  failed: [],
};

interface WithdrawalRow {
  id: string;
  user_id: number;
  amount_cents: number;
  status: WithdrawalStatus;
  reason: string | null;
  bank: BankCode | null;
  holder: string | null;
  account_last4: string | null;
  account_type: string | null;
  created_at: string;
  updated_at: string;
}

interface StepRow {
  status: WithdrawalStatus;
  reason: string | null;
  at: string;
}

export function withdrawalJson(db: Db, row: WithdrawalRow) {
  const steps = db
    .prepare('SELECT status, reason, at FROM withdrawal_steps WHERE withdrawal_id = ? ORDER BY id')
    .all(row.id) as StepRow[];
  return {
    id: row.id,
    reference: shortReference(row.id),
    amount: formatCents(row.amount_cents),
    status: row.status,
    reason: row.reason,
    can_cancel: row.status === 'pending',
    bank_account: row.bank
      ? {
          bank: row.bank,
          bank_name: BANKS[row.bank],
          holder: row.holder,
          account_number_masked: maskedNumber(row.account_last4 ?? ''),
          account_type: row.account_type,
        }
      : null,
    history: steps.map((s) => ({ status: s.status, reason: s.reason, at: isoUtc(new Date(s.at)) })),
    created_at: isoUtc(new Date(row.created_at)),
    updated_at: isoUtc(new Date(row.updated_at)),
  };
}

function withdrawalRow(db: Db, id: string): WithdrawalRow | null {
  return (db.prepare('SELECT * FROM withdrawals WHERE id = ?').get(id) as WithdrawalRow | undefined) ?? null;
}

/** The player's own withdrawal; another player's is as missing as one that does not exist. */
export function findWithdrawal(db: Db, userId: number | null, id: string): WithdrawalRow {
  const row = withdrawalRow(db, id);
  if (!row || (userId !== null && row.user_id !== userId)) throw notFound('Withdrawal');
  return row;
}

export function listWithdrawals(db: Db, userId: number, limit: number) {
  const rows = db
    .prepare('SELECT * FROM withdrawals WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?')
    .all(userId, limit) as WithdrawalRow[];
  return rows.map((row) => withdrawalJson(db, row));
}

function addStep(db: Db, id: string, status: WithdrawalStatus, reason: string | null, now: Date) {
  db.prepare('INSERT INTO withdrawal_steps (withdrawal_id, status, reason, at) VALUES (?, ?, ?, ?)').run(
    id,
    status,
    reason,
    now.toISOString(),
  );
}

function publishWithdrawal(ctx: SandboxContext, row: WithdrawalRow) {
  ctx.realtime.publish(userChannel(row.user_id), UserEvents.withdrawal, {
    withdrawal: withdrawalJson(ctx.db, row),
  });
}

/** POST /api/withdraw: takes the amount from the money balance now, to the player's payout account. */
export function withdraw(ctx: SandboxContext, userId: number, amountCents: number) {
  const { db } = ctx;
  const lock = withdrawLock(db, userId);
  // FICA's refusal says what is missing (docs/rules.md#know-your-player); the other locks keep their answer.
  if (lock === 'verification_required') throw verificationRequired(db, userId);
  if (lock) throw new ApiError(403, 'Withdrawals are not available on this account.');
  const account = bankAccountOf(db, userId);
  if (!account) throw new ApiError(422, 'Add the bank account to pay your withdrawal into first.');
  if (amountCents > balanceCents(db, userId, 'money')) throw new ApiError(422, 'Insufficient funds.');
  const row = db.transaction(() => requestWithdrawal(db, userId, amountCents, ctx.clock()))();
  publishRequested(ctx, row);
  // No notification: a request is not a payment (docs/rules.md#withdrawals); the cashier shows it pending.
  const json = withdrawalJson(db, row);
  return { success: true, withdrawal: json, wallets: walletEntries(db, userId) };
}

/**
 * Keeps a pending withdrawal of `amountCents` and takes it from the money balance through the ledger, to the saved
 * payout account, or to none (support arranges the payment: a self-exclusion's payout, docs/rules.md#safer-gambling).
 * The caller runs it in its transaction and then calls `publishRequested`.
 */
export function requestWithdrawal(db: Db, userId: number, amountCents: number, now: Date): WithdrawalRow {
  const account = bankAccountOf(db, userId);
  const id = `wd_${crypto.randomBytes(9).toString('base64url')}`;
  db.prepare(
    `INSERT INTO withdrawals (id, user_id, amount_cents, status, bank, holder, account_last4, account_type,
       created_at, updated_at)
     VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    userId,
    amountCents,
    account?.bank ?? null,
    account?.holder ?? null,
    account ? account.account_number.slice(-4) : null,
    account?.account_type ?? null,
    now.toISOString(),
    now.toISOString(),
  );
  addStep(db, id, 'pending', null, now);
  post(
    db,
    [
      {
        userId,
        wallet: 'money',
        amountCents: -amountCents,
        kind: 'withdrawal',
        reference: `withdrawal:${id}`,
      },
    ],
    now,
  );
  return findWithdrawal(db, userId, id);
}

/** Tells the player's live channel of a new withdrawal and the balance it took. */
export function publishRequested(ctx: SandboxContext, row: WithdrawalRow): void {
  publishWallet(ctx, row.user_id);
  publishWithdrawal(ctx, row);
}

const REFUSED: Partial<Record<WithdrawalStatus, string>> = {
  approved: 'This withdrawal has been approved and can no longer be cancelled.',
  paid: 'This withdrawal has been paid and can no longer be cancelled.',
  failed: 'This withdrawal failed and its money is already back in your balance.',
};

/**
 * Moves a withdrawal on. Reversed and failed give the money back (one ledger row, in the same transaction as the
 * change); paid, reversed and failed notify the player. Moving to the state it is already in does nothing (a
 * repeated cancel is answered with the withdrawal as it is).
 */
export function moveWithdrawal(
  ctx: SandboxContext,
  id: string,
  to: WithdrawalStatus,
  options: { userId?: number; reason?: string | null } = {},
) {
  const { db } = ctx;
  const now = ctx.clock();
  const moved = db.transaction(() => {
    const row = findWithdrawal(db, options.userId ?? null, id);
    if (row.status === to) return false;
    if (!NEXT[row.status].includes(to)) {
      const message =
        to === 'reversed'
          ? (REFUSED[row.status] ?? 'This withdrawal can no longer be cancelled.')
          : `A ${row.status} withdrawal cannot become ${to}.`;
      throw new ApiError(409, message, { status: row.status });
    }
    const reason = to === 'failed' ? (options.reason ?? 'The bank refused the payment.') : null;
    db.prepare('UPDATE withdrawals SET status = ?, reason = ?, updated_at = ? WHERE id = ?').run(
      to,
      reason,
      now.toISOString(),
      id,
    );
    addStep(db, id, to, reason, now);
    if (to === 'reversed' || to === 'failed') {
      post(
        db,
        [
          {
            userId: row.user_id,
            wallet: 'money',
            amountCents: row.amount_cents,
            kind: 'withdrawal',
            reference: `withdrawal:${id}`,
          },
        ],
        now,
      );
    }
    return true;
  })();
  const row = findWithdrawal(db, null, id);
  if (moved) {
    if (to === 'reversed' || to === 'failed') publishWallet(ctx, row.user_id);
    publishWithdrawal(ctx, row);
    notifyStep(ctx, row);
  }
  return withdrawalJson(db, row);
}

/** The notification of a step, titled for what happened (a request is never called paid). */
function notifyStep(ctx: SandboxContext, row: WithdrawalRow) {
  const amount = formatRands(row.amount_cents);
  const to = row.bank ? ` to ${BANKS[row.bank]} ${maskedNumber(row.account_last4 ?? '')}` : '';
  const ref = shortReference(row.id);
  if (row.status === 'paid') {
    notify(ctx, row.user_id, 'withdrawal_success', 'Withdrawal paid', `We paid ${amount}${to} (${ref}).`);
  } else if (row.status === 'reversed') {
    notify(
      ctx,
      row.user_id,
      'withdrawal_rollback',
      'Withdrawal cancelled',
      `You cancelled your withdrawal of ${amount} (${ref}); the money is back in your balance.`,
    );
  } else if (row.status === 'failed') {
    notify(
      ctx,
      row.user_id,
      'withdrawal_rollback',
      'Withdrawal failed',
      `Your withdrawal of ${amount}${to} could not be paid: ${row.reason ?? 'no reason given'} The money is back in your balance (${ref}).`,
    );
  }
}
