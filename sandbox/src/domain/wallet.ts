import crypto from 'node:crypto';
import type { SandboxContext } from '../context.js';
import type { Db } from '../db/open.js';
import { ApiError, notFound } from '../http/errors.js';
import { activeCouponJson } from './bonus.js';
import { isoUtc } from './clock.js';
import { publishWallet } from './events.js';
import { post, walletEntries } from './ledger.js';
import { formatCents } from './money.js';
import { GATEWAYS, gatewayEnabled, paymentLimits, paymentSettings, type Gateway } from './payments.js';
import { findUser } from './users.js';

/** A player may withdraw with a verified email and no bonus wagering outstanding. */
export function canWithdraw(db: Db, userId: number): boolean {
  return findUser(db, userId).email_verified_at !== null && !activeCouponJson(db, userId).activeWagering;
}

/** POST /api/wallet. */
export function walletJson(db: Db, userId: number) {
  const { depositBonusPercentage, depositWagerPercentage, ...flags } = paymentSettings(db);
  return {
    can_withdraw: canWithdraw(db, userId),
    depositBonusPercentage,
    depositWagerPercentage,
    wallets: walletEntries(db, userId),
    ...flags,
    limits: paymentLimits(),
  };
}

interface DepositRow {
  id: string;
  user_id: number;
  gateway: Gateway;
  type: string;
  provider: string;
  amount_cents: number;
  status: 'pending' | 'complete' | 'failed';
  return_url: string | null;
  created_at: string;
  completed_at: string | null;
}

export function depositJson(ctx: SandboxContext, row: DepositRow) {
  return {
    paymentId: row.id,
    gateway: row.gateway,
    type: row.type,
    provider: row.provider,
    amount: formatCents(row.amount_cents),
    status: row.status,
    redirectUrl: `${ctx.publicUrl()}/sandbox/pay/${row.id}`,
    created_at: isoUtc(new Date(row.created_at)),
    completed_at: row.completed_at ? isoUtc(new Date(row.completed_at)) : null,
  };
}

export function depositById(db: Db, paymentId: string): DepositRow | null {
  return (db.prepare('SELECT * FROM deposits WHERE id = ?').get(paymentId) as DepositRow | undefined) ?? null;
}

export function findDeposit(db: Db, paymentId: string): DepositRow {
  const row = depositById(db, paymentId);
  if (!row) throw notFound('Payment');
  return row;
}

export function startDeposit(
  ctx: SandboxContext,
  userId: number,
  gateway: Gateway,
  amountCents: number,
  returnUrl?: string,
) {
  if (!gatewayEnabled(paymentSettings(ctx.db), gateway)) {
    throw new ApiError(422, 'This payment method is not available.');
  }
  const { type, provider } = GATEWAYS[gateway];
  const id = `pay_${crypto.randomBytes(9).toString('base64url')}`;
  ctx.db
    .prepare(
      `INSERT INTO deposits (id, user_id, gateway, type, provider, amount_cents, status, return_url, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
    )
    .run(id, userId, gateway, type, provider, amountCents, returnUrl ?? null, ctx.clock().toISOString());
  return depositJson(ctx, findDeposit(ctx.db, id));
}

/** The payment page's reply: confirm credits the wallet through the ledger exactly once; fail marks it failed. */
export function settleDeposit(
  ctx: SandboxContext,
  paymentId: string,
  outcome: 'complete' | 'failed',
): DepositRow {
  const { db } = ctx;
  const now = ctx.clock();
  const settled = db.transaction(() => {
    const row = findDeposit(db, paymentId);
    if (row.status !== 'pending') return false;
    db.prepare('UPDATE deposits SET status = ?, completed_at = ? WHERE id = ?').run(
      outcome,
      now.toISOString(),
      row.id,
    );
    if (outcome === 'complete') {
      post(
        db,
        [
          {
            userId: row.user_id,
            wallet: 'money',
            amountCents: row.amount_cents,
            kind: 'deposit',
            reference: `deposit:${row.id}`,
          },
        ],
        now,
      );
    }
    return true;
  })();
  const row = findDeposit(db, paymentId);
  if (settled && outcome === 'complete') publishWallet(ctx, row.user_id);
  return row;
}
