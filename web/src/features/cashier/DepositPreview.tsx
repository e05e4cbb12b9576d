import { useEffect, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type {
  DepositPreviewQuery,
  DepositPreviewQuery$data,
  NoBonusReason,
} from '../../__generated__/DepositPreviewQuery.graphql';
import styles from './cashier.module.css';
import { wagerPhrase } from '../../shared/offers/offer-words';

type Preview = NonNullable<NonNullable<DepositPreviewQuery$data['viewer']>['wallet']>['depositPreview'];

const PreviewQuery = graphql`
  query DepositPreviewQuery($amount: String!, $welcomeBonus: Boolean!) {
    viewer {
      id
      wallet {
        id
        depositPreview(amount: $amount, welcomeBonus: $welcomeBonus) {
          cash {
            formatted
          }
          bonus {
            cents
            formatted
          }
          wageringRequired {
            formatted
          }
          wagerMultiplier
          capped
          maxBonus {
            formatted
          }
          noBonusReason
          lockedCash {
            cents
            formatted
          }
        }
      }
    }
  }
`;

/** Why a deposit brings no bonus, in the player's words; null when there is nothing to explain (no offer on). */
const NO_BONUS: Partial<Record<NoBonusReason, string>> = {
  PACKAGE_USED: 'Your welcome bonus has already been used, so this deposit adds cash only.',
  BONUS_ACTIVE:
    'No welcome bonus while another bonus is active. Your welcome package waits for a later deposit.',
  DECLINED: 'Without the welcome bonus. It comes only with a first deposit, so it ends with this one.',
};

/**
 * What the deposit will credit, as the casino computes it, and, with a bonus, the cash the player already has that it
 * would lock (lockedCash: docs/rules.md#bonus-money) (Wallet.depositPreview: docs/rules.md#welcome-package), said
 * before the player pays. Asked again a moment after the amount or the bonus choice changes; silent (no loader).
 */
export function DepositPreview({ amount, welcomeBonus }: { amount: string | null; welcomeBonus: boolean }) {
  const environment = useRelayEnvironment();
  const [preview, setPreview] = useState<{ key: string; value: Preview } | null>(null);
  const key = amount === null ? null : `${amount}:${welcomeBonus}`;

  useEffect(() => {
    if (amount === null) return;
    let current = true;
    const timer = window.setTimeout(() => {
      fetchQuery<DepositPreviewQuery>(
        environment,
        PreviewQuery,
        { amount, welcomeBonus },
        { fetchPolicy: 'network-only', networkCacheConfig: { metadata: { silent: true } } },
      )
        .toPromise()
        .then(
          (data) => {
            const value = data?.viewer?.wallet?.depositPreview;
            if (current && value) setPreview({ key: `${amount}:${welcomeBonus}`, value });
          },
          () => {
            // Not known: the line stays empty rather than guessing; the deposit itself is unaffected.
          },
        );
    }, 250);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [environment, amount, welcomeBonus]);

  const shown = preview && preview.key === key ? preview.value : null;
  return (
    <div className={styles.preview} aria-live="polite" data-testid="deposit-preview">
      {shown && (
        <p>
          {shown.bonus.cents > 0 ? (
            <>
              <strong>
                You get {shown.cash.formatted} cash + {shown.bonus.formatted} bonus.
              </strong>{' '}
              Wager {wagerPhrase(shown.wagerMultiplier, shown.wageringRequired.formatted)}, before withdrawing
              {shown.capped ? ` (the bonus is capped at ${shown.maxBonus.formatted})` : ''}.
              {shown.lockedCash.cents > 0 && (
                <>
                  {' '}
                  <strong data-testid="lock-warning">
                    Your {shown.lockedCash.formatted} cash will also be locked until you wager{' '}
                    {shown.wageringRequired.formatted}.
                  </strong>
                </>
              )}
            </>
          ) : (
            <>
              <strong>You get {shown.cash.formatted} cash.</strong>
              {shown.noBonusReason && NO_BONUS[shown.noBonusReason]
                ? ` ${NO_BONUS[shown.noBonusReason]}`
                : ''}
            </>
          )}
        </p>
      )}
    </div>
  );
}
