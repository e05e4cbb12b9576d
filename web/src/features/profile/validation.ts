/*
 * The profile form's own check, before anything is sent: a name is needed. What makes a mobile number valid is the
 * casino's rule alone (sandbox POST /api/updateProfile): its refusal is shown beside the field.
 */
export { checkName } from '../../shared/forms/validation';

/** What the form sends: the name trimmed, the phone trimmed or null (cleared). */
export function profileChanges(fields: { name: string; phone: string }) {
  return { name: fields.name.trim(), phone: fields.phone.trim() || null };
}
