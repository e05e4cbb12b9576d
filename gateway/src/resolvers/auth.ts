import type { GatewayContext } from '../context.js';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { loadAccount } from '../upstream/account.js';
import { forgotPassword, login, logout, register, resetPassword, updateProfile } from '../upstream/auth.js';
import type { NodeLoader } from './node.js';
import { requireSession, viewerOf } from './viewer.js';

/**
 * The payload of a sign-in: the new token and the viewer it belongs to. The viewer's parts load with the NEW token
 * (the request's own is the caller's old one, or none); reading the account here also proves the token works.
 */
async function authPayload(ctx: GatewayContext, token: string, clientMutationId: string | null | undefined) {
  const session = ctx.upstream.withToken(token);
  const account = await loadAccount(session);
  return { token, viewer: viewerOf(account.id, session), clientMutationId: clientMutationId ?? null };
}

export const authResolvers: Resolvers = {
  Mutation: {
    register: async (_root, { input }, ctx) => {
      const token = await register(ctx.upstream, {
        name: input.name,
        email: input.email,
        password: input.password,
        phone: input.phone ?? null,
        dateOfBirth: input.dateOfBirth ?? null,
      });
      return authPayload(ctx, token, input.clientMutationId);
    },

    login: async (_root, { input }, ctx) =>
      authPayload(ctx, await login(ctx.upstream, input.email, input.password), input.clientMutationId),

    forgotPassword: async (_root, { input }, ctx) => ({
      message: await forgotPassword(ctx.upstream, input.email),
      clientMutationId: input.clientMutationId ?? null,
    }),

    resetPassword: async (_root, { input }, ctx) => {
      const { token, email, password } = input;
      return authPayload(
        ctx,
        await resetPassword(ctx.upstream, { token, email, password }),
        input.clientMutationId,
      );
    },

    signOut: async (_root, { input }, ctx) => {
      requireSession(ctx);
      await logout(ctx.upstream);
      // This gateway's live subscriptions on the session end now (other replicas notice at their next check).
      ctx.realtime.sessionEnded(ctx.upstream.token!);
      return { success: true, clientMutationId: input?.clientMutationId ?? null };
    },

    updateProfile: async (_root, { input }, ctx) => {
      requireSession(ctx);
      // Only what the player gave: a null name means "leave it", a null phone clears it.
      const changes = {
        ...(input.name != null ? { name: input.name } : {}),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
      };
      return {
        account: await updateProfile(ctx.upstream, changes),
        clientMutationId: input.clientMutationId ?? null,
      };
    },
  },
};

export const authNodeLoaders: Record<string, NodeLoader> = {};
