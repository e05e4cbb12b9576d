import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router';
import type { SelfExclusionSection_viewer$key } from '../../__generated__/SelfExclusionSection_viewer.graphql';
import type { ExclusionLength } from '../../__generated__/useSelfExcludeMutation.graphql';
import { errorMessage } from '../../shared/error-message';
import { closeModal } from '../../shared/modals/modal-store';
import { session } from '../../shared/session';
import { Button } from '../../ui/Button';
import { formatJohannesburg } from '../../ui/time';
import styles from './breaks.module.css';
import { ConfirmDialog } from './ConfirmDialog';
import { EXCLUDED_PATH, type Excluded } from './excluded';
import { endsAt, EXCLUSION_LENGTHS, exclusionLength } from './lengths';
import { useSelfExclude } from './useSelfExclude';

/**
 * "Self-exclusion" (docs/rules.md#safer-gambling): 6 months, 1 year or 5 years away from PlayLive, irreversible before
 * it ends. The dialog says exactly what happens (the end date, the payout of the cash balance and where it goes) and
 * asks the player to tick that they understand; afterwards the session ends here and the calm page says the rest.
 */
export function SelfExclusionSection(props: { viewer: SelfExclusionSection_viewer$key }) {
  const viewer = useFragment(
    graphql`
      fragment SelfExclusionSection_viewer on Viewer {
        wallet {
          money {
            cents
            formatted
          }
        }
        payoutAccount {
          bank {
            name
          }
          maskedNumber
        }
      }
    `,
    props.viewer,
  );
  const [selfExclude, busy] = useSelfExclude();
  const navigate = useNavigate();
  const [length, setLength] = useState<ExclusionLength>('MONTHS_6');
  const [confirming, setConfirming] = useState<Date | null>(null);
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = exclusionLength(length);
  const cash = viewer.wallet?.money ?? null;
  const account = viewer.payoutAccount;

  const cancel = () => {
    setConfirming(null);
    setUnderstood(false);
    setError(null);
  };
  const exclude = async () => {
    setError(null);
    try {
      const { selfExclude: result } = await selfExclude({ input: { length, confirm: true } });
      const payout = result.payout;
      const state: Excluded = {
        endsAt: result.restriction.endsAt,
        payout: payout
          ? {
              amount: payout.amount.formatted,
              reference: payout.reference,
              account: payout.payoutAccount
                ? `${payout.payoutAccount.bank.name} ${payout.payoutAccount.maskedNumber}`
                : null,
            }
          : null,
      };
      // The casino has ended every session of the player's: the page after goes first, then this tab signs out
      // (a sign-in dialog a refused request may have opened meanwhile is closed: there is nothing to sign in to).
      await navigate(EXCLUDED_PATH, { replace: true, state });
      session.signOut();
      closeModal();
    } catch (err) {
      setError(errorMessage(err, 'We could not exclude you just now. Please try again, or contact support.'));
    }
  };

  return (
    <section id="self-exclusion" className={styles.section} aria-labelledby="self-exclusion-title">
      <h2 id="self-exclusion-title">Self-exclusion</h2>
      <p>
        If you need a longer stop, exclude yourself for 6 months, 1 year or 5 years. You are signed out at
        once and cannot sign in, deposit or play until it ends; your cash balance is paid out to you. A
        self-exclusion cannot be undone before it ends.
      </p>
      <p>
        Want to talk to someone first? The National Responsible Gambling Programme helpline is free and
        confidential, 24 hours a day:{' '}
        <a href="tel:0800006008" className={styles.nowrap}>
          0800 006 008
        </a>
        .
      </p>
      <div className={styles.panel}>
        <fieldset className={styles.choices}>
          <legend>How long?</legend>
          {EXCLUSION_LENGTHS.map((option) => (
            <label key={option.value} className={styles.choice}>
              <input
                type="radio"
                name="exclusion-length"
                value={option.value}
                checked={length === option.value}
                onChange={() => setLength(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        <Button onClick={() => setConfirming(new Date())}>Exclude me</Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Exclude yourself?"
          confirm="Exclude me now"
          busy={busy}
          ready={understood}
          error={error}
          onConfirm={() => void exclude()}
          onCancel={cancel}
        >
          <p>
            You will be excluded from PlayLive for <strong>{chosen.label}</strong>, from now until{' '}
            <strong>{formatJohannesburg(endsAt(chosen.ms, confirming))}</strong>.
          </p>
          <ul>
            <li>You are signed out on every device, and cannot sign in until then.</li>
            <li>You cannot deposit, play, redeem coupons or join tournaments.</li>
            <li>{payoutWords(cash, account)}</li>
            <li>Any active bonus, and the wagering on it, is forfeited.</li>
          </ul>
          <p>
            <strong>It cannot be undone before it ends</strong>, not even by our support team.
          </p>
          <label className={styles.check}>
            <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />I
            understand this cannot be undone before it ends
          </label>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** What happens to the cash balance, as the dialog says it. */
function payoutWords(
  cash: { cents: number; formatted: string } | null,
  account: { bank: { name: string }; maskedNumber: string } | null | undefined,
): string {
  if (!cash) return 'Your cash balance, if any, is paid out to you as a withdrawal.';
  if (cash.cents <= 0) return 'You have no cash balance to pay out.';
  if (!account)
    return `Your cash balance of ${cash.formatted} is paid out to you: you have no bank account saved, so our support team will contact you to arrange it.`;
  return `Your cash balance of ${cash.formatted} is paid out to your ${account.bank.name} account ${account.maskedNumber}.`;
}
