import { useState, type FormEvent } from 'react';
import { graphql } from 'react-relay';
import type {
  BankAccountType,
  PayoutAccountFormMutation,
} from '../../__generated__/PayoutAccountFormMutation.graphql';
import { refusalOf } from '../../shared/forms/validation';
import { useMutation } from '../../shared/relay/useMutation';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import styles from './cashier.module.css';
import { accountDigits, checkPayoutAccount, type PayoutAccountErrors } from './payout-account';

const ACCOUNT_TYPES: { value: BankAccountType; label: string }[] = [
  { value: 'CHEQUE', label: 'Cheque / current' },
  { value: 'SAVINGS', label: 'Savings' },
  { value: 'TRANSMISSION', label: 'Transmission' },
];

/**
 * Where withdrawals are paid: the player's bank (from the casino's list of South African banks), the holder, the
 * number and the type, checked before sending. Saved, the viewer's payoutAccount is the new one (the payload
 * selects it), so the withdraw tab shows "Paying to …" at once.
 */
export function PayoutAccountForm(props: {
  banks: readonly { code: string; name: string }[];
  holder: string;
  /** Shown when changing an account (not on the first one). */
  onCancel?: () => void;
  onSaved: () => void;
}) {
  const [send, saving] = useMutation<PayoutAccountFormMutation>(graphql`
    mutation PayoutAccountFormMutation($input: SetPayoutAccountInput!) {
      setPayoutAccount(input: $input) {
        viewer {
          id
          payoutAccount {
            id
            bank {
              name
            }
            maskedNumber
            verified
          }
        }
      }
    }
  `);
  const [bank, setBank] = useState('');
  const [holder, setHolder] = useState(props.holder);
  const [accountNumber, setAccountNumber] = useState('');
  const [accountType, setAccountType] = useState('');
  const [errors, setErrors] = useState<PayoutAccountErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = checkPayoutAccount({ bank, holder, accountNumber, accountType });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await send({
        input: {
          bank,
          holder: holder.trim(),
          accountNumber: accountDigits(accountNumber),
          accountType: accountType as BankAccountType,
        },
      });
      props.onSaved();
    } catch (err) {
      const refusal = refusalOf(err);
      setErrors(refusal.fields as PayoutAccountErrors);
      setMessage(refusal.message);
    }
  };

  const field = (name: keyof PayoutAccountErrors) => ({
    error: errors[name] ?? null,
    disabled: saving,
  });

  return (
    <form noValidate onSubmit={submit} className={styles.form} aria-label="Your bank account">
      <p className={styles.single}>
        <strong>Where should we pay your withdrawals?</strong> Use an account in your own name.
      </p>
      {message && (
        <p className={styles.formError} role="alert">
          {message}
        </p>
      )}
      <SelectField
        label="Bank"
        placeholder="Choose your bank"
        options={props.banks.map((b) => ({ value: b.code, label: b.name }))}
        value={bank}
        onChange={(e) => setBank(e.target.value)}
        {...field('bank')}
      />
      <TextField
        label="Account holder"
        autoComplete="name"
        value={holder}
        onChange={(e) => setHolder(e.target.value)}
        {...field('holder')}
      />
      <TextField
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        value={accountNumber}
        onChange={(e) => setAccountNumber(e.target.value)}
        hint="We only ever show its last four digits."
        {...field('accountNumber')}
      />
      <SelectField
        label="Account type"
        placeholder="Choose the account type"
        options={ACCOUNT_TYPES}
        value={accountType}
        onChange={(e) => setAccountType(e.target.value)}
        {...field('accountType')}
      />
      <div className={styles.outcomeActions}>
        {props.onCancel && (
          <Button variant="ghost" onClick={props.onCancel} disabled={saving}>
            Keep the current account
          </Button>
        )}
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save bank account'}
        </Button>
      </div>
    </form>
  );
}
