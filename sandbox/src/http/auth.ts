import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context.js';
import { resolveToken, sessionEndReason, type TokenOwner } from '../domain/tokens.js';
import { unauthenticated } from './errors.js';

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}

/** The signed-in player behind a session token; anything else is a 401. */
export function requireUser(ctx: SandboxContext, req: FastifyRequest): TokenOwner {
  const owner = optionalUser(ctx, req);
  if (!owner || owner.kind !== 'session') throw unauthenticated();
  return owner;
}

/** For the game page's spins: a session token or the game token its launch handed out. */
export function requirePlayer(ctx: SandboxContext, req: FastifyRequest): TokenOwner {
  const owner = optionalUser(ctx, req);
  if (!owner) throw unauthenticated();
  return owner;
}

/** Public routes read the player when a token is sent; a bad token there is a 401 too, as with Laravel's guard. */
export function optionalUser(ctx: SandboxContext, req: FastifyRequest): TokenOwner | null {
  const token = bearer(req);
  if (token === null) {
    if (req.headers.authorization) throw unauthenticated();
    return null;
  }
  const owner = resolveToken(ctx.db, token);
  // An ended session's 401 says why it ended.
  if (!owner) throw unauthenticated(sessionEndReason(ctx.db, token));
  return owner;
}
