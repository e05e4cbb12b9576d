import { z } from 'zod';
import type { AccountModel } from '../models.js';
import { isoDate, parseUpstream } from './parse.js';
import type { UpstreamClient } from './client.js';
import type { RequestUpstream } from './request-upstream.js';

/**
 * An identity number as it may be shown: its first six characters (an ID number's birth date), the rest hidden,
 * whatever the casino sent (it masks it itself: this keeps a whole number from ever passing through).
 */
const masked = (n: string) => n.slice(0, 6) + '*'.repeat(Math.max(0, n.length - 6));

const AccountJson = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable().optional(),
  email_verified_at: isoDate.nullable().optional(),
  welcome_package_expired: z.union([z.boolean(), z.number()]).optional(),
  created_at: isoDate.nullable().optional(),
  onboarding_seen: z.union([z.boolean(), z.number()]).nullable().optional(),
  // The identity the player registered with, as the casino shows it: masked, never whole (an account opened before
  // the casino asked for one has none).
  id_number_masked: z
    .string()
    .nullable()
    .optional()
    .transform((n) => (n ? masked(n) : null)),
  identity_kind: z.enum(['sa_id', 'passport']).nullable().optional(),
  passport_country: z.string().nullable().optional(),
});

export function toAccount(raw: unknown): AccountModel {
  const a = parseUpstream(AccountJson, raw, 'account');
  return {
    __typename: 'Account',
    id: a.id,
    name: a.name,
    email: a.email,
    phone: a.phone ?? null,
    emailVerifiedAt: a.email_verified_at ?? null,
    welcomePackageExpired: Boolean(a.welcome_package_expired),
    createdAt: a.created_at ?? null,
    onboardingSeen: a.onboarding_seen == null ? null : Boolean(a.onboarding_seen),
    idNumberMasked: a.id_number_masked ?? null,
    identityKind: a.identity_kind ?? null,
    passportCountry: a.passport_country || null,
  };
}

/** GET /api/account: the signed-in player. */
export const loadAccount = (upstream: RequestUpstream) => upstream.read('/api/account', toAccount);

/**
 * GET /api/account outside any request: whether a live subscription's session still holds. Resolves while it does;
 * rejects with UNAUTHENTICATED/FORBIDDEN once the casino refuses it (other failures reject otherwise).
 */
export const checkSession = (client: UpstreamClient, token: string): Promise<unknown> =>
  client.call({ method: 'GET', path: '/api/account', token });
