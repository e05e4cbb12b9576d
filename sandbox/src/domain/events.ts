import type { SandboxContext } from '../context.js';
import { UserEvents, userChannel } from '../realtime/hub.js';
import { walletEntries } from './ledger.js';

/** Tells the player's live channel that a balance changed, with the new wallet entries. */
export function publishWallet(ctx: SandboxContext, userId: number): void {
  ctx.realtime.publish(userChannel(userId), UserEvents.wallet, { wallets: walletEntries(ctx.db, userId) });
}
