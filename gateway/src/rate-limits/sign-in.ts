import { GraphQLError } from 'graphql';
import type { RateLimiter } from './limiter.js';
import { rateLimited } from './refusal.js';
import { SIGN_IN_LIMITS } from './rules.js';

/** An email is the same player however it is capitalised or spaced. */
export const emailSubject = (email: string) => `email:${email.trim().toLowerCase()}`;

/**
 * Runs one sign-in from `ip` at `email` under SIGN_IN_LIMITS (rules.ts): RATE_LIMITED before the casino is asked
 * when this address has failed too often (at this email, or at all), or when the email has failed too often from
 * everywhere and this address is one of those that failed at it.
 *
 * Each attempt is counted before it is sent, so a burst of parallel guesses cannot all slip past a count still at
 * zero, and then settled: the casino's refusal of the password leaves it counted; a success takes it back and
 * forgets the email's failures (here and from this address); an attempt the casino never judged (it was down, the
 * input was refused before it was checked) is taken back too.
 */
export async function limitSignIn<T>(
  limiter: RateLimiter,
  ip: string,
  email: string,
  signIn: () => Promise<T>,
): Promise<T> {
  const player = emailSubject(email);
  const [pair, address, everywhere] = await Promise.all([
    limiter.hit('signIn:emailAndIp', `${player} ${ip}`, SIGN_IN_LIMITS.perEmailAndIp),
    limiter.hit('signIn:ip', ip, SIGN_IN_LIMITS.perIp),
    limiter.hit('signIn:email', player, SIGN_IN_LIMITS.perEmail),
  ]);
  const waits: number[] = [];
  if (pair.over) waits.push(pair.retryAfter);
  if (address.over) waits.push(address.retryAfter);
  // Counted before this one: this address has tried this email already in its window. It may try again when either
  // window ends (its own, or the email's).
  if (everywhere.over && pair.count > 1) waits.push(Math.min(pair.retryAfter, everywhere.retryAfter));
  if (waits.length > 0) throw rateLimited(SIGN_IN_LIMITS.refusal, Math.max(...waits));

  let result: T;
  try {
    result = await signIn();
  } catch (err) {
    if (!isPasswordRefused(err)) await Promise.all([pair.undo(), address.undo(), everywhere.undo()]);
    throw err;
  }
  await Promise.all([pair.clear(), address.undo(), everywhere.clear()]);
  return result;
}

/** The casino judged the credentials and refused them (upstream/auth.ts: a 4xx with its text is BAD_USER_INPUT). */
const isPasswordRefused = (err: unknown) =>
  err instanceof GraphQLError && err.extensions.code === 'BAD_USER_INPUT';
