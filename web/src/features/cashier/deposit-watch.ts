import { useSyncExternalStore } from 'react';
import { fetchQuery, graphql } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { depositWatchStatusQuery } from '../../__generated__/depositWatchStatusQuery.graphql';
import type { DepositStatusFields_status$data } from '../../__generated__/DepositStatusFields_status.graphql';
import { DEPOSIT_SETTLED_EVENT } from '../../shared/page-events';
import { session } from '../../shared/session';
import type { DepositReturn } from './deposit-return';

/*
 * Where a returned deposit stands, asked again and again until it settles (complete or failed), silently: the
 * header's loader does not spin for a check the player did not ask for. Then the wallet is loaded again, so the
 * header and the cashier show the new balance. The watch belongs to the page, not to the cashier: closing the
 * modal does not stop it, and the balance still updates when the payment clears.
 *
 * Honest outcomes (docs/rules.md#payments): "not found" only when the casino answers that there is no such payment
 * (depositStatus null without an error). A check that fails (no connection, the casino not responding, a timeout)
 * says the outcome is not known yet, and the watch keeps asking, further apart each time (2, 4, 8... s up to 30 s),
 * at once when the tab is shown again, and whenever the player asks (Check again). The casino's live word that the
 * deposit settled (a DepositEvent, dispatched by features/live/ViewerEvents.tsx) settles it at once, checks or not.
 */

const StatusQuery = graphql`
  query depositWatchStatusQuery($provider: String!, $paymentId: String!, $returnQuery: String) {
    viewer {
      id
      depositStatus(provider: $provider, paymentId: $paymentId, returnQuery: $returnQuery)
        @catch(to: RESULT) {
        ...DepositStatusFields_status @relay(mask: false)
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
  /** Paid during a break or a self-exclusion, so the casino sent it back at once (docs/rules.md#payments). */
  | 'refunded'
  /** The casino answered that it knows no such deposit of this player. */
  | 'missing'
  /** Still pending after the watch's patience ran out: the player may check again. */
  | 'slow'
  /** The last check could not be answered (no connection, the casino not responding): still asking. */
  | 'unknown';

export interface WatchedDeposit {
  paymentId: string;
  phase: DepositPhase;
  /** The deposit's amount ("R150.00") once the casino has said it. */
  amount: string | null;
  /** Once complete: the welcome bonus it credited and that bonus's wagering, when it brought one. */
  bonus?: { amount: string; wagering: string | null } | null;
  /** Once failed: why, when the casino says (cancelled on the payment page, or not paid in its window). */
  failure?: 'CANCELLED' | 'EXPIRED' | null;
}

/** A deposit's status as a check reads it, and as the live DepositEvent carries it. */
type SettledStatus = Omit<DepositStatusFields_status$data, ' $fragmentType'>;

/** The phase a settled deposit's status puts the cashier in; null while it is still pending. */
function settledPhase(status: string): 'complete' | 'failed' | 'refunded' | null {
  if (status === 'COMPLETE') return 'complete';
  if (status === 'FAILED') return 'failed';
  if (status === 'REFUNDED') return 'refunded';
  return null;
}

/** Seconds between checks of a pending deposit: quick at first (most payments clear at once), then calmer. */
const DELAYS_MS = [0, 1000, 2000, 2000, 3000, 3000, 5000];
const STEADY_DELAY_MS = 5000;
/** After failed checks: 2, 4, 8, 16 s, then every 30 s. */
const FAILURE_DELAY_MS = 2000;
const MAX_FAILURE_DELAY_MS = 30_000;
/** How long to keep asking about a pending deposit before saying the bank is slow (the player can ask again). */
const PATIENCE_MS = 3 * 60_000;

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
  let asking = false;
  const started = Date.now();
  let amount = watched?.paymentId === deposit.paymentId ? watched.amount : null;
  // Back on the tab: ask now rather than at the next turn of the backoff.
  const onVisible = () => {
    if (document.visibilityState !== 'visible' || asking) return;
    window.clearTimeout(timer);
    check();
  };
  // The casino said on the live channel that this deposit settled: that is its outcome, even while checks fail.
  const onSettled = (event: Event) => {
    const status = (event as CustomEvent<SettledStatus>).detail;
    if (stopped || status.paymentId !== deposit.paymentId) return;
    if (environment !== session.environment()) return dismissDeposit();
    failures = 0;
    settle(status);
  };
  stop = () => {
    stopped = true;
    window.clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener(DEPOSIT_SETTLED_EVENT, onSettled);
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener(DEPOSIT_SETTLED_EVENT, onSettled);
  // A restart after an unknown outcome keeps saying so until an answer comes.
  const phase = restart && watched?.phase === 'unknown' ? 'unknown' : 'checking';
  set({ paymentId: deposit.paymentId, phase, amount });

  const later = (delay: number) => {
    if (stopped) return;
    timer = window.setTimeout(check, delay);
  };
  const next = () => {
    if (Date.now() - started > PATIENCE_MS) {
      set({ paymentId: deposit.paymentId, phase: 'slow', amount });
      // Still asked when the tab is shown again; the player may also check again.
      return;
    }
    later(DELAYS_MS[attempt] ?? STEADY_DELAY_MS);
    attempt += 1;
  };

  /** Ends the watch with a settled status (from a check, or the casino's live word); false while still pending. */
  const settle = (status: SettledStatus): boolean => {
    amount = status.amount.formatted;
    const settled = settledPhase(status.status);
    if (!settled) return false;
    stop?.();
    set({
      paymentId: deposit.paymentId,
      phase: settled,
      amount,
      failure:
        status.failureReason === 'CANCELLED' || status.failureReason === 'EXPIRED'
          ? status.failureReason
          : null,
      bonus:
        status.bonus && status.bonus.cents > 0
          ? { amount: status.bonus.formatted, wagering: status.wageringRequired?.formatted ?? null }
          : null,
    });
    if (status.status === 'COMPLETE') refreshWallet(environment);
    return true;
  };

  const check = () => {
    if (stopped) return;
    // Signed out or in as someone else meanwhile: this deposit is not theirs to show.
    if (environment !== session.environment()) return dismissDeposit();
    asking = true;
    fetchQuery<depositWatchStatusQuery>(environment, StatusQuery, deposit, {
      fetchPolicy: 'network-only',
      // Private: the provider's return parameters travel in a POST's body, never in an address that gets logged.
      networkCacheConfig: { metadata: { silent: true, private: true } },
    })
      .toPromise()
      .then(
        (data) => {
          asking = false;
          if (stopped) return;
          // Signed out meanwhile: nothing of theirs to show any more.
          if (!data?.viewer) return dismissDeposit();
          const result = data.viewer.depositStatus;
          if (!result.ok) return unknown();
          failures = 0;
          const status = result.value;
          if (!status) {
            stop?.();
            return set({ paymentId: deposit.paymentId, phase: 'missing', amount });
          }
          if (settle(status)) return;
          set({ paymentId: deposit.paymentId, phase: 'checking', amount });
          next();
        },
        () => {
          asking = false;
          if (!stopped) unknown();
        },
      );
  };

  /** The check got no answer: say the outcome is not known yet, and ask again a while later. */
  const unknown = () => {
    failures += 1;
    set({ paymentId: deposit.paymentId, phase: 'unknown', amount });
    later(Math.min(FAILURE_DELAY_MS * 2 ** (failures - 1), MAX_FAILURE_DELAY_MS));
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

// A sign-out (or another player's sign-in) ends the watch: the deposit is not the new session's to show.
session.onChange(() => {
  if (watched) dismissDeposit();
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useWatchedDeposit = () =>
  useSyncExternalStore(
    subscribe,
    () => watched,
    () => null,
  );
