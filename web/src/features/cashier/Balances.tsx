import { graphql, useFragment } from 'react-relay';
import type { Balances_wallet$key } from '../../__generated__/Balances_wallet.graphql';
import styles from './cashier.module.css';

/** The three balances (docs/rules.md#payments): the combined one large, money and bonus beside it. */
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
      }
    `,
    wallet,
  );
  return (
    <dl className={styles.balances} aria-label="Your balances">
      <div className={styles.combined}>
        <dt>Total balance</dt>
        <dd>{data.combined.formatted}</dd>
      </div>
      <div>
        <dt>Money</dt>
        <dd>{data.money.formatted}</dd>
      </div>
      <div>
        <dt>Bonus</dt>
        <dd>{data.bonus.formatted}</dd>
      </div>
    </dl>
  );
}
