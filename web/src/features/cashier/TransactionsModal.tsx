import { Suspense, startTransition, useState } from 'react';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import type { TransactionsModal_viewer$key } from '../../__generated__/TransactionsModal_viewer.graphql';
import type {
  TransactionType,
  TransactionsModalPaginationQuery,
} from '../../__generated__/TransactionsModalPaginationQuery.graphql';
import type { TransactionsModalQuery } from '../../__generated__/TransactionsModalQuery.graphql';
import { Modal } from '../../shared/modals/Modal';
import { openModal } from '../../shared/modals/modal-store';
import { Button } from '../../ui/Button';
import styles from './cashier.module.css';
import { formatJohannesburg } from '../../ui/time';
import { LoadBoundary } from '../../ui/LoadBoundary';
import type { ModalProps } from '../../shared/modals/registry';

const PAGE = 20;

/** The filters players pick from, each the movement types it shows (docs/rules.md#transactions). */
const FILTERS: { label: string; types: TransactionType[] | null }[] = [
  { label: 'All', types: null },
  { label: 'Deposits', types: ['DEPOSIT'] },
  { label: 'Withdrawals', types: ['WITHDRAWAL'] },
  { label: 'Games', types: ['BET', 'WIN', 'BUY_IN'] },
  { label: 'Bonuses', types: ['BONUS', 'BONUS_RELEASE', 'BONUS_FORFEIT', 'COUPON', 'CHEST_REWARD'] },
];

/** Each status as one word a player reads. */
const STATUS_WORDS: Record<string, string> = {
  COMPLETE: 'Completed',
  PENDING: 'Pending',
  APPROVED: 'Approved',
  PAID: 'Paid',
  REVERSED: 'Cancelled',
  FAILED: 'Failed',
  // A deposit paid during a break or a self-exclusion, sent back at once (docs/rules.md#payments).
  REFUNDED: 'Returned',
  OTHER: 'Other',
};

/** The transactions modal (?modal=transactions): every movement, newest first, 20 at a time, by kind. */
export default function TransactionsModal(_props: Pick<ModalProps<'transactions'>, 'params'>) {
  const [fetchKey, setFetchKey] = useState(0);
  return (
    <Modal title="Transactions">
      <LoadBoundary what="your transactions" onRetry={() => setFetchKey((k) => k + 1)}>
        <Ledger fetchKey={fetchKey} onRetry={() => setFetchKey((k) => k + 1)} />
      </LoadBoundary>
    </Modal>
  );
}

function Ledger({ fetchKey, onRetry }: { fetchKey: number; onRetry: () => void }) {
  const data = useLazyLoadQuery<TransactionsModalQuery>(
    graphql`
      query TransactionsModalQuery {
        viewer {
          id
          # The ledger is a call of its own, slower than the account's: the modal's frame does not wait for it.
          ...TransactionsModal_viewer @defer(label: "CashierTransactions")
        }
      }
    `,
    {},
    // Every spin adds to the ledger: always the latest, never a stale list that then jumps.
    { fetchPolicy: 'network-only', fetchKey },
  );
  return data.viewer ? (
    <Suspense fallback={<LedgerSkeleton />}>
      <TransactionList viewer={data.viewer} onRetry={onRetry} />
    </Suspense>
  ) : null;
}

/** The ledger while it comes (deferred in TransactionsModalQuery): the filters, not yet usable, and six rows. */
function LedgerSkeleton() {
  return (
    <div aria-busy="true">
      <div className={styles.filters} role="group" aria-label="Show">
        {FILTERS.map((f, i) => (
          <button key={f.label} type="button" className={styles.chip} aria-pressed={i === 0} disabled>
            {f.label}
          </button>
        ))}
      </div>
      <p className={styles.count}>
        <span className={styles.skeletonLine} style={{ width: '60%' }}>
          {'\u00a0'}
        </span>
      </p>
      <ol className={styles.ledger}>
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className={styles.entry}>
            <span className={styles.entryMain}>
              <span className={styles.skeletonLine} style={{ width: '9rem' }}>
                {'\u00a0'}
              </span>
              <span className={styles.skeletonLine} style={{ width: '12rem' }}>
                {'\u00a0'}
              </span>
            </span>
            <span className={styles.entryFigures}>
              <span className={styles.skeletonLine} style={{ width: '5rem' }}>
                {'\u00a0'}
              </span>
              <span className={styles.skeletonLine} style={{ width: '7rem' }}>
                {'\u00a0'}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function TransactionList({ viewer, onRetry }: { viewer: TransactionsModal_viewer$key; onRetry: () => void }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    TransactionsModalPaginationQuery,
    TransactionsModal_viewer$key
  >(
    graphql`
      fragment TransactionsModal_viewer on Viewer
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 20 }
        after: { type: "String" }
        types: { type: "[TransactionType!]" }
      )
      @refetchable(queryName: "TransactionsModalPaginationQuery") {
        transactions(first: $first, after: $after, types: $types)
          @connection(key: "TransactionsModal_transactions", filters: ["types"]) {
          totalCount
          edges {
            node {
              id
              title
              status
              wallet
              amount {
                cents
                formatted
              }
              balanceAfter {
                formatted
              }
              supportReference
              createdAt
            }
          }
        }
      }
    `,
    viewer,
  );
  const [filter, setFilter] = useState(0);
  const [moreFailed, setMoreFailed] = useState(false);
  const connection = data.transactions;

  const choose = (index: number) => {
    setFilter(index);
    setMoreFailed(false);
    startTransition(() => {
      refetch({ types: FILTERS[index]!.types, first: PAGE }, { fetchPolicy: 'network-only' });
    });
  };

  const filters = (
    <div className={styles.filters} role="group" aria-label="Show">
      {FILTERS.map((f, i) => (
        <button
          key={f.label}
          type="button"
          className={styles.chip}
          aria-pressed={filter === i}
          onClick={() => choose(i)}
        >
          {f.label}
        </button>
      ))}
    </div>
  );

  if (!connection) {
    return (
      <div className={styles.failed}>
        <p role="alert">We could not load your transactions right now. Your money is safe.</p>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    );
  }
  if (connection.edges.length === 0) {
    return (
      <>
        {filters}
        <div className={styles.empty}>
          {filter === 0 ? (
            <>
              <p>
                <strong>No transactions yet.</strong> Your deposits, withdrawals, bets and wins will show
                here.
              </p>
              <Button variant="accent" onClick={() => openModal('wallet')}>
                Make a deposit
              </Button>
            </>
          ) : (
            <p>
              <strong>Nothing here yet.</strong> Choose All to see every transaction.
            </p>
          )}
        </div>
      </>
    );
  }

  const more = () => {
    setMoreFailed(false);
    loadNext(PAGE, { onComplete: (err) => err && setMoreFailed(true) });
  };

  return (
    <>
      {filters}
      <p className={styles.count}>
        Showing {connection.edges.length} of {connection.totalCount}, newest first. Times are South African.
        Quote a reference to support and we will find it.
      </p>
      <ol className={styles.ledger}>
        {connection.edges.map(({ node }) => (
          <li key={node.id} className={styles.entry}>
            <div className={styles.entryMain}>
              <span className={styles.kind}>
                {node.title}
                {node.wallet === 'BONUS' && <span className={styles.badge}>Bonus balance</span>}
              </span>
              <span className={styles.meta}>
                <span className={`${styles.status} ${styles[`status${node.status}`] ?? ''}`}>
                  {STATUS_WORDS[node.status] ?? node.status}
                </span>{' '}
                <time dateTime={node.createdAt}>{formatJohannesburg(node.createdAt)}</time>
                {node.supportReference && (
                  <>
                    {' · '}
                    <span className={styles.ref}>Ref {node.supportReference}</span>
                  </>
                )}
              </span>
            </div>
            <div className={styles.entryFigures}>
              {/* A deposit that never credited moved nothing: its amount is not shown as money in. */}
              <span className={node.amount.cents >= 0 && node.balanceAfter ? styles.credit : styles.debit}>
                {node.amount.cents > 0 && node.balanceAfter ? '+' : ''}
                {node.amount.formatted}
              </span>
              <span className={styles.meta}>
                {node.balanceAfter ? `Balance ${node.balanceAfter.formatted}` : 'No balance change'}
              </span>
            </div>
          </li>
        ))}
      </ol>
      {moreFailed && (
        <div className={styles.outcomeActions}>
          <p className={styles.formError} role="alert">
            We could not load more transactions.
          </p>
          <Button variant="ghost" onClick={more}>
            Try again
          </Button>
        </div>
      )}
      {hasNext && !moreFailed && (
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
