import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { accountJson, findUser, markOnboardingSeen, updateProfile } from '../domain/users.js';
import { requireUser } from '../http/auth.js';
import { ApiError, parse } from '../http/errors.js';
import { personName, playerText } from '../http/text.js';

const ProfileBody = z
  .object({
    name: personName().trim().min(1, 'is required').max(100).optional(),
    phone: playerText()
      .trim()
      .regex(/^\+?[0-9 ]{7,20}$/, 'must be a phone number')
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
