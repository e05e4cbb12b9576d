import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { session } from '../../shared/session';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useResetPassword } from './useResetPassword';
import { useForm } from '../../shared/forms/useForm';
import { checkEmail, checkPassword } from '../../shared/forms/validation';
import { Page } from '../../shared/page/Page';
import styles from '../../shared/page/Page.module.css';

/** /password/reset/{token}: the link from the reset mail; a new password signs the player in. */
export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [reset, busy] = useResetPassword();
  const form = useForm({ email: '', password: '', confirm: '' });
  const f = form.fields;

  const submit = (event: FormEvent) =>
    form.submit(
      event,
      {
        email: checkEmail(f.email),
        password: checkPassword(f.password, true),
        confirm: f.confirm === f.password ? null : 'The passwords do not match.',
      },
      async () => {
        const { resetPassword } = await reset({
          input: { token, email: f.email.trim(), password: f.password },
        });
        session.signIn(resetPassword.token);
        navigate('/', { replace: true });
      },
    );

  return (
    <Page title="Choose a new password" lead="Enter the email of your account and a new password.">
      <form noValidate onSubmit={submit} className={styles.panel}>
        {form.message && (
          <p role="alert" className={styles.error}>
            {form.message}
          </p>
        )}
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...form.field('password')}
        />
        <TextField
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirm')}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save and log in'}
        </Button>
      </form>
    </Page>
  );
}
