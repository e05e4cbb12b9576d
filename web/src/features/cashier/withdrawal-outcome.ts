/*
 * A withdrawal request whose answer never came (docs/rules.md#withdrawals): its outcome is unknown until the same
 * request, sent again with the same idempotency key (intent.ts), is answered.
 */

import { session } from '../../shared/session';
import { keepForSession, keptForSession, UNKNOWN_WITHDRAWAL_KEY } from '../../shared/storage';

/**
 * Whether a withdrawal request's failure leaves its outcome unknown: the gateway did not hear back from the casino
 * (OUTCOME_UNKNOWN), or the browser did not hear back from the gateway (NETWORK_ERROR: it may have been sent). Any
 * other refusal is an answer: nothing was withdrawn.
 */
export const outcomeUnknown = (code: string | undefined) =>
  code === 'OUTCOME_UNKNOWN' || code === 'NETWORK_ERROR';

/** How long to wait before checking an unknown outcome again: 2 s, 4 s, 8 s ... at most 30 s. */
export const checkDelay = (attempt: number) => Math.min(30_000, 2000 * 2 ** attempt);

/**
 * The amount (rands) of the request whose outcome is unknown, kept for the session in this tab as its idempotency
 * key is (sessionStorage, play_live_unknown_withdrawal): closing and reopening the cashier, or reloading the page,
 * goes on checking it, rather than offering a new withdrawal that could be a second one. Signing out forgets it.
 */
export const unknownWithdrawal = (): string | null => {
  const amount = keptForSession<unknown>(UNKNOWN_WITHDRAWAL_KEY);
  return typeof amount === 'string' ? amount : null;
};

// Another session's withdrawal is not this one's (docs/rules.md#sign-in-and-sessions).
session.onChange(() => keepForSession(UNKNOWN_WITHDRAWAL_KEY, null));

export function rememberUnknownWithdrawal(amount: string | null): void {
  keepForSession(UNKNOWN_WITHDRAWAL_KEY, amount);
}
