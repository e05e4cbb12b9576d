import type { GatewayContext } from '../context.js';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { forgotPassword, login, logout, register, resetPassword, updateProfile } from '../upstream/auth.js';
import { cleanName, cleanOptionalText, cleanText } from './clean-text.js';
import { requireSession } from './guard.js';
import { currentViewer } from './viewer.js';

/**
 * The payload of a sign-in: the new token, and the rest of the result read as the new session (its viewer, its
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
      // The password is not text to clean: it is compared as typed, and never stored or shown. The identity's rules
      // (age, the ID number's check digit and birth date, one account per identity, a self-exclusion that follows
      // the person) are the casino's: its refusals name the field (extensions.fields.idNumber, ...) or are
      // SELF_EXCLUDED (upstream/client.ts).
      const registration = {
        name: cleanName('name', input.name),
        email: cleanText('email', input.email),
        password: input.password,
        phone: cleanOptionalText('phone', input.phone) ?? null,
        dateOfBirth: cleanText('dateOfBirth', input.dateOfBirth),
        idNumber: cleanText('idNumber', input.idNumber),
        passportCountry: cleanOptionalText('passportCountry', input.passportCountry) ?? null,
        affiliate: cleanOptionalText('affiliate', input.affiliate) ?? null,
        trackingId: cleanOptionalText('trackingId', input.trackingId) ?? null,
      };
      await ctx.attempts.check('register', registration.email);
      const token = await register(ctx.scope.upstream, registration);
      return authPayload(ctx, token, input.clientMutationId);
    },

    login: async (_root, { input }, ctx) => {
      const email = cleanText('email', input.email);
      const token = await ctx.attempts.signIn(email, () => login(ctx.scope.upstream, email, input.password));
      return authPayload(ctx, token, input.clientMutationId);
    },

    forgotPassword: async (_root, { input }, ctx) => {
      const email = cleanText('email', input.email);
      await ctx.attempts.check('forgotPassword', email);
      return {
        message: await forgotPassword(ctx.scope.upstream, email),
        clientMutationId: input.clientMutationId ?? null,
      };
    },

    resetPassword: async (_root, { input }, ctx) => {
      const { token, password } = input;
      const email = cleanText('email', input.email);
      await ctx.attempts.check('resetPassword', email);
      const payload = authPayload(
        ctx,
        await resetPassword(ctx.scope.upstream, { token, email, password }),
        input.clientMutationId,
      );
      // The casino has ended the player's other sessions: every replica checks that player's subscriptions now.
      // Whose they are is the new session's account (the payload's viewer reads it too, once).
      ctx.viewer().then(
        (account) => account && ctx.realtime.passwordReset(account.id),
        () => {},
      );
      return payload;
    },

    signOut: async (_root, { input }, ctx) => {
      requireSession(ctx);
      await logout(ctx.scope.upstream);
      // The session's live subscriptions end now, on every replica (realtime/session-ends.ts).
      ctx.realtime.sessionEnded(ctx.scope.upstream.token!);
      ctx.switchSession(null);
      return { success: true, query: {}, clientMutationId: input?.clientMutationId ?? null };
    },

    updateProfile: async (_root, { input }, ctx) => {
      requireSession(ctx);
      // Only what the player gave: a null name means "leave it", a null phone clears it.
      const changes = {
        ...(input.name != null ? { name: cleanName('name', input.name) } : {}),
        ...(input.phone !== undefined ? { phone: cleanOptionalText('phone', input.phone) } : {}),
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
