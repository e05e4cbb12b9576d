import { refusalOf } from '../../shared/forms/validation';

/** The gateway's refusal of a change, as one line beside the field: its own message for the field, else the first. */
export function failureOf(err: unknown, field: string): string {
  const refusal = refusalOf(err);
  return refusal.fields[field] ?? Object.values(refusal.fields)[0] ?? refusal.message ?? 'Please try again.';
}
