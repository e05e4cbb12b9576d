import { useSyncExternalStore } from 'react';
import { fetchQuery, graphql } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { depositWatchStatusQuery } from '../../__generated__/depositWatchStatusQuery.graphql';
import type { DepositReturn } from './deposit-return';

/*
 * Where a returned deposit stands, asked again and again until it settles (complete or failed), silently: the
 * header's loader does not spin for a check the player did not ask for. Then the wallet is loaded again, so the
 * header and the cashier show the new balance. The watch belongs to the page, not to the cashier: closing the
 * modal does not stop it, and the balance still updates when the payment clears.
 */

const StatusQuery = graphql`
  query depositWatchStatusQuery($provider: String!, $paymentId: String!, $returnQuery: String) {
    viewer {
      id
      depositStatus(provider: $provider, paymentId: $paymentId, returnQuery: $returnQuery) {
        id
        status
        amount {
          formatted
        }
        bonus {
          cents
          formatted
        }
        wageringRequired {
          formatted
        }
      }
    }
  }
`;

/** What the cashier's balances show: read again once a deposit settles. */
const WalletQuery = graphql`
  query depositWatchWalletQuery {
    viewer {
      id
      # A deposit may have used the welcome package (docs/rules.md#welcome-package): its menu entry goes.
      account {
        id
        welcomePackageExpired
      }
      wallet {
        ...WalletFields_wallet
      }
    }
  }
`;

export type DepositPhase =
  /** Being asked about (the first response or a pending one). */
  | 'checking'
  | 'complete'
  | 'failed'
  /** The casino knows no such deposit of this player. */
  | 'missing'
  /** Still pending after the watch's patience ran out: the player may check again. */
  | 'slow'
  /** The checks themselves failed (no connection): the player may check again. */
  | 'unreachable';

export interface WatchedDeposit {
  paymentId: string;
  phase: DepositPhase;
  /** The deposit's amount ("R150.00") once the casino has said it. */
  amount: string | null;
  /** Once complete: the welcome bonus it credited and that bonus's wagering, when it brought one. */
  bonus?: { amount: string; wagering: string | null } | null;
}

/** Seconds between checks: quick at first (most payments clear at once), then calmer. */
const DELAYS_MS = [0, 1000, 2000, 2000, 3000, 3000, 5000];
const STEADY_DELAY_MS = 5000;
/** How long to keep asking before saying the bank is slow (the player can ask again). */
const PATIENCE_MS = 3 * 60_000;
/** Failed checks in a row before saying the connection is the problem. */
const MAX_FAILURES = 3;

let watched: WatchedDeposit | null = null;
let stop: (() => void) | null = null;
const listeners = new Set<() => void>();

function set(next: WatchedDeposit | null) {
  watched = next;
  for (const listener of listeners) listener();
}

/** Starts watching a returned deposit (once per paymentId; a second call for the same one does nothing). */
export function watchDeposit(environment: Environment, deposit: DepositReturn, restart = false): void {
  if (watched?.paymentId === deposit.paymentId && !restart) return;
  stop?.();
  let stopped = false;
  let timer: number | undefined;
  let failures = 0;
  let attempt = 0;
  const started = Date.now();
  let amount = watched?.paymentId === deposit.paymentId ? watched.amount : null;
  stop = () => {
    stopped = true;
    window.clearTimeout(timer);
  };
  set({ paymentId: deposit.paymentId, phase: 'checking', amount });

  const next = () => {
    if (stopped) return;
    if (Date.now() - started > PATIENCE_MS)
      return set({ paymentId: deposit.paymentId, phase: 'slow', amount });
    timer = window.setTimeout(check, DELAYS_MS[attempt] ?? STEADY_DELAY_MS);
    attempt += 1;
  };

  const check = () => {
    fetchQuery<depositWatchStatusQuery>(environment, StatusQuery, deposit, {
      fetchPolicy: 'network-only',
      // Private: the provider's return parameters travel in a POST's body, never in an address that gets logged.
      networkCacheConfig: { metadata: { silent: true, private: true } },
    })
      .toPromise()
      .then(
        (data) => {
          if (stopped) return;
          failures = 0;
          // Signed out meanwhile: nothing of theirs to show any more.
          if (!data?.viewer) return dismissDeposit();
          const status = data.viewer.depositStatus;
          if (!status) return set({ paymentId: deposit.paymentId, phase: 'missing', amount });
          amount = status.amount.formatted;
          if (status.status === 'COMPLETE' || status.status === 'FAILED') {
            set({
              paymentId: deposit.paymentId,
              phase: status.status === 'COMPLETE' ? 'complete' : 'failed',
              amount,
              bonus:
                status.bonus && status.bonus.cents > 0
                  ? { amount: status.bonus.formatted, wagering: status.wageringRequired?.formatted ?? null }
                  : null,
            });
            if (status.status === 'COMPLETE') refreshWallet(environment);
            return;
          }
          set({ paymentId: deposit.paymentId, phase: 'checking', amount });
          next();
        },
        () => {
          if (stopped) return;
          failures += 1;
          if (failures >= MAX_FAILURES)
            return set({ paymentId: deposit.paymentId, phase: 'unreachable', amount });
          next();
        },
      );
  };
  next();
}

/** Loads the wallet again: the header's balance and the cashier's follow from the store. */
export function refreshWallet(environment: Environment): void {
  fetchQuery(environment, WalletQuery, {}, { fetchPolicy: 'network-only' }).subscribe({});
}

/** The player has read the outcome: the cashier goes back to its forms. */
export function dismissDeposit(): void {
  stop?.();
  stop = null;
  set(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useWatchedDeposit = () => useSyncExternalStore(subscribe, () => watched);
