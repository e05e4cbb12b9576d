import type { Resolvers } from '../__generated__/resolvers-types.js';
import { toGlobalId } from '../relay.js';
import {
  checkIdentity,
  loadVerification,
  startUpload,
  submitVerification,
} from '../upstream/verification.js';
import { cleanOptionalText, cleanText } from './clean-text.js';
import { requireSession } from './guard.js';
import { withSession, type Prefetches } from './prefetch.js';

/*
 * Know your player (docs/rules.md#know-your-player): the player's FICA verification, its document uploads and their
 * submission, and the identity check of a registration form. Every rule is the casino's (the documents it needs, the
 * file types and sizes it takes, the ID number's format, check digit and birth date): the gateway passes its refusals
 * on, naming the input's fields. Each change reaches the player live as a VerificationEvent (subscriptions.ts); a
 * withdrawal the casino refuses for want of it is VERIFICATION_REQUIRED (upstream/client.ts).
 *
 * The files never pass through here: startVerificationUpload hands over the casino's own single-use upload address,
 * and the browser PUTs the file there.
 */

export const verificationResolvers: Resolvers = {
  Viewer: {
    verification: (_v, _args, ctx) => loadVerification(ctx.scope.upstream),
  },

  VerificationDocument: {
    // Relay keeps objects by id across types: the casino's id alone could meet another type's.
    id: (d) => toGlobalId('VerificationDocument', d.documentId),
  },

  Mutation: {
    checkIdentity: async (_root, { input }, ctx) => {
      const check = await checkIdentity(ctx.scope.upstream, {
        idNumber: cleanText('idNumber', input.idNumber),
        dateOfBirth: cleanOptionalText('dateOfBirth', input.dateOfBirth),
        passportCountry: cleanOptionalText('passportCountry', input.passportCountry),
      });
      return { ...check, clientMutationId: input.clientMutationId ?? null };
    },

    startVerificationUpload: async (_root, { input }, ctx) => {
      requireSession(ctx);
      const started = await startUpload(ctx.scope.upstream, {
        kind: input.kind,
        contentType: cleanText('contentType', input.contentType),
        size: input.size,
      });
      return {
        document: started.document,
        uploadUrl: started.uploadUrl,
        expiresAt: started.expiresAt.toISOString(),
        clientMutationId: input.clientMutationId ?? null,
      };
    },

    submitVerification: async (_root, { input }, ctx) => {
      requireSession(ctx);
      const verification = await submitVerification(ctx.scope.upstream);
      return { verification, clientMutationId: input?.clientMutationId ?? null };
    },
  },
};

export const verificationPrefetches: Prefetches = {
  Viewer: {
    verification: withSession((ctx) => loadVerification(ctx.scope.upstream)),
  },
};
