import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { BalanceBreakdown_wallet$key } from '../../__generated__/BalanceBreakdown_wallet.graphql';
import { openModal } from '../../shared/modals/modal-store';
import styles from './BalanceBreakdown.module.css';
import { WithdrawLockNotice } from './WithdrawLockNotice';

/**
 * The header's wallet (docs/rules.md#bonus-money): the balance pill, which opens a small breakdown (cash and whether
 * it can be withdrawn now, the bonus with its wagering progress, what is locked and why), and the Deposit button
 * beside it, which opens the cashier on its deposit tab. The pill keeps its name "Wallet: R…". `depositsPaused`
 * (a break or self-exclusion in force, docs/rules.md#safer-gambling): no Deposit, beside the pill or in its panel.
 */
export function WalletButtons({
  wallet,
  classNames,
  depositsPaused = false,
}: {
  wallet: BalanceBreakdown_wallet$key | null;
  classNames: { pill?: string; deposit?: string };
  depositsPaused?: boolean;
}) {
  const w = useFragment(
    graphql`
      fragment BalanceBreakdown_wallet on Wallet {
        combined {
          formatted
        }
        money {
          formatted
        }
        bonus {
          cents
          formatted
        }
        withdrawable {
          formatted
        }
        locked {
          cents
          formatted
        }
        bonusWagering {
          wagered {
            formatted
          }
          required {
            formatted
          }
          progressPercent
        }
        ...WithdrawLockNotice_wallet
      }
    `,
    wallet,
  );
  // Open while the player reads it; closed when they follow the lock notice's link to another page.
  const [open, setOpen] = useState(false);
  const deposit = depositsPaused ? null : (
    <button
      type="button"
      className={classNames.deposit}
      onClick={() => openModal('wallet', { tab: 'deposit' })}
    >
      Deposit
    </button>
  );
  if (!w) {
    return (
      <>
        <button
          type="button"
          className={classNames.pill}
          onClick={() => openModal('wallet')}
          aria-label="Wallet: balance unavailable"
        >
          —
        </button>
        {deposit}
      </>
    );
  }
  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger className={classNames.pill} aria-label={`Wallet: ${w.combined.formatted}`}>
          {w.combined.formatted}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            className={styles.panel}
            align="end"
            sideOffset={8}
            collisionPadding={8}
            aria-label="Your balance"
          >
            <h2 className={styles.title}>Your balance</h2>
            <dl className={styles.rows}>
              <div>
                <dt>Cash</dt>
                <dd>{w.money.formatted}</dd>
              </div>
              <div>
                <dt>Bonus</dt>
                <dd>{w.bonus.formatted}</dd>
              </div>
              {w.bonusWagering && (
                <div className={styles.progress}>
                  <dt>Bonus wagering</dt>
                  <dd>
                    {w.bonusWagering.wagered.formatted} of {w.bonusWagering.required.formatted}
                    <progress
                      max={100}
                      value={w.bonusWagering.progressPercent}
                      aria-label={`Bonus wagering ${w.bonusWagering.progressPercent}% done`}
                    />
                  </dd>
                </div>
              )}
              <div className={styles.strong}>
                <dt>Withdrawable now</dt>
                <dd>{w.withdrawable.formatted}</dd>
              </div>
              {w.locked.cents > 0 && (
                <div>
                  <dt>Locked</dt>
                  <dd>{w.locked.formatted}</dd>
                </div>
              )}
            </dl>
            <WithdrawLockNotice wallet={w} compact onLeave={() => setOpen(false)} />
            <div className={styles.actions}>
              {!depositsPaused && (
                <Popover.Close
                  className={styles.primary}
                  onClick={() => openModal('wallet', { tab: 'deposit' })}
                >
                  Deposit
                </Popover.Close>
              )}
              <Popover.Close className={styles.secondary} onClick={() => openModal('wallet')}>
                Open the cashier
              </Popover.Close>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {deposit}
    </>
  );
}
