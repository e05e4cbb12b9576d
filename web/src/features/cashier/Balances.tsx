import { graphql, useFragment } from 'react-relay';
import type { Balances_wallet$key } from '../../__generated__/Balances_wallet.graphql';
import styles from './cashier.module.css';
import { WithdrawLockNotice } from './WithdrawLockNotice';

/**
 * The balances (docs/rules.md#payments, #bonus-money): the total large; cash and bonus beside it, with what can be
 * withdrawn now; then what is locked and why.
 */
export function Balances({ wallet }: { wallet: Balances_wallet$key }) {
  const data = useFragment(
    graphql`
      fragment Balances_wallet on Wallet {
        money {
          formatted
        }
        bonus {
          formatted
        }
        combined {
          formatted
        }
        withdrawable {
          formatted
        }
        ...WithdrawLockNotice_wallet
      }
    `,
    wallet,
  );
  return (
    <>
      <dl className={styles.balances} aria-label="Your balances">
        <div className={styles.combined}>
          <dt>Total balance</dt>
          <dd>{data.combined.formatted}</dd>
        </div>
        <div>
          <dt>Cash</dt>
          <dd>{data.money.formatted}</dd>
        </div>
        <div>
          <dt>Bonus</dt>
          <dd>{data.bonus.formatted}</dd>
        </div>
        <div className={styles.withdrawable}>
          <dt>Withdrawable now</dt>
          <dd>{data.withdrawable.formatted}</dd>
        </div>
      </dl>
      <WithdrawLockNotice wallet={data} />
    </>
  );
}
