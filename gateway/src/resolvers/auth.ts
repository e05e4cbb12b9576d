import type { GatewayContext } from '../context.js';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { forgotPassword, login, logout, register, resetPassword, updateProfile } from '../upstream/auth.js';
import { requireSession } from './guard.js';
import { currentViewer } from './viewer.js';

/**
 * The payload of a sign-in: the new token, and the rest of the answer read as the new session (its viewer, its
 * `query`), not the request's own token. The token reaches the client even if its account cannot be read then:
 * the viewer is null with its error, and the player is still signed in.
 */
function authPayload(ctx: GatewayContext, token: string, clientMutationId: string | null | undefined) {
  ctx.switchSession(token);
  return { token, query: {}, clientMutationId: clientMutationId ?? null };
}

export const authResolvers: Resolvers = {
  Mutation: {
    register: async (_root, { input }, ctx) => {
      await ctx.attempts.check('register', input.email);
      const token = await register(ctx.scope.upstream, {
        name: input.name,
        email: input.email,
        password: input.password,
        phone: input.phone ?? null,
        dateOfBirth: input.dateOfBirth ?? null,
        affiliate: input.affiliate ?? null,
        trackingId: input.trackingId ?? null,
      });
      return authPayload(ctx, token, input.clientMutationId);
    },

    login: async (_root, { input }, ctx) => {
      await ctx.attempts.check('login', input.email);
      return authPayload(
        ctx,
        await login(ctx.scope.upstream, input.email, input.password),
        input.clientMutationId,
      );
    },

    forgotPassword: async (_root, { input }, ctx) => {
      await ctx.attempts.check('forgotPassword', input.email);
      return {
        message: await forgotPassword(ctx.scope.upstream, input.email),
        clientMutationId: input.clientMutationId ?? null,
      };
    },

    resetPassword: async (_root, { input }, ctx) => {
      const { token, email, password } = input;
      await ctx.attempts.check('resetPassword', email);
      return authPayload(
        ctx,
        await resetPassword(ctx.scope.upstream, { token, email, password }),
        input.clientMutationId,
      );
    },

    signOut: async (_root, { input }, ctx) => {
      requireSession(ctx);
      await logout(ctx.scope.upstream);
      // This gateway's live subscriptions on the session end now (other replicas notice at their next check).
      ctx.realtime.sessionEnded(ctx.scope.upstream.token!);
      ctx.switchSession(null);
      return { success: true, query: {}, clientMutationId: input?.clientMutationId ?? null };
    },

    updateProfile: async (_root, { input }, ctx) => {
      requireSession(ctx);
      // Only what the player gave: a null name means "leave it", a null phone clears it.
      const changes = {
        ...(input.name != null ? { name: input.name } : {}),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
      };
      return {
        account: await updateProfile(ctx.scope.upstream, changes),
        clientMutationId: input.clientMutationId ?? null,
      };
    },
  },
};

// The viewer is its own field, read after the switch to the new session: if it fails, the token still arrives.
authResolvers.AuthPayload = { viewer: (_p, _args, ctx, info) => currentViewer(ctx, info) };
