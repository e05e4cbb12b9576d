import crypto from 'node:crypto';

/**
 * scrypt with a random salt; the hash string carries its own salt, and its cost when that is not scrypt's default.
 *
 * The cost is scrypt's N (CPU and memory grow with it): Node's default, 2^14 (about 70 ms of a core on the 2-core
 * machine), unless the sandbox is configured lighter (SANDBOX_PASSWORD_COST): the test suites sign players up and in
 * by the thousand, on a machine whose CI time is CPU-bound. Every hash verifies at the cost it was made with, so
 * a database keeps working whatever the setting.
 */
export const DEFAULT_PASSWORD_COST = 16_384;

/** A cost scrypt accepts and a hash may carry: a power of two from 2^4 to 2^20 (1 GiB of memory at r = 8). */
export function isPasswordCost(n: number): boolean {
  return Number.isInteger(n) && n >= 16 && n <= 1_048_576 && (n & (n - 1)) === 0;
}

export function hashPassword(password: string, cost = DEFAULT_PASSWORD_COST): string {
  if (!isPasswordCost(cost))
    throw new RangeError(`password cost ${cost} is not a power of two from 16 to 2^20`);
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password, salt, 32, { N: cost });
  // The default cost keeps the scheme's first form, `scrypt$salt$key`, that every database made before holds.
  const scheme = cost === DEFAULT_PASSWORD_COST ? 'scrypt' : `scrypt:${cost}`;
  return `${scheme}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export function verifyPassword(password: string, stored: string | null): boolean {
  if (!stored) return false;
  const [scheme, salt, key] = stored.split('$');
  const cost = scheme === 'scrypt' ? DEFAULT_PASSWORD_COST : Number(/^scrypt:(\d+)$/.exec(scheme ?? '')?.[1]);
  if (!isPasswordCost(cost) || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = crypto.scryptSync(password, Buffer.from(salt, 'base64'), expected.length, { N: cost });
  return crypto.timingSafeEqual(actual, expected);
}
