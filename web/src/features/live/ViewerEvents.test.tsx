import { act, screen, within } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { describe, expect, it } from 'vitest';
import { renderWithRelay } from '../../test-relay';
import type { ViewerEventsTestQuery } from '../../__generated__/ViewerEventsTestQuery.graphql';
import ViewerEvents from './ViewerEvents';

/*
 * What each live event does to the store, read back as a screen reads it: the wallet by id, the progress toward the
 * next diamond, a new notification on top of the list with the unread counts (the list's and the header's).
 */

function Harness() {
  const data = useLazyLoadQuery<ViewerEventsTestQuery>(
    graphql`
      query ViewerEventsTestQuery @relay_test_operation {
        viewer {
          id
          wallet {
            id
            combined {
              formatted
            }
            withdrawLock
          }
          verification {
            status
            reason
          }
          loyalty {
            id
            progressPercent
          }
          headerCount: notifications(first: 1) {
            unreadCount
          }
          notifications(first: 20) @connection(key: "NotificationsList_notifications") {
            unreadCount
            edges {
              node {
                id
                subject
              }
            }
          }
        }
      }
    `,
    {},
  );
  const viewer = data.viewer!;
  return (
    <>
      <p data-testid="balance">{viewer.wallet?.combined.formatted}</p>
      <p data-testid="verification">
        {viewer.verification?.status} {viewer.verification?.reason}
      </p>
      <p data-testid="withdraw-lock">{viewer.wallet?.withdrawLock ?? 'none'}</p>
      <p data-testid="progress">{viewer.loyalty?.progressPercent}</p>
      <p data-testid="badge">{viewer.headerCount?.unreadCount}</p>
      <p data-testid="list-unread">{viewer.notifications?.unreadCount}</p>
      <ul>
        {viewer.notifications?.edges.map((e) => (
          <li key={e.node.id}>{e.node.subject}</li>
        ))}
      </ul>
      <ViewerEvents />
    </>
  );
}

async function setUp() {
  const environment = renderWithRelay(<Harness />, {
    Viewer: () => ({ id: 'viewer-1' }),
    Wallet: () => ({
      id: 'wallet-1',
      combined: { formatted: 'R500.00' },
      withdrawLock: 'VERIFICATION_REQUIRED',
    }),
    Verification: () => ({ status: 'PENDING', reason: null }),
    Loyalty: () => ({ id: 'loyalty-1', progressPercent: 20 }),
    NotificationConnection: () => ({
      unreadCount: 1,
      edges: [{ cursor: 'c1', node: { id: 'n1', subject: 'Welcome to PlayLive' } }],
    }),
  });
  await screen.findByTestId('balance');
  const subscription = environment.mock
    .getAllOperations()
    .find((op) => op.request.node.params.name === 'ViewerEventsSubscription');
  expect(subscription).toBeTruthy();
  const send = (viewerEvents: Record<string, unknown>) =>
    act(() => environment.mock.nextValue(subscription!, { data: { viewerEvents } }));
  return { send };
}

describe('the live events', () => {
  it('move the balance of the wallet they name', async () => {
    const { send } = await setUp();
    send({
      __typename: 'WalletEvent',
      name: 'wallet',
      wallet: {
        id: 'wallet-1',
        money: { cents: 49000, amount: '490.00', formatted: 'R490.00' },
        bonus: { cents: 0, amount: '0.00', formatted: 'R0.00' },
        combined: { cents: 49000, amount: '490.00', formatted: 'R490.00' },
        canWithdraw: true,
      },
    });
    expect(screen.getByTestId('balance').textContent).toBe('R490.00');
  });

  it('move the progress toward the next diamond', async () => {
    const { send } = await setUp();
    send({
      __typename: 'LoyaltyProgressEvent',
      name: 'loyaltyProgress',
      progressPercent: 70,
      newDiamond: false,
      newChest: false,
      loyalty: null,
    });
    expect(screen.getByTestId('progress').textContent).toBe('70');
  });

  it('put a new notification on top and count it unread, once', async () => {
    const { send } = await setUp();
    const event = {
      __typename: 'NotificationEvent',
      name: 'notification',
      unreadCount: 2,
      notification: {
        id: 'n2',
        subject: 'Jackpot!',
        message: 'You hit a jackpot.',
        type: 'JACKPOT_WIN',
        read: false,
        createdAt: '2026-11-22T08:00:00Z',
      },
    };
    send(event);
    send(event);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Jackpot!', 'Welcome to PlayLive']);
    expect(screen.getByTestId('badge').textContent).toBe('2');
    expect(screen.getByTestId('list-unread').textContent).toBe('2');
  });

  it("put the casino's decision on the player's verification, and open withdrawals with it", async () => {
    const { send } = await setUp();
    expect(screen.getByTestId('verification').textContent).toBe('PENDING ');
    send({
      __typename: 'VerificationEvent',
      name: 'verification',
      verification: {
        status: 'VERIFIED',
        submittedAt: '2026-11-22T08:00:00Z',
        decidedAt: '2026-11-22T09:00:00Z',
        reason: null,
        reviewTime: 'within 24 hours',
        maxFileBytes: 5242880,
        contentTypes: ['image/jpeg', 'image/png', 'application/pdf'],
        missing: [],
        documents: [],
      },
      viewer: {
        id: 'viewer-1',
        wallet: {
          id: 'wallet-1',
          money: { cents: 50000, amount: '500.00', formatted: 'R500.00' },
          bonus: { cents: 0, amount: '0.00', formatted: 'R0.00' },
          combined: { cents: 50000, amount: '500.00', formatted: 'R500.00' },
          canWithdraw: true,
          withdrawable: { cents: 50000, formatted: 'R500.00' },
          locked: { cents: 0, formatted: 'R0.00' },
          withdrawLock: null,
          bonusWagering: null,
          welcomePackage: { available: false, unavailableReason: null },
        },
      },
    });
    expect(screen.getByTestId('verification').textContent).toBe('VERIFIED ');
    expect(screen.getByTestId('withdraw-lock').textContent).toBe('none');
  });
});
