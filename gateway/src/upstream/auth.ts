import { gatewayError } from '../errors.js';
import type { AccountModel } from '../models.js';
import { loadAccount, toAccount } from './account.js';
import { RequestUpstream } from './request-upstream.js';

export type TokenResult = { ok: true; token: string } | { ok: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Login and registration succeed only if the response holds a token, either directly ({token}) or inside a success
 * object ({success: {token}}); otherwise the error from the response, or 'Unknown error'
 * (docs/rules.md#sign-in-and-sessions).
 */
export function tokenFrom(body: unknown): TokenResult {
  if (!isRecord(body)) return { ok: false, message: 'Unknown error' };
  const direct = body.token;
  if (typeof direct === 'string' && direct) return { ok: true, token: direct };
  const nested = isRecord(body.success) ? body.success.token : undefined;
  if (typeof nested === 'string' && nested) return { ok: true, token: nested };
  const error = body.error;
  return { ok: false, message: typeof error === 'string' && error ? error : 'Unknown error' };
}

/** The session token of a response that must hold one; a refusal keeps the backend's text. */
function requireToken(body: unknown): string {
  const result = tokenFrom(body);
  if (result.ok) return result.token;
  // An error text means the backend refused the input; without one the response is not one we understand.
  throw gatewayError(
    result.message === 'Unknown error' ? 'UPSTREAM_UNAVAILABLE' : 'BAD_USER_INPUT',
    result.message,
  );
}

/** POST /api/login {email, password}: returns {success: {token}}. */
export async function login(upstream: RequestUpstream, email: string, password: string): Promise<string> {
  return requireToken(
    await upstream.write({ method: 'POST', path: '/api/login', json: { email, password } }),
  );
}

export interface Registration {
  name: string;
  email: string;
  password: string;
  phone?: string | null;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  /** A South African ID number, or a passport number with passportCountry (docs/rules.md#know-your-player). */
  idNumber: string;
  /** A passport's issuing country (ISO 3166 alpha-2); none for an ID number. */
  passportCountry?: string | null;
  /**
   * The affiliate the site persisted: ?affid= or ?code=, organic by default
   * (docs/rules.md#routes-and-query-parameters).
   */
  affiliate?: string | null;
  /** The tracking id the site persisted (?tracking_id=). */
  trackingId?: string | null;
}

/**
 * POST /api/register: returns {token, user}. The casino checks the identity (422 naming date_of_birth, id_number or
 * passport_country; 403 self_excluded for an identity under a self-exclusion). The identity number travels in this
 * body only: never in an address, never in a log line.
 */
export async function register(upstream: RequestUpstream, r: Registration): Promise<string> {
  const json = {
    name: r.name,
    email: r.email,
    password: r.password,
    date_of_birth: r.dateOfBirth,
    id_number: r.idNumber,
    ...(r.passportCountry ? { passport_country: r.passportCountry } : {}),
    ...(r.phone ? { phone: r.phone } : {}),
    ...(r.affiliate ? { affiliate: r.affiliate } : {}),
    ...(r.trackingId ? { tracking_id: r.trackingId } : {}),
  };
  return requireToken(await upstream.write({ method: 'POST', path: '/api/register', json }));
}

/** What players read after asking for a reset when the backend says nothing itself. */
export const FORGOT_PASSWORD_SENT = 'If that address has an account, we have emailed a password reset link.';

/** POST /api/forgotPassword {email}: mails a reset link; the response is the same whether the address exists. */
export async function forgotPassword(upstream: RequestUpstream, email: string): Promise<string> {
  const body = await upstream.write({ method: 'POST', path: '/api/forgotPassword', json: { email } });
  const message = isRecord(body) ? body.message : undefined;
  return typeof message === 'string' && message ? message : FORGOT_PASSWORD_SENT;
}

/** POST /api/resetPassword {token, email, password}: returns a new session token (other sessions end). */
export async function resetPassword(
  upstream: RequestUpstream,
  reset: { token: string; email: string; password: string },
): Promise<string> {
  const token = requireToken(
    await upstream.write({ method: 'POST', path: '/api/resetPassword', json: reset }),
  );
  upstream.endAllSessionSharing();
  return token;
}

/** POST /api/logout: revokes the caller's session token. */
export async function logout(upstream: RequestUpstream): Promise<void> {
  await upstream.write({ method: 'POST', path: '/api/logout', json: {} });
  upstream.endSession();
}

/**
 * POST /api/updateProfile {name?, phone?}: returns the updated account. A backend that returns only {success} is
 * read again (the write has cleared the request's earlier reads, so the account is fresh).
 */
export async function updateProfile(
  upstream: RequestUpstream,
  changes: { name?: string; phone?: string | null },
): Promise<AccountModel> {
  const body = await upstream.write({ method: 'POST', path: '/api/updateProfile', json: changes });
  return isRecord(body) && isRecord(body.user) ? toAccount(body.user) : loadAccount(upstream);
}

/** POST /api/onboarding: records that the player has seen the onboarding; returns the account. */
export async function completeOnboarding(upstream: RequestUpstream): Promise<AccountModel> {
  const body = await upstream.write({ method: 'POST', path: '/api/onboarding', json: {} });
  return isRecord(body) && isRecord(body.user) ? toAccount(body.user) : loadAccount(upstream);
}
