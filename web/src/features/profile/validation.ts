/*
 * The profile form's own checks, before anything is sent (the casino's rules for these fields: a name of 1 to 100
 * characters; a phone number of 7 to 20 digits and spaces, an optional leading +). The casino still decides: its
 * errors per field are shown beside the fields the same way.
 */
export { checkName } from '../../shared/forms/validation';

const PHONE = /^\+?[0-9 ]{7,20}$/;

/** An empty phone is allowed: it clears the number. */
export function checkPhone(phone: string): string | null {
  const trimmed = phone.trim();
  if (!trimmed) return null;
  if (!PHONE.test(trimmed)) return 'Enter a phone number like +27 82 555 0100 (digits and spaces only).';
  return null;
}

/** What the form sends: the name trimmed, the phone trimmed or null (cleared). */
export function profileChanges(fields: { name: string; phone: string }) {
  return { name: fields.name.trim(), phone: fields.phone.trim() || null };
}
