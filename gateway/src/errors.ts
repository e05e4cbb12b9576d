import { GraphQLError } from 'graphql';

export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'BAD_USER_INPUT'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'UPSTREAM_UNAVAILABLE'
  | 'RATE_LIMITED'
  | 'OUTCOME_UNKNOWN'
  | 'INTERNAL_SERVER_ERROR'
  /**
   * The casino pays a withdrawal only to a player whose identity it has verified (FICA,
   * docs/rules.md#know-your-player): carries `extensions.missing`, the documents still needed.
   */
  | 'VERIFICATION_REQUIRED'
  | SaferGamblingCode;

/**
 * The casino's safer-gambling refusals (docs/rules.md#safer-gambling), each its own code so a client can tell a
 * limit from a break from an exclusion; they carry `extensions.resetsAt` and, for a limit, `extensions.period`.
 */
export type SaferGamblingCode =
  | 'DEPOSIT_LIMIT_REACHED'
  | 'LOSS_LIMIT_REACHED'
  | 'SESSION_LIMIT_REACHED'
  | 'TAKING_A_BREAK'
  | 'SELF_EXCLUDED'
  /** Real-money play paused until the player answers the reality check (answerRealityCheck). */
  | 'REALITY_CHECK_DUE';

/** Every error a client sees carries extensions.code; the message is the text docs/rules.md#error-messages gives. */
export function gatewayError(
  code: ErrorCode,
  message: string,
  extensions: Record<string, unknown> = {},
): GraphQLError {
  return new GraphQLError(message, { extensions: { ...extensions, code } });
}

export const badInput = (message: string) => gatewayError('BAD_USER_INPUT', message);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  gatewayError('UNAUTHENTICATED', message);
export const notFound = (message: string) => gatewayError('NOT_FOUND', message);
export const upstreamUnavailable = () =>
  gatewayError(
    'UPSTREAM_UNAVAILABLE',
    'The casino is not responding right now. Please try again in a moment.',
  );

/**
 * A payment was sent but its response never came (a timeout, a dropped connection): it may or may not have been made.
 * The same request with the same idempotency key is safe to send again: the backend returns the first one's result.
 */
/**
 * A payment sent but not confirmed (a timeout, a dropped response): it may or may not have been made. The message is
 * the player's (the cashier shows it, and sends a retry with the same key); the extension is the client's rule.
 */
export const outcomeUnknown = () =>
  gatewayError(
    'OUTCOME_UNKNOWN',
    'The casino did not confirm this payment in time, so it may or may not have gone through. Check your ' +
      'balance, or try again: the same payment is never made twice.',
    { retryWithSameIdempotencyKey: true },
  );

/** The backend refused the session: signed out, revoked, expired (401) or not allowed (403). */
export function isAuthError(err: unknown): err is GraphQLError {
  const code = err instanceof GraphQLError ? err.extensions.code : undefined;
  return code === 'UNAUTHENTICATED' || code === 'FORBIDDEN';
}

/** The backend said there is no such thing (404): for lookups that return null rather than fail. */
export const isNotFound = (err: unknown): boolean =>
  err instanceof GraphQLError && err.extensions.code === 'NOT_FOUND';
