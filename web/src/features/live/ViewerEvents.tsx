import { useEffect } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay';
import type { Disposable } from 'relay-runtime';
import type { ViewerEventsSubscription } from '../../__generated__/ViewerEventsSubscription.graphql';
import { DEPOSIT_SETTLED_EVENT } from '../../shared/page-events';
import { applyViewerEvent } from './viewer-events-updater';

/*
 * Everything a live event can change on screen, read again after a gap: the header's balance, chest and badge, the
 * loyalty modal, the notifications list and the verification page (a decision made while the channel was down).
 * The snapshot event selects it: the first of every subscription, and another whenever the gateway lost the casino's
 * channel for a while.
 */
export const ViewerEventsViewer = graphql`
  fragment ViewerEvents_viewer on Viewer {
    id
    wallet {
      ...WalletFields_wallet
    }
    loyalty {
      id
      enabled
      ...LoyaltyIcon_loyalty
      ...LoyaltyChests_loyalty
    }
    headerCount: notifications(first: 1) {
      unreadCount
    }
    ...NotificationsList_viewer
    verification {
      ...VerificationPage_verification
    }
  }
`;

const Subscription = graphql`
  subscription ViewerEventsSubscription {
    # Starts with a snapshot once the player's channel is live: nothing between the screen's query (or a lost
    # subscription) and now is missed.
    viewerEvents(catchUp: true) {
      __typename
      name
      ... on LoyaltyProgressEvent {
        progressPercent
        newDiamond
        newChest
        # Present when a diamond or chest is new: the whole loyalty, by id.
        loyalty {
          id
          enabled
          ...LoyaltyIcon_loyalty
          ...LoyaltyChests_loyalty
        }
      }
      ... on NotificationEvent {
        unreadCount
        # Every field the notifications list reads (NotificationsList_viewer).
        notification {
          id
          subject
          message
          type
          read
          createdAt
        }
      }
      ... on WalletEvent {
        wallet {
          ...WalletFields_wallet
        }
      }
      # A deposit settled: a cashier watching it takes the outcome (features/cashier/deposit-watch.ts).
      ... on DepositEvent {
        depositStatus {
          ...DepositStatusFields_status @relay(mask: false)
        }
      }
      # A withdrawal's new state, by id: the withdraw tab's cards change with it.
      ... on WithdrawalEvent {
        withdrawal {
          ...WithdrawalCard_withdrawal
        }
      }
      # A break or self-exclusion started on another device: the layout's break page (safer-gambling/BreakGate)
      # shows at once, without a reload.
      ... on SafeGamblingEvent {
        viewer {
          id
          safeGambling {
            restriction {
              kind
              startedAt
              endsAt
            }
          }
        }
      }
      # The casino's review moved on (submitted, verified, rejected): the verification page shows it (the updater puts
      # it in the viewer's place), and the wallet's withdrawLock opens or stays closed with it.
      ... on VerificationEvent {
        verification {
          ...VerificationPage_verification
        }
        viewer {
          id
          wallet {
            ...WalletFields_wallet
          }
        }
      }
      ... on ViewerSnapshotEvent {
        viewer {
          ...ViewerEvents_viewer
        }
      }
    }
  }
`;

/** Waits before starting again after the subscription failed: 1 s, 2 s, 4 s ... up to 30 s. */
const retryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/**
 * The signed-in player's live events (viewerEvents), one subscription for as long as the player is signed in:
 * mounted by the layout for a player only, and ended when it unmounts (sign-out) or the session's environment is
 * replaced. Events update the Relay store, so every screen showing the same records changes with no refetch here.
 * When the subscription fails it starts again after a pause; its first event, a snapshot, catches up on what was
 * missed.
 */
export default function ViewerEvents() {
  const environment = useRelayEnvironment();
  useEffect(() => {
    let subscription: Disposable | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const restart = () => {
      if (stopped) return;
      subscription?.dispose();
      // The new subscription's first event is a snapshot: it catches up on what was missed meanwhile.
      timer = setTimeout(start, retryDelay(attempt++));
    };
    const start = () => {
      subscription = requestSubscription<ViewerEventsSubscription>(environment, {
        subscription: Subscription,
        variables: {},
        updater: applyViewerEvent,
        onNext: (response) => {
          attempt = 0;
          const event = response?.viewerEvents;
          if (event?.__typename === 'DepositEvent')
            window.dispatchEvent(new CustomEvent(DEPOSIT_SETTLED_EVENT, { detail: event.depositStatus }));
        },
        onError: restart,
        onCompleted: restart,
      });
    };

    start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      subscription?.dispose();
    };
  }, [environment]);
  return null;
}
