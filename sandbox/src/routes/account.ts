import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { accountJson, findUser, markOnboardingSeen, updateProfile } from '../domain/users.js';
import { requireUser } from '../http/auth.js';
import { ApiError, parse } from '../http/errors.js';
import { personName, playerText } from '../http/text.js';

/**
 * A South African mobile number: 10 digits starting 06, 07 or 08, or +27 and 9 digits. Spaces are allowed as typed
 * ("082 555 0100") and taken out before it is checked and kept ("0825550100").
 */
const SA_MOBILE = /^(?:0[6-8][0-9]{8}|\+27[0-9]{9})$/;
const SA_MOBILE_MESSAGE =
  'must be a South African mobile number: 10 digits starting 06, 07 or 08, or +27 and 9 digits';

const ProfileBody = z
  .object({
    name: personName().trim().min(1, 'is required').max(100).optional(),
    phone: playerText()
      .trim()
      .max(30)
      .transform((phone) => phone.replace(/ /g, ''))
      .pipe(z.string().regex(SA_MOBILE, SA_MOBILE_MESSAGE))
      .nullable()
      .optional(),
  })
  .strict();
// The onboarding call carries nothing; unknown fields are ignored (not refused) so a client sending extras still works.
const OnboardingBody = z.object({});

export function register(app: FastifyInstance, ctx: SandboxContext): void {
  const { db } = ctx;

  app.get('/api/account', async (req) => accountJson(findUser(db, requireUser(ctx, req).userId)));

  app.post('/api/updateProfile', async (req) => {
    const { userId } = requireUser(ctx, req);
    const body = parse(ProfileBody, req.body);
    if (body.name === undefined && body.phone === undefined) throw new ApiError(422, 'Nothing to update.');
    const user = findUser(db, userId);
    updateProfile(
      db,
      userId,
      { name: body.name ?? user.name, phone: body.phone === undefined ? user.phone : body.phone },
      ctx.clock(),
    );
    return { success: true, user: accountJson(findUser(db, userId)) };
  });

  app.post('/api/onboarding', async (req) => {
    const { userId } = requireUser(ctx, req);
    parse(OnboardingBody, req.body);
    return { success: true, user: accountJson(markOnboardingSeen(db, userId, ctx.clock())) };
  });
}
