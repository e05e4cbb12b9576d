/*
 * How often a player, and an address, may try each guarded action: every limit in one place.
 *
 * Sized for real players: someone who mistypes a password a few times, asks for a second reset mail, or retries a
 * payment after a dropped connection never meets them; a script guessing passwords or coupon codes, or sending
 * reset mails to strangers, does. The per-address limits are several times the per-player ones because many
 * players share one address (mobile carriers' NAT, an office, a household). Every attempt counts, served or
 * refused, including a payment retried with the same idempotency key; sign-ins alone count only failures
 * (SIGN_IN_LIMITS).
 *
 * Counting is in fixed windows (the count starts again at each window's start; Redis or memory, see counters.ts):
 * at a window's edge a client may get up to twice a limit in a short while, which these sizes allow for.
 */

const MINUTE = 60_000;

export interface Limit {
  /** Attempts allowed in one window. */
  max: number;
  windowMs: number;
}

export interface ActionRule {
  /** Per player: the email a sign-up or password reset names, or the signed-in player's id. */
  perPlayer: Limit;
  /** Per client address (client-ip.ts). */
  perIp: Limit;
  /** What was tried too often, as the refusal names it ("Too many sign-in attempts."). */
  refusal: string;
}

export const ACTION_LIMITS = {
  register: {
    perPlayer: { max: 5, windowMs: 15 * MINUTE },
    perIp: { max: 20, windowMs: 15 * MINUTE },
    refusal: 'Too many sign-up attempts.',
  },
  // Each one sends a mail: few per address, so the casino's mails cannot be turned on a stranger's inbox.
  forgotPassword: {
    perPlayer: { max: 3, windowMs: 15 * MINUTE },
    perIp: { max: 20, windowMs: 15 * MINUTE },
    refusal: 'Too many password reset requests.',
  },
  resetPassword: {
    perPlayer: { max: 10, windowMs: 15 * MINUTE },
    perIp: { max: 30, windowMs: 15 * MINUTE },
    refusal: 'Too many password reset attempts.',
  },
  // Codes are short: unlimited tries would find the valid ones.
  redeemCoupon: {
    perPlayer: { max: 10, windowMs: 15 * MINUTE },
    perIp: { max: 30, windowMs: 15 * MINUTE },
    refusal: 'Too many coupon attempts.',
  },
  deposit: {
    perPlayer: { max: 20, windowMs: 15 * MINUTE },
    perIp: { max: 60, windowMs: 15 * MINUTE },
    refusal: 'Too many deposit attempts.',
  },
  withdraw: {
    perPlayer: { max: 10, windowMs: 15 * MINUTE },
    perIp: { max: 30, windowMs: 15 * MINUTE },
    refusal: 'Too many withdrawal attempts.',
  },
} as const satisfies Record<string, ActionRule>;

export type LimitedAction = keyof typeof ACTION_LIMITS;

/**
 * Sign-ins (sign-in.ts) count failures only: a player who signs in ten times an hour is not refused, and their
 * success forgets their email's failures. Failures are limited per email *and address*, so strangers guessing from
 * elsewhere cannot lock a player out, and per address, so one address cannot try many players. Beyond that, an
 * email that many addresses have failed at (a spread-out guessing run) slows each of those addresses to one attempt
 * per window; an address that has not failed at it (the player's own phone or home) is never refused by that count.
 */
export const SIGN_IN_LIMITS = {
  /** Failed sign-ins at one email from one address. */
  perEmailAndIp: { max: 10, windowMs: 15 * MINUTE },
  /** Failed sign-ins from one address, at any emails. */
  perIp: { max: 50, windowMs: 15 * MINUTE },
  /** Failed sign-ins at one email from anywhere: past it, only addresses that have not failed at it may try. */
  perEmail: { max: 30, windowMs: 60 * MINUTE },
  refusal: 'Too many sign-in attempts.',
} as const satisfies Record<string, Limit | string>;

/**
 * Every operation from one address (HTTP, SSE and graphql-ws alike): ten a second on average, far above what a
 * player's pages send (a screen is one query, a live update is pushed), and low enough that one address cannot
 * flood the backend.
 */
export const OPERATIONS_PER_IP: Limit = { max: 600, windowMs: MINUTE };
