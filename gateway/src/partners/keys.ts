import { createHash, randomBytes } from 'node:crypto';

/** What every key starts with, so a key pasted into the wrong place (a log, a ticket) is recognisable as one. */
const KEY_PREFIX = 'pl_';

/** A new partner key: `pl_` and 32 random bytes (256 bits) in base64url. Shown once; only its hash is kept. */
export const newPartnerKey = (): string => KEY_PREFIX + randomBytes(32).toString('base64url');

/**
 * What the store keeps of a key, and what a request's key is looked up by: its SHA-256 in hex. A key is 256 random
 * bits, so no one can guess it or search for it from its hash: a fast hash is the right one here (a slow, salted
 * password hash guards low-entropy secrets, and would make every request pay for it and lookups impossible by hash).
 */
export const keyHash = (key: string): string => createHash('sha256').update(key).digest('hex');
