/*
 * The forms' own checks, before anything is sent: what a player can fix at once is said at once, beside the
 * field. The backend still decides (its per-field errors are shown the same way).
 */

import { isBrowserFailure } from '../error-message';

export type FieldErrors = Partial<Record<string, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function checkEmail(email: string): string | null {
  if (!email.trim()) return 'Enter your email address.';
  if (!EMAIL.test(email.trim())) return 'Enter an email address like name@example.com.';
  return null;
}

export function checkPassword(password: string, forNewAccount: boolean): string | null {
  if (!password) return 'Enter your password.';
  if (forNewAccount && password.length < 8) return 'Use at least 8 characters.';
  return null;
}

/**
 * A field the form cannot be sent without, empty: `message` says what to give. Whether what was given is right (an
 * adult's date of birth, an ID number's check digit) is the casino's to say (docs/rules.md#know-your-player).
 */
export function checkRequired(value: string, message: string): string | null {
  return value.trim() ? null : message;
}

export function checkName(name: string): string | null {
  if (!name.trim()) return 'Enter your name.';
  if (name.trim().length > 100) return 'Use at most 100 characters.';
  return null;
}

/** Only the fields that have an error. */
export function errorsOf(checks: Record<string, string | null>): FieldErrors {
  return Object.fromEntries(Object.entries(checks).filter(([, error]) => error !== null)) as FieldErrors;
}

interface GatewayErrorShape {
  message?: string;
  errors?: readonly { message: string; extensions?: { fields?: Record<string, string[]> } }[];
}

/** The gateway's refusal as a form shows it: per-field messages beside their inputs, the rest at the top. */
export function refusalOf(err: unknown): { fields: FieldErrors; message: string | null } {
  const e = err as GatewayErrorShape;
  const first = e?.errors?.[0];
  const fields: FieldErrors = {};
  for (const [field, messages] of Object.entries(first?.extensions?.fields ?? {}))
    fields[field] = messages[0];
  if (Object.keys(fields).length > 0) return { fields, message: null };
  const message = first?.message ?? (isBrowserFailure(err) ? null : e?.message) ?? null;
  return { fields, message: message ?? 'We could not reach PlayLive. Check your connection and try again.' };
}
