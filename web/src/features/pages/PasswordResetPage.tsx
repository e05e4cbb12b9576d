import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { signIn } from '../../app/session';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useResetPassword } from '../auth/mutations';
import { checkEmail, checkPassword, errorsOf, refusalOf, type FieldErrors } from '../auth/validation';
import { Page } from './Page';
import styles from './Page.module.css';

/** /password/reset/{token}: the link from the reset mail; a new password signs the player in. */
export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [reset, busy] = useResetPassword();
  const [fields, setFields] = useState({ email: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = errorsOf({
      email: checkEmail(fields.email),
      password: checkPassword(fields.password, true),
      confirm: fields.confirm === fields.password ? null : 'The passwords do not match.',
    });
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    try {
      const { resetPassword } = await reset({
        input: { token, email: fields.email.trim(), password: fields.password },
      });
      signIn(resetPassword.token);
      navigate('/', { replace: true });
    } catch (err) {
      const refusal = refusalOf(err);
      setErrors(refusal.fields);
      setMessage(refusal.message);
    }
  }

  return (
    <Page title="Choose a new password" lead="Enter the email of your account and a new password.">
      <form noValidate onSubmit={submit} className={styles.panel}>
        {message && (
          <p role="alert" style={{ color: 'var(--color-danger)' }}>
            {message}
          </p>
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={fields.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={fields.password}
          onChange={set('password')}
          error={errors.password}
          hint="At least 8 characters."
        />
        <TextField
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          value={fields.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save and log in'}
        </Button>
      </form>
    </Page>
  );
}
