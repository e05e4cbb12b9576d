import type { GatewayContext } from '../context.js';
import { unauthenticated } from '../errors.js';

/*
 * The one place that says "must be signed in". A guest is refused before anything is sent upstream; a token the
 * backend refuses fails there, as UNAUTHENTICATED.
 */

/** A session token is present (the backend still decides whether it is good). */
export function requireSession(ctx: GatewayContext, message?: string): void {
  if (!ctx.scope.upstream.token) throw unauthenticated(message);
}

/** The signed-in player's id, read once per execution (the account read is deduplicated), or UNAUTHENTICATED. */
export async function requirePlayerId(ctx: GatewayContext, message?: string): Promise<number> {
  requireSession(ctx, message);
  return (await ctx.requireViewer()).id;
}
