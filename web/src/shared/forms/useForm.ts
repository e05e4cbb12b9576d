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

  return { fields, field, message, submit };
}
