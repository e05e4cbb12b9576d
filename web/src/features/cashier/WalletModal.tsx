import * as Tabs from '@radix-ui/react-tabs';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import { useLocation, useNavigate } from 'react-router';
import type { WalletModalQuery } from '../../__generated__/WalletModalQuery.graphql';
import { Modal } from '../../shared/modals/Modal';
import { openModal } from '../../shared/modals/modal-store';
import { Button } from '../../ui/Button';
import { Balances } from './Balances';
import styles from './cashier.module.css';
import { DepositForm } from './DepositForm';
import { DepositOutcome } from './DepositOutcome';
import { depositReturnFrom, searchWithoutReturn, type DepositReturn } from './deposit-return';
import { useWatchedDeposit, watchDeposit } from './deposit-watch';
import { LoadBoundary, Loading } from '../../ui/LoadBoundary';
import { WithdrawForm } from './WithdrawForm';
import type { ModalProps } from '../../shared/modals/registry';

type Tab = 'deposit' | 'withdraw';

/**
 * The cashier (?modal=wallet, the header's balance, the side menu's Cashier): the balances, a deposit, a
 * withdrawal, and the transactions. Opening it loads the wallet again. Back from a payment page (the address names
 * the deposit), it watches the deposit until it settles and says how it went.
 */
export default function WalletModal({ params }: Pick<ModalProps<'wallet'>, 'params'>) {
  const environment = useRelayEnvironment();
  const location = useLocation();
  const navigate = useNavigate();
  const [fetchKey, setFetchKey] = useState(0);
  // Read once: the address the payment page returned to.
  const [returned] = useState<DepositReturn | null>(() => depositReturnFrom(location.search));
  const watched = useWatchedDeposit();

  useEffect(() => {
    if (!returned) return;
    watchDeposit(environment, returned);
    // Checked once: a reload or a shared link does not bring the player back to this payment.
    const search = searchWithoutReturn(location.search, returned);
    if (search !== location.search)
      navigate({ pathname: location.pathname, search }, { replace: true, preventScrollReset: true });
    // Once per opening, with what the address said then.
  }, [returned]);

  return (
    <Modal title="Cashier">
      <LoadBoundary what="your wallet" height="min(640px, 70dvh)" onRetry={() => setFetchKey((k) => k + 1)}>
        <Cashier
          fetchKey={fetchKey}
          onRetry={() => setFetchKey((k) => k + 1)}
          initialTab={params.tab === 'withdraw' ? 'withdraw' : 'deposit'}
          outcome={watched && <DepositOutcome watched={watched} deposit={returned} />}
        />
      </LoadBoundary>
    </Modal>
  );
}

function Cashier(props: { fetchKey: number; onRetry: () => void; initialTab: Tab; outcome: ReactNode }) {
  const data = useLazyLoadQuery<WalletModalQuery>(
    graphql`
      query WalletModalQuery {
        # The withdraw tab's banks, payout account and latest withdrawals are calls of their own: the balances and
        # the deposit tab (the one that opens) do not wait for them.
        ...WithdrawForm_query @defer(label: "CashierWithdraw")
        viewer {
          id
          wallet {
            id
            ...Balances_wallet
            ...DepositForm_wallet
          }
          safeGambling {
            ...DepositForm_safeGambling
          }
        }
      }
    `,
    {},
    // Shown at once from what the page already has, and loaded again (docs/rules.md#routes-and-query-parameters).
    { fetchPolicy: 'store-and-network', fetchKey: props.fetchKey },
  );
  const [tab, setTab] = useState<Tab>(props.initialTab);
  const viewer = data.viewer;

  if (!viewer?.wallet) {
    return (
      <div className={styles.failed}>
        <p role="alert">We could not load your wallet right now. Your money is safe; please try again.</p>
        <Button onClick={props.onRetry}>Try again</Button>
      </div>
    );
  }

  return (
    <>
      <Balances wallet={viewer.wallet} />
      {props.outcome}
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <Tabs.List className={styles.tabs} aria-label="Deposit or withdraw">
          <Tabs.Trigger value="deposit" className={styles.tab}>
            Deposit
          </Tabs.Trigger>
          <Tabs.Trigger value="withdraw" className={styles.tab}>
            Withdraw
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="deposit" className={styles.panel}>
          <DepositForm wallet={viewer.wallet} safeGambling={viewer.safeGambling} />
        </Tabs.Content>
        <Tabs.Content value="withdraw" className={styles.panel}>
          <Suspense fallback={<Loading label="Loading your withdrawals" height="320px" />}>
            <WithdrawForm query={data} />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
      <p className={styles.footer}>
        <button type="button" className={styles.link} onClick={() => openModal('transactions')}>
          See your transactions
        </button>
      </p>
    </>
  );
}
