import { useState } from 'react';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import type { TransactionsModal_viewer$key } from '../../__generated__/TransactionsModal_viewer.graphql';
import type { TransactionsModalPaginationQuery } from '../../__generated__/TransactionsModalPaginationQuery.graphql';
import type { TransactionsModalQuery } from '../../__generated__/TransactionsModalQuery.graphql';
import { Modal } from '../../shared/modals/Modal';
import { openModal } from '../../shared/modals/modal-store';
import { Button } from '../../ui/Button';
import styles from './cashier.module.css';
import { formatJohannesburg } from '../../ui/time';
import { LoadBoundary } from '../../ui/LoadBoundary';
import type { ModalProps } from '../../shared/modals/registry';

const PAGE = 20;

/** What each movement is, as players say it. */
const KINDS: Record<string, string> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
  BET: 'Bet',
  WIN: 'Win',
  BONUS: 'Bonus',
  BONUS_FORFEIT: 'Bonus forfeited',
  BONUS_RELEASE: 'Bonus released to cash',
  BUY_IN: 'Tournament buy-in',
  CHEST_REWARD: 'Loyalty chest reward',
  COUPON: 'Coupon bonus',
  CREDIT: 'Credit',
};

/** The transactions modal (?modal=transactions): the player's ledger, newest first, 20 at a time. */
export default function TransactionsModal(_props: Pick<ModalProps<'transactions'>, 'params'>) {
  const [fetchKey, setFetchKey] = useState(0);
  return (
    <Modal title="Transactions">
      <LoadBoundary what="your transactions" onRetry={() => setFetchKey((k) => k + 1)}>
        <Ledger fetchKey={fetchKey} />
      </LoadBoundary>
    </Modal>
  );
}

function Ledger({ fetchKey }: { fetchKey: number }) {
  const data = useLazyLoadQuery<TransactionsModalQuery>(
    graphql`
      query TransactionsModalQuery {
        viewer {
          id
          ...TransactionsModal_viewer
        }
      }
    `,
    {},
    // Every spin adds to the ledger: always the latest, never a stale list that then jumps.
    { fetchPolicy: 'network-only', fetchKey },
  );
  return data.viewer ? <TransactionList viewer={data.viewer} /> : null;
}

function TransactionList({ viewer }: { viewer: TransactionsModal_viewer$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    TransactionsModalPaginationQuery,
    TransactionsModal_viewer$key
  >(
    graphql`
      fragment TransactionsModal_viewer on Viewer
      @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" })
      @refetchable(queryName: "TransactionsModalPaginationQuery") {
        transactions(first: $first, after: $after) @connection(key: "TransactionsModal_transactions") {
          totalCount
          edges {
            node {
              id
              type
              wallet
              amount {
                cents
                formatted
              }
              balanceAfter {
                formatted
              }
              reference
              game {
                name
              }
              createdAt
            }
          }
        }
      }
    `,
    viewer,
  );
  const [moreFailed, setMoreFailed] = useState(false);
  const connection = data.transactions;

  if (!connection) {
    return (
      <p className={styles.formError} role="alert">
        We could not load your transactions right now. Close this and try again in a moment.
      </p>
    );
  }
  if (connection.edges.length === 0) {
    return (
      <div className={styles.empty}>
        <p>
          <strong>No transactions yet.</strong> Your deposits, withdrawals, bets and wins will show here.
        </p>
        <Button variant="accent" onClick={() => openModal('wallet')}>
          Make a deposit
        </Button>
      </div>
    );
  }

  const more = () => {
    setMoreFailed(false);
    loadNext(PAGE, { onComplete: (err) => err && setMoreFailed(true) });
  };

  return (
    <>
      <p className={styles.count}>
        Showing {connection.edges.length} of {connection.totalCount}, newest first. Times are South African.
      </p>
      <ol className={styles.ledger}>
        {connection.edges.map(({ node }) => (
          <li key={node.id} className={styles.entry}>
            <div className={styles.entryMain}>
              <span className={styles.kind}>
                {KINDS[node.type] ?? 'Other'}
                {node.wallet === 'BONUS' && <span className={styles.badge}>Bonus balance</span>}
              </span>
              <span className={styles.meta}>
                <time dateTime={node.createdAt}>{formatJohannesburg(node.createdAt)}</time>
                {/* A bet or a win says its game; the backend's reference (spin:123) means nothing to a player. */}
                {node.game ? (
                  <span className={styles.reference}> · {node.game.name}</span>
                ) : (
                  node.reference && <span className={styles.reference}> · {node.reference}</span>
                )}
              </span>
            </div>
            <div className={styles.entryFigures}>
              <span className={node.amount.cents >= 0 ? styles.credit : styles.debit}>
                {node.amount.cents > 0 ? '+' : ''}
                {node.amount.formatted}
              </span>
              {node.balanceAfter && (
                <span className={styles.meta}>Balance {node.balanceAfter.formatted}</span>
              )}
            </div>
          </li>
        ))}
      </ol>
      {moreFailed && (
        <p className={styles.formError} role="alert">
          We could not load more transactions. Try again.
        </p>
      )}
      {hasNext && (
        <Button variant="ghost" className={styles.submit} disabled={isLoadingNext} onClick={more}>
          {isLoadingNext ? 'Loading more…' : 'Show more'}
        </Button>
      )}
      <p className={styles.footer}>
        <button type="button" className={styles.link} onClick={() => openModal('wallet')}>
          Back to the cashier
        </button>
      </p>
    </>
  );
}
