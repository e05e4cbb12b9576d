import { useState, type ChangeEvent, type FormEvent } from 'react';
import { errorsOf, refusalOf, type FieldErrors } from './validation';

/**
 * A form's fields, its per-field errors and its message, and one submit that runs the site's own checks first,
 * then the send, and shows the gateway's refusal (per field where it can) if the send fails.
 */
export function useForm<F extends Record<string, string>>(initial: F) {
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  /** What a TextField needs for one field: its value, its change handler and its error. */
  const field = (name: keyof F & string) => ({
    value: fields[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setFields((f) => ({ ...f, [name]: e.target.value })),
    error: errors[name] ?? null,
  });

  /** Sets one field's value from elsewhere than its input (a date of birth the casino read from an ID number). */
  const setField = (name: keyof F & string, value: string) => setFields((f) => ({ ...f, [name]: value }));

  /**
   * The answer of a check made as the player types (the casino's, for a group of fields): each of `names` shows the
   * error `found` has for it, or none. The other fields' errors stay.
   */
  const setFieldErrors = (names: readonly (keyof F & string)[], found: FieldErrors) =>
    setErrors((current) => {
      const next = { ...current };
      for (const name of names) {
        if (found[name]) next[name] = found[name];
        else delete next[name];
      }
      return next;
    });

  async function submit(event: FormEvent, checks: Record<string, string | null>, send: () => Promise<void>) {
    event.preventDefault();
    const found = errorsOf(checks);
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    try {
      await send();
    } catch (err) {
      const refusal = refusalOf(err);
      setErrors(refusal.fields);
      setMessage(refusal.message);
    }
  }

  return { fields, field, message, submit, setField, setFieldErrors };
}
