import type { SandboxContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';
import { UserEvents, userChannel } from '../../realtime/hub.js';
import { isoUtc } from '../clock.js';

/** The casino's codes for a safer-gambling refusal (docs/rules.md#safer-gambling). */
export type RefusalCode =
  | 'deposit_limit_reached'
  | 'loss_limit_reached'
  | 'session_limit_reached'
  | 'taking_a_break'
  | 'self_excluded'
  /** The reality check awaits the player's answer (reality-check.ts); refused with 403. */
  | 'reality_check_due';

export type LimitPeriod = 'day' | 'week' | 'month';

/**
 * A refusal as the casino answers it: 422 (403 for sign-in) with the message and a `safer_gambling` object naming
 * the code, the limit's period and when the player may go on. Every refusal is also announced on the player's live
 * channel (`saferGambling`, reason limit_reached), so every open tab and device hears of it.
 */
export function refuse(
  ctx: SandboxContext,
  userId: number,
  refusal: { code: RefusalCode; message: string; period?: LimitPeriod | null; resetsAt: Date },
  status = 422,
): ApiError {
  announce(ctx, userId, {
    reason: 'limit_reached',
    code: refusal.code,
    message: refusal.message,
    resets_at: isoUtc(refusal.resetsAt),
  });
  return refusalError(refusal, status);
}

/** The refusal's answer alone, announced nowhere: for a registration, which has no account or channel yet. */
export function refusalError(
  refusal: { code: RefusalCode; message: string; period?: LimitPeriod | null; resetsAt: Date },
  status = 422,
): ApiError {
  return new ApiError(status, refusal.message, {
    safer_gambling: {
      code: refusal.code,
      period: refusal.period ?? null,
      resets_at: isoUtc(refusal.resetsAt),
    },
  });
}

/** Tells the player's live channel that their safer-gambling tools changed or refused something. */
export function announce(
  ctx: SandboxContext,
  userId: number,
  event:
    | { reason: 'changed' }
    | { reason: 'limit_reached'; code: RefusalCode; message: string; resets_at: string },
): void {
  ctx.realtime.publish(userChannel(userId), UserEvents.saferGambling, {
    code: null,
    message: null,
    resets_at: null,
    ...event,
  });
}
