/*
 * A withdrawal request whose answer never came (docs/rules.md#withdrawals): its outcome is unknown until the same
 * request, sent again with the same idempotency key (intent.ts), is answered.
 */

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
 * The amount (rands) of the request whose outcome is unknown, kept for the life of the page as its idempotency key
 * is: closing and reopening the cashier goes on checking it, rather than offering a new withdrawal that could be a
 * second one.
 */
let unknownAmount: string | null = null;

export const unknownWithdrawal = (): string | null => unknownAmount;

export function rememberUnknownWithdrawal(amount: string | null): void {
  unknownAmount = amount;
}
