import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { hashPassword, verifyPassword } from '../domain/passwords.js';
import { hashToken, issueToken, revokeToken } from '../domain/tokens.js';
import { accountJson, findUser } from '../domain/users.js';
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

  // Register answers with the token directly; login wraps it in a success object (both shapes exist upstream).
  app.post('/api/register', async (req, reply) => {
    const body = parse(RegisterBody, req.body);
    const now = ctx.clock();
    if (body.date_of_birth && !isAdult(body.date_of_birth, now)) {
      throw new ApiError(422, 'You must be 18 or older to register.', {
        errors: { date_of_birth: ['You must be 18 or older to register.'] },
      });
    }
    const taken = db.prepare('SELECT 1 FROM users WHERE email = ?').get(body.email);
    if (taken) {
      throw new ApiError(422, 'The email has already been taken.', {
        errors: { email: ['The email has already been taken.'] },
      });
    }
    const { userId, token } = db.transaction(() => {
      const stamp = now.toISOString();
      const info = db
        .prepare(
          `INSERT INTO users (name, email, password_hash, phone, date_of_birth, affiliate, tracking_id, created_at,
             updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          body.name,
          body.email,
          hashPassword(body.password),
          body.phone ?? null,
          body.date_of_birth ?? null,
          body.affiliate,
          body.tracking_id,
          stamp,
          stamp,
        );
      const id = Number(info.lastInsertRowid);
      db.prepare(
        `INSERT INTO notifications (user_id, type, subject, message, created_at)
         VALUES (?, 'welcome_message', 'Welcome to PlayLive', 'Thanks for joining. Your welcome package is waiting in the cashier.', ?)`,
      ).run(id, stamp);
      return { userId: id, token: issueToken(db, id, 'session', now) };
    })();
    reply.status(201);
    return { token, user: accountJson(findUser(db, userId)) };
  });

  app.post('/api/login', async (req) => {
    const body = parse(LoginBody, req.body);
    const user = db.prepare('SELECT id, password_hash FROM users WHERE email = ?').get(body.email) as
      { id: number; password_hash: string | null } | undefined;
    if (!user || !verifyPassword(body.password, user.password_hash)) {
      throw new ApiError(422, 'These credentials do not match our records.');
    }
    return { success: { token: issueToken(db, user.id, 'session', ctx.clock()) } };
  });

  app.post('/api/logout', async (req) => {
    const owner = requireUser(ctx, req);
    revokeToken(db, owner.tokenHash, ctx.clock());
    return { success: true };
  });

  // The same answer whether or not the address has an account, so it cannot be used to find players.
  app.post('/api/forgotPassword', async (req) => {
    const body = parse(ForgotBody, req.body);
    const user = db
      .prepare('SELECT id, email FROM users WHERE email = ? AND password_hash IS NOT NULL')
      .get(body.email) as { id: number; email: string } | undefined;
    if (user) {
      const token = crypto.randomBytes(24).toString('base64url');
      const now = ctx.clock().toISOString();
      db.prepare('INSERT INTO password_resets (token_hash, user_id, created_at) VALUES (?, ?, ?)').run(
        hashToken(token),
        user.id,
        now,
      );
      db.prepare('INSERT INTO mail_outbox (to_email, subject, body, created_at) VALUES (?, ?, ?, ?)').run(
        user.email,
        'Reset your password',
        `Use this link to choose a new password: /password/reset/${token}\nReset token: ${token}`,
        now,
      );
    }
    return { message: 'If that address has an account, we have emailed a password reset link.' };
  });

  app.post('/api/resetPassword', async (req) => {
    const body = parse(ResetBody, req.body);
    const now = ctx.clock();
    const reset = db
      .prepare(
        `SELECT r.user_id, r.created_at FROM password_resets r JOIN users u ON u.id = r.user_id
         WHERE r.token_hash = ? AND r.used_at IS NULL AND u.email = ?`,
      )
      .get(hashToken(body.token), body.email) as { user_id: number; created_at: string } | undefined;
    const expired = reset && now.getTime() - Date.parse(reset.created_at) > 60 * 60_000;
    if (!reset || expired) throw new ApiError(422, 'This password reset token is invalid or has expired.');
    const token = db.transaction(() => {
      db.prepare('UPDATE password_resets SET used_at = ? WHERE token_hash = ?').run(
        now.toISOString(),
        hashToken(body.token),
      );
      db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(
        hashPassword(body.password),
        now.toISOString(),
        reset.user_id,
      );
      // A new password signs out every other session.
      db.prepare('UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL').run(
        now.toISOString(),
        reset.user_id,
      );
      return issueToken(db, reset.user_id, 'session', now);
    })();
    return { token };
  });
}
