import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../shared/modals/Modal';
import { closeModal, openAuth, type AuthMode } from '../../shared/modals/modal-store';
import type { ModalProps } from '../../shared/modals/registry';
import { session } from '../../shared/session';
import { affiliate, trackingId } from '../../shared/storage';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import styles from './AuthModal.module.css';
import { useForgotPassword } from './useForgotPassword';
import { useLogin } from './useLogin';
import { useRegister } from './useRegister';
import { SESSION_ENDED } from './session-ended';
import { useForm } from '../../shared/forms/useForm';
import { checkEmail, checkName, checkPassword, checkRequired } from '../../shared/forms/validation';
import { SelectField } from '../../ui/SelectField';
import { PASSPORT_COUNTRIES } from './passport-countries';
import { IDENTITY_FIELDS, useIdentityCheck, type IdentityKind } from './useIdentityCheck';

const TITLES: Record<AuthMode, string> = {
  login: 'Log in',
  registration: 'Join PlayLive',
  reset: 'Reset your password',
};

/**
 * Logging in, registering and asking for a password reset (login by default). When the site forces single
 * sign-on, the loader shows for a second and the browser goes to the provider's login or signup address instead.
 */
export default function AuthModal({ params, site }: ModalProps<'auth'>) {
  const mode = params.mode ?? 'login';
  // A sign-out the player did not ask for here says why (docs/rules.md#sign-in-and-sessions).
  const ended = session.useEndReason();
  const sso = site.singleSignOn;
  const redirect = sso.enabled ? (mode === 'registration' ? sso.signupUrl : sso.loginUrl) : null;
  useEffect(() => {
    if (!redirect) return;
    const timer = window.setTimeout(() => window.location.assign(redirect), 1000);
    return () => window.clearTimeout(timer);
  }, [redirect]);

  if (redirect) {
    return (
      <Modal title={TITLES[mode]} size="sm">
        <p className={styles.center}>
          <Spinner label="Taking you to sign in" /> Taking you to sign in…
        </p>
      </Modal>
    );
  }

  return (
    <Modal title={TITLES[mode]} size="sm">
      {ended && mode === 'login' && (
        <p className={styles.ended} role="status">
          {SESSION_ENDED[ended]}
        </p>
      )}
      {mode !== 'reset' && (
        <div className={styles.modes} role="group" aria-label="Log in or join">
          <button
            type="button"
            className={styles.mode}
            aria-pressed={mode === 'login'}
            onClick={() => openAuth('login')}
          >
            Log in
          </button>
          <button
            type="button"
            className={styles.mode}
            aria-pressed={mode === 'registration'}
            onClick={() => openAuth('registration')}
          >
            Join
          </button>
        </div>
      )}
      {mode === 'login' && <LoginForm />}
      {mode === 'registration' && <RegistrationForm />}
      {mode === 'reset' && <ForgotPasswordForm />}
    </Modal>
  );
}

function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  ) : null;
}

function LoginForm() {
  const [login, busy] = useLogin();
  const form = useForm({ email: '', password: '' });
  const { email, password } = form.fields;

  const submit = (event: FormEvent) =>
    form.submit(event, { email: checkEmail(email), password: checkPassword(password, false) }, async () => {
      const { login: result } = await login({ input: { email: email.trim(), password } });
      closeModal();
      session.signIn(result.token);
    });

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={form.message} />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <Button type="submit" className={styles.submit} disabled={busy}>
        {busy ? 'Logging in…' : 'Log in'}
      </Button>
      <p className={styles.aside}>
        <button type="button" className={styles.link} onClick={() => openAuth('reset')}>
          Forgot your password?
        </button>
      </p>
    </form>
  );
}

const ID_HELP = 'We need your ID to confirm you are 18 or older, as the law requires.';

/**
 * Joining: the player's name, email and password, their identity (a South African ID number, or a passport and its
 * country) and date of birth, which the casino requires of every player (docs/rules.md#know-your-player). The
 * identity is checked by the casino as the player types (useIdentityCheck), and a valid ID number fills in the date
 * of birth. Whatever the casino refuses, on the way or at the end, is said beside its field, and nothing typed is
 * lost.
 */
function RegistrationForm() {
  const [register, busy] = useRegister();
  const form = useForm({
    name: '',
    email: '',
    password: '',
    idKind: 'SA_ID',
    idNumber: '',
    passportCountry: '',
    dateOfBirth: '',
    phone: '',
  });
  const f = form.fields;
  const kind: IdentityKind = f.idKind === 'PASSPORT' ? 'PASSPORT' : 'SA_ID';
  // The date of birth the casino read from the ID number (not typed): the ID's own date replaces it if the number changes.
  const [dateFromId, setDateFromId] = useState(false);
  const identity = useIdentityCheck(
    { kind, idNumber: f.idNumber, passportCountry: f.passportCountry, dateOfBirth: f.dateOfBirth },
    {
      dateFromId,
      onAnswer: (errors, dateOfBirth) => {
        if (dateOfBirth && (dateFromId || !f.dateOfBirth)) {
          form.setField('dateOfBirth', dateOfBirth);
          setDateFromId(true);
        }
        form.setFieldErrors(IDENTITY_FIELDS, errors);
      },
    },
  );

  const chooseKind = (next: IdentityKind) => {
    if (next === kind) return;
    form.setField('idKind', next);
    // The number stays (a slip of the finger loses nothing); its errors were for the other document.
    form.setFieldErrors(IDENTITY_FIELDS, {});
    setDateFromId(false);
  };

  const submit = (event: FormEvent) =>
    form.submit(
      event,
      {
        name: checkName(f.name),
        email: checkEmail(f.email),
        password: checkPassword(f.password, true),
        idNumber: checkRequired(
          f.idNumber,
          kind === 'SA_ID' ? 'Enter your South African ID number.' : 'Enter your passport number.',
        ),
        passportCountry:
          kind === 'PASSPORT'
            ? checkRequired(f.passportCountry, 'Choose the country that issued your passport.')
            : null,
        dateOfBirth: checkRequired(f.dateOfBirth, 'Enter your date of birth.'),
      },
      async () => {
        const { register: result } = await register({
          input: {
            name: f.name.trim(),
            email: f.email.trim(),
            password: f.password,
            idNumber: f.idNumber.trim(),
            passportCountry: kind === 'PASSPORT' ? f.passportCountry : null,
            dateOfBirth: f.dateOfBirth,
            phone: f.phone.trim() || null,
            // What the address brought the player with (?affid=, ?code=, ?tracking_id=), kept until now.
            affiliate: affiliate(),
            trackingId: trackingId(),
          },
        });
        closeModal();
        session.signIn(result.token);
      },
    );

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={form.message} />
      <TextField label="Name" autoComplete="name" {...form.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        {...form.field('password')}
      />
      <fieldset className={styles.kinds}>
        <legend className={styles.kindsLegend}>Your identity document</legend>
        <div className={styles.kindTrack}>
          {(
            [
              ['SA_ID', 'South African ID'],
              ['PASSPORT', 'Passport'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={styles.kind}>
              <input
                type="radio"
                name="idKind"
                value={value}
                checked={kind === value}
                onChange={() => chooseKind(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={kind === 'SA_ID' ? 'South African ID number' : 'Passport number'}
        // The ID number is digits only: a phone shows its number pad. Never remembered by the browser.
        inputMode={kind === 'SA_ID' ? 'numeric' : 'text'}
        autoComplete="off"
        autoCapitalize={kind === 'SA_ID' ? 'off' : 'characters'}
        spellCheck={false}
        hint={ID_HELP}
        {...form.field('idNumber')}
        onBlur={identity.checkNow}
      />
      {kind === 'PASSPORT' && (
        <SelectField
          label="Country that issued your passport"
          placeholder="Choose a country"
          options={PASSPORT_COUNTRIES}
          value={f.passportCountry}
          onChange={(e) => form.setField('passportCountry', e.target.value)}
          error={form.field('passportCountry').error}
        />
      )}
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        hint={dateFromId ? 'Filled in from your ID number.' : 'You must be 18 or older to play.'}
        {...form.field('dateOfBirth')}
        onChange={(e) => {
          form.setField('dateOfBirth', e.target.value);
          setDateFromId(false);
        }}
      />
      <TextField label="Mobile number (optional)" type="tel" autoComplete="tel" {...form.field('phone')} />
      <Button type="submit" variant="accent" className={styles.submit} disabled={busy}>
        {busy ? 'Creating your account…' : 'Create account'}
      </Button>
      <p className={styles.aside}>18+ only. Play responsibly: 0800 006 008.</p>
    </form>
  );
}

function ForgotPasswordForm() {
  const [forgot, busy] = useForgotPassword();
  const form = useForm({ email: '' });
  const [sent, setSent] = useState<string | null>(null);

  const submit = (event: FormEvent) =>
    form.submit(event, { email: checkEmail(form.fields.email) }, async () => {
      const { forgotPassword } = await forgot({ input: { email: form.fields.email.trim() } });
      setSent(forgotPassword.message);
    });

  if (sent) {
    return (
      <div>
        <p role="status">{sent}</p>
        <Button onClick={() => openAuth('login')}>Back to log in</Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit}>
      <p className={styles.aside}>Enter your email and we will send you a link to choose a new password.</p>
      <FormError message={form.message} />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <Button type="submit" className={styles.submit} disabled={busy}>
        {busy ? 'Sending…' : 'Send reset link'}
      </Button>
      <p className={styles.aside}>
        <button type="button" className={styles.link} onClick={() => openAuth('login')}>
          Back to log in
        </button>
      </p>
    </form>
  );
}
