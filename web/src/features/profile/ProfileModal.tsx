import { useState, type ChangeEvent, type FormEvent } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { ProfileModalQuery } from '../../__generated__/ProfileModalQuery.graphql';
import { Modal } from '../../shared/modals/Modal';
import { closeModal } from '../../shared/modals/modal-store';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../shared/forms/useForm';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { useReload } from '../../shared/relay/useReload';
import { useUpdateProfile } from './useUpdateProfile';
import styles from './ProfileModal.module.css';
import { checkName, profileChanges } from './validation';
import type { ModalProps } from '../../shared/modals/registry';

/**
 * The profile edit modal: the player's name and mobile number (what updateProfile takes), the email shown but not
 * changed here. Checked before sending, the casino's refusals beside their fields; on success it says so and shows
 * what the casino saved (a number as it keeps it), and the account the casino returns replaces the one every screen
 * shows.
 */
export default function ProfileModal(_props: Pick<ModalProps<'profile'>, 'params'>) {
  const { options, reload } = useReload();
  return (
    <Modal title="Your profile" size="sm">
      <LoadBoundary what="your profile" onRetry={reload}>
        <ProfileContent options={options} onRetry={reload} />
      </LoadBoundary>
    </Modal>
  );
}

function ProfileContent(props: { options: ReturnType<typeof useReload>['options']; onRetry: () => void }) {
  const data = useLazyLoadQuery<ProfileModalQuery>(
    graphql`
      query ProfileModalQuery {
        viewer {
          id
          account {
            id
            name
            email
            phone
            emailVerified
            idNumberMasked
            identityKind
            passportCountry
          }
        }
      }
    `,
    {},
    props.options,
  );
  if (!data.viewer) return <p>Log in to see your profile.</p>;
  // Signed in, but the casino could not give the account's details just now (docs/rules.md#sign-in-and-sessions).
  if (!data.viewer.account) return <AccountUnavailable onRetry={props.onRetry} />;
  return <ProfileForm account={data.viewer.account} />;
}

type ProfileAccount = NonNullable<NonNullable<ProfileModalQuery['response']['viewer']>['account']>;

function ProfileForm({ account }: { account: ProfileAccount }) {
  const [save, busy] = useUpdateProfile();
  const form = useForm({ name: account.name, phone: account.phone ?? '' });
  const f = form.fields;
  // Saved, and nothing changed since: the confirmation shows until the player edits or saves again.
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent) => {
    setSaved(false);
    return form.submit(event, { name: checkName(f.name) }, async () => {
      const result = await save({ input: profileChanges(f) });
      const kept = result.updateProfile.account;
      form.setField('name', kept.name);
      form.setField('phone', kept.phone ?? '');
      setSaved(true);
    });
  };
  const field = (name: 'name' | 'phone') => {
    const props = form.field(name);
    return {
      ...props,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setSaved(false);
        props.onChange(e);
      },
    };
  };

  return (
    <form noValidate onSubmit={submit}>
      {form.message && (
        <p className={styles.formError} role="alert">
          {form.message}
        </p>
      )}
      <div aria-live="polite">
        {saved && (
          <p className={styles.success} role="status">
            Your profile is saved.
          </p>
        )}
      </div>
      <div className={styles.email}>
        <span className={styles.label}>Email</span>
        <span className={styles.value}>{account.email}</span>
        <span className={styles.hint}>
          {account.emailVerified ? 'Verified' : 'Not verified yet'} · To change it, contact support.
        </span>
      </div>
      <IdentityNumber account={account} />
      <TextField label="Name" autoComplete="name" {...field('name')} />
      <TextField
        label="Mobile number (optional)"
        type="tel"
        autoComplete="tel"
        hint="A South African mobile number, for example 082 555 0100. Leave it empty to remove it."
        {...field('phone')}
      />
      <div className={styles.actions}>
        <Button type="submit" variant="accent" disabled={busy}>
          {busy ? 'Saving…' : 'Save changes'}
        </Button>
        <Button variant="ghost" onClick={closeModal} disabled={busy}>
          {saved ? 'Close' : 'Cancel'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The identity number given at registration, only ever masked (docs/rules.md#know-your-player: the casino sends its
 * first six characters): shown so the player knows which one the casino holds; none for an account opened before
 * the casino asked for one.
 */
function IdentityNumber({ account }: { account: ProfileAccount }) {
  if (!account.idNumberMasked) return null;
  const label =
    account.identityKind === 'PASSPORT'
      ? `Passport number${account.passportCountry ? ` (${account.passportCountry})` : ''}`
      : 'South African ID number';
  return (
    <div className={styles.email}>
      <span className={styles.label}>{label}</span>
      <span className={styles.value}>{account.idNumberMasked}</span>
      <span className={styles.hint}>Shown masked, to keep it private. To correct it, contact support.</span>
    </div>
  );
}

function AccountUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.unavailable}>
      <p role="alert">
        We could not load your profile just now. You are still signed in, and your balance and games work as
        usual.
      </p>
      <Button variant="ghost" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
