import type { SandboxContext } from '../../context.js';
import { checkLimits } from './limits.js';
import { checkRealityCheck } from './reality-check.js';
import { checkRestriction } from './restrictions.js';

/** What a player is about to do that safer-gambling rules may refuse (docs/rules.md#safer-gambling). */
export type GuardedAction =
  | { kind: 'deposit'; amountCents: number }
  | { kind: 'launch' }
  | { kind: 'spin'; stakeCents: number }
  | { kind: 'coupon' }
  | { kind: 'tournament'; buyInCents: number };

/**
 * Throws the casino's refusal (domain/safer-gambling/refusal.ts) when a break, a self-exclusion, a limit or a reality
 * check awaiting the player's answer forbids `action` now; returns when it is allowed. Demo play never comes here.
 */
export function assertAllowed(ctx: SandboxContext, userId: number, action: GuardedAction): void {
  checkRestriction(ctx, userId, action);
  checkLimits(ctx, userId, action);
  // Real play: a launch opens the play session, and launches and spins pause while its check is due.
  if (action.kind === 'launch' || action.kind === 'spin') checkRealityCheck(ctx, userId);
}
