import type { SandboxContext } from '../../context.js';
import { BANKS, maskedNumber } from '../bank-accounts.js';
import { activeCoupon, optOutBonus } from '../bonus.js';
import { formatJohannesburg } from '../johannesburg.js';
import { balanceCents } from '../ledger.js';
import { formatRands } from '../money.js';
import { revokeUserTokens } from '../tokens.js';
import { publishRequested, requestWithdrawal, withdrawalJson } from '../withdrawals.js';
import { writeAudit } from './audit.js';
import { announce } from './refusal.js';
import {
  LENGTH_WORDS,
  currentRestriction,
  insertRestriction,
  restrictionJson,
  restrictionRefusal,
  type ExclusionLength,
} from './restrictions.js';

/**
 * Self-exclusion (docs/rules.md#safer-gambling), all at once or not at all: the exclusion; any active bonus forfeited
 * (the opt-out's machinery); the cash balance, when above zero, paid out as a pending withdrawal to the saved payout
 * account (or to none: support arranges it), whatever would otherwise hold a withdrawal back; every token of the
 * player revoked (reason self_excluded); an audit row for each. Then the live events.
 */
export function selfExclude(ctx: SandboxContext, userId: number, length: ExclusionLength) {
  const { db } = ctx;
  const now = ctx.clock();
  const { restriction, payout } = db.transaction(() => {
    const current = currentRestriction(db, userId, now);
    // A self-excluded player has no session to ask with; were one to, it cannot be extended or shortened.
    if (current?.kind === 'self_exclusion') throw restrictionRefusal(ctx, userId, current);
    const restriction = insertRestriction(db, userId, 'self_exclusion', length, now);
    writeAudit(
      db,
      userId,
      'self_excluded',
      `Self-excluded for ${LENGTH_WORDS[length]}, until ${formatJohannesburg(restriction.endsAt)}`,
      now,
      { length },
    );
    if (activeCoupon(db, userId)) optOutBonus(ctx, userId);
    const cash = balanceCents(db, userId, 'money');
    const payout = cash > 0 ? requestWithdrawal(db, userId, cash, now) : null;
    if (payout) {
      const to = payout.bank
        ? `to ${BANKS[payout.bank]} ${maskedNumber(payout.account_last4 ?? '')}`
        : 'with no payout account saved: support will arrange the payment';
      writeAudit(
        db,
        userId,
        'payout',
        `Cash balance of ${formatRands(cash)} paid out as a withdrawal ${to}`,
        now,
        {
          withdrawal: payout.id,
        },
      );
    }
    revokeUserTokens(db, userId, now, 'self_excluded');
    return { restriction, payout };
  })();
  if (payout) publishRequested(ctx, payout);
  announce(ctx, userId, { reason: 'changed' });
  return { restriction: restrictionJson(restriction), payout: payout ? withdrawalJson(db, payout) : null };
}
