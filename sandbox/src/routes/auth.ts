import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { registerPlayer, requestPasswordReset, resetPassword } from '../domain/accounts.js';
import { verifyPassword } from '../domain/passwords.js';
import { assertMaySignIn } from '../domain/safer-gambling/restrictions.js';
import { issueToken, revokeToken } from '../domain/tokens.js';
import { accountJson, findCredentials, findUser, isEmailTaken } from '../domain/users.js';
import { requireUser } from '../http/auth.js';
import { ApiError, parse } from '../http/errors.js';
import { playerText } from '../http/text.js';

const Email = playerText().pipe(z.email('must be a valid email address').max(190));
const Password = z.string().min(8, 'must be at least 8 characters').max(200);

const RegisterBody = z.object({
  name: playerText().trim().min(1, 'is required').max(100),
  email: Email,
  password: Password,
  phone: playerText().trim().max(30).optional(),
  date_of_birth: z.iso.date('must be a date (yyyy-mm-dd)').optional(),
  // Players who came through no affiliate are 'organic' (docs/rules.md#sign-in-and-sessions); an empty value (an
  // empty ?affid=) counts as none.
  // null is accepted as missing, as clients send it for an unset optional field.
  affiliate: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{0,64}$/, 'must be 1 to 64 letters, digits, _, - or .')
    .nullish()
    .transform((value) => value || 'organic'),
  tracking_id: z
    .string()
    .regex(/^[\x21-\x7E]{1,128}$/, 'must be 1 to 128 visible ASCII characters')
    .nullish()
    .transform((value) => value ?? null),
});
const LoginBody = z.object({ email: Email, password: z.string().min(1, 'is required').max(200) });
const ForgotBody = z.object({ email: Email });
const ResetBody = z.object({
  token: z.string().min(1, 'is required').max(200),
  email: Email,
  password: Password,
});

/** Players must be 18 or over (Johannesburg calendar date). */
function isAdult(dateOfBirth: string, now: Date): boolean {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const today = new Date(now.getTime() + 2 * 3600_000);
  const eighteenth = Date.UTC(y + 18, m - 1, d);
  return eighteenth <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

export function register(app: FastifyInstance, ctx: SandboxContext): void {
  const { db } = ctx;

  // Register responds with the token directly; login wraps it in a success object (both shapes exist upstream).
  app.post('/api/register', async (req, reply) => {
    const body = parse(RegisterBody, req.body);
    const now = ctx.clock();
    if (body.date_of_birth && !isAdult(body.date_of_birth, now)) {
      throw new ApiError(422, 'You must be 18 or older to register.', {
        errors: { date_of_birth: ['You must be 18 or older to register.'] },
      });
    }
    if (isEmailTaken(db, body.email)) {
      throw new ApiError(422, 'The email has already been taken.', {
        errors: { email: ['The email has already been taken.'] },
      });
    }
    const { userId, token } = registerPlayer(
      db,
      {
        name: body.name,
        email: body.email,
        password: body.password,
        phone: body.phone ?? null,
        dateOfBirth: body.date_of_birth ?? null,
        affiliate: body.affiliate,
        trackingId: body.tracking_id,
      },
      now,
      ctx.config.passwordCost,
    );
    reply.status(201);
    return { token, user: accountJson(findUser(db, userId)) };
  });

  app.post('/api/login', async (req) => {
    const body = parse(LoginBody, req.body);
    const user = findCredentials(db, body.email);
    if (!user || !verifyPassword(body.password, user.password_hash)) {
      throw new ApiError(422, 'These credentials do not match our records.');
    }
    // Only after the right password: a wrong one must not tell anyone the address belongs to an excluded player.
    assertMaySignIn(ctx, user.id);
    return { success: { token: issueToken(db, user.id, 'session', ctx.clock()) } };
  });

  app.post('/api/logout', async (req) => {
    const owner = requireUser(ctx, req);
    revokeToken(db, owner.tokenHash, ctx.clock());
    return { success: true };
  });

  // The same response whether or not the address has an account, so it cannot be used to find players.
  app.post('/api/forgotPassword', async (req) => {
    const body = parse(ForgotBody, req.body);
    requestPasswordReset(db, body.email, ctx.clock());
    return { message: 'If that address has an account, we have emailed a password reset link.' };
  });

  app.post('/api/resetPassword', async (req) => {
    const body = parse(ResetBody, req.body);
    // The reset signs the player in, which a self-exclusion refuses; the new password is kept.
    const maySignIn = (userId: number) => assertMaySignIn(ctx, userId);
    return { token: resetPassword(db, body, ctx.clock(), maySignIn, ctx.config.passwordCost) };
  });
}
