import type { SandboxContext } from '../context.js';
import { UserEvents, userChannel } from '../realtime/hub.js';
import { walletEntries } from './ledger.js';

/** Tells the player's live channel that a balance changed, with the new wallet entries. */
export function publishWallet(ctx: SandboxContext, userId: number): void {
  ctx.realtime.publish(userChannel(userId), UserEvents.wallet, { wallets: walletEntries(ctx.db, userId) });
}

/**
 * Tells the player's live channel that one of their sessions has ended (`reason` as the 401 says it): whoever holds a
 * session of theirs checks it at once, so an idle tab signs out now rather than at its next call.
 */
export function publishSessionEnded(ctx: SandboxContext, userId: number, reason: string): void {
  ctx.realtime.publish(userChannel(userId), UserEvents.sessionEnded, { reason });
}
