import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import {
  emailTaken,
  identityTaken,
  registerPlayer,
  requestPasswordReset,
  resetPassword,
} from '../domain/accounts.js';
import {
  ADULTS_ONLY,
  checkIdentity,
  identityKey,
  isAdult,
  readRegistrationIdentity,
} from '../domain/identity.js';
import { verifyPassword } from '../domain/passwords.js';
import {
  assertMaySignIn,
  identityExclusion,
  registrationRefusal,
} from '../domain/safer-gambling/restrictions.js';
import { issueToken, revokeToken } from '../domain/tokens.js';
import { publishSessionEnded } from '../domain/events.js';
import { accountJson, findCredentials, findUser, isEmailTaken, isIdentityTaken } from '../domain/users.js';
import { requireUser } from '../http/auth.js';
import { ApiError, parse } from '../http/errors.js';
import { personName, playerText } from '../http/text.js';

const Email = playerText().pipe(z.email('must be a valid email address').max(190));
const Password = z.string().min(8, 'must be at least 8 characters').max(200);

/** A required field's message when it is missing, and `message` when it is there but wrong. */
const requiredOr = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message),
});

const RegisterBody = z.object({
  name: personName().trim().min(1, 'is required').max(100),
  email: Email,
  password: Password,
  phone: playerText().trim().max(30).optional(),
  // Both required: the casino takes a bet only from an adult it has identified (docs/rules.md#know-your-player).
  date_of_birth: z.iso.date(requiredOr('must be a date (yyyy-mm-dd)')),
  id_number: z.string(requiredOr('must be text')).max(40, 'can be at most 40 characters'),
  passport_country: z.string().max(10, 'must be a two-letter country code').nullish(),
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
const CheckBody = z.object({
  id_number: z.string(requiredOr('must be text')).max(40, 'can be at most 40 characters'),
  date_of_birth: z.string().max(40).nullish(),
  passport_country: z.string().max(10, 'must be a two-letter country code').nullish(),
});
const ForgotBody = z.object({ email: Email });
const ResetBody = z.object({
  token: z.string().min(1, 'is required').max(200),
  email: Email,
  password: Password,
});

/** Field errors as a 422 in the shape parse() gives them: the first field named in `error`. */
function fieldErrors(errors: Partial<Record<string, string>>): ApiError {
  const [field, message] = Object.entries(errors)[0]!;
  return new ApiError(422, `${field}: ${message}`, {
    errors: Object.fromEntries(Object.entries(errors).map(([f, m]) => [f, [m]])),
  });
}

/**
 * Signing up (docs/rules.md#know-your-player). Register responds with the token directly; login wraps it in a success
 * object (both shapes exist upstream). The checks in order: the body's shape, the identity's format (and an ID
 * number's birth date against date_of_birth), the age, a self-exclusion of the identity (403 whatever the email, as a
 * sign-in is refused), the identity already registered, the email already taken.
 */
function registerSignUp(app: FastifyInstance, ctx: SandboxContext): void {
  const { db } = ctx;
  app.post('/api/register', async (req, reply) => {
    const body = parse(RegisterBody, req.body);
    const now = ctx.clock();
    const read = readRegistrationIdentity(
      { idNumber: body.id_number, passportCountry: body.passport_country, dateOfBirth: body.date_of_birth },
      now,
    );
    if ('errors' in read) throw fieldErrors(read.errors);
    if (!isAdult(body.date_of_birth, now)) {
      throw new ApiError(422, ADULTS_ONLY, { errors: { date_of_birth: [ADULTS_ONLY] } });
    }
    const key = identityKey(read.identity);
    const exclusion = identityExclusion(db, key, now);
    if (exclusion) throw registrationRefusal(exclusion);
    if (isIdentityTaken(db, key)) throw identityTaken();
    if (isEmailTaken(db, body.email)) throw emailTaken();
    const { userId, token } = registerPlayer(
      db,
      {
        name: body.name,
        email: body.email,
        password: body.password,
        phone: body.phone ?? null,
        dateOfBirth: body.date_of_birth,
        identity: read.identity,
        affiliate: body.affiliate,
        trackingId: body.tracking_id,
      },
      now,
      ctx.config.passwordCost,
    );
    reply.status(201);
    return { token, user: accountJson(findUser(db, userId)) };
  });

  // Validation as the player types: whether the number reads as an identity (and matches the date of birth when one
  // is given). POST so the number is never in an address or a log; it never says whether it is registered.
  app.post('/api/identity/check', async (req) => {
    const body = parse(CheckBody, req.body);
    return checkIdentity(
      {
        idNumber: body.id_number,
        passportCountry: body.passport_country,
        dateOfBirth: body.date_of_birth ?? null,
      },
      ctx.clock(),
    );
  });
}

export function register(app: FastifyInstance, ctx: SandboxContext): void {
  const { db } = ctx;
  registerSignUp(app, ctx);

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
    publishSessionEnded(ctx, owner.userId, 'signed_out');
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
