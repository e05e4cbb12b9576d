import crypto from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so a reference read out over the phone is not misheard. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The short reference a player quotes to support ("PL-7K3F9Q") for a movement, from the backend's own key for it
 * (a deposit's or a withdrawal's id, else the ledger row): always the same for the same key, so support finds it by
 * computing it, and both rows of one withdrawal (the debit and its refund) share one (docs/rules.md#transactions).
 */
export function shortReference(key: string): string {
  const digest = crypto.createHash('sha256').update(key).digest();
  let out = '';
  for (let i = 0; i < 6; i++) out += ALPHABET[digest[i]! % 32];
  return `PL-${out}`;
}
