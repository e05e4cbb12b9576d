import { fireEvent, screen, within } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRelay } from '../../test-relay';
import type { NotificationsListTestQuery } from '../../__generated__/NotificationsListTestQuery.graphql';
import { closeModal, useOpenModal } from '../../shared/modals/modal-store';
import { NotificationsList } from './NotificationsList';

function Harness() {
  const data = useLazyLoadQuery<NotificationsListTestQuery>(
    graphql`
      query NotificationsListTestQuery @relay_test_operation {
        viewer {
          ...NotificationsList_viewer
        }
      }
    `,
    {},
  );
  const open = useOpenModal();
  return (
    <>
      <NotificationsList viewer={data.viewer!} />
      <p data-testid="modal">{open?.name ?? 'none'}</p>
    </>
  );
}

const node = (id: string, type: string, subject: string, createdAt: string, message = '') => ({
  id,
  type,
  subject,
  message,
  createdAt,
  read: false,
});

function renderList(nodes: ReturnType<typeof node>[]) {
  renderWithRelay(
    <Harness />,
    {
      Viewer: () => ({ id: 'viewer-1' }),
      NotificationConnection: () => ({
        unreadCount: nodes.length,
        totalCount: nodes.length,
        edges: nodes.map((n) => ({ cursor: `c-${n.id}`, node: n })),
        pageInfo: { hasNextPage: false, endCursor: null },
      }),
    },
    { at: '/' },
  );
}

afterEach(() => closeModal());

describe('the notifications list', () => {
  it('shows identical chests from the same minute as one row that opens the chests', async () => {
    renderList([
      node('n4', 'LOYALTY_CHEST_UNLOCKED', 'A chest is ready', '2026-11-27T12:00:01.400Z', 'Open it now.'),
      node('n3', 'LOYALTY_CHEST_UNLOCKED', 'A chest is ready', '2026-11-27T12:00:01.100Z'),
      node('n2', 'LOYALTY_CHEST_UNLOCKED', 'A chest is ready', '2026-11-27T12:00:00.900Z'),
      node('n1', 'WITHDRAWAL_SUCCESS', 'Withdrawal paid', '2026-11-27T11:00:00Z', 'R300.00 is in your bank.'),
    ]);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('heading').textContent).toContain('3 chests ready');
    expect(rows[0]!.textContent).toContain('They are waiting in your loyalty chests.');
    expect(within(rows[1]!).getByRole('heading').textContent).toContain('Withdrawal paid');

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Open your chests' }));
    expect(screen.getByTestId('modal').textContent).toBe('loyalty');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'See your transactions' }));
    expect(screen.getByTestId('modal').textContent).toBe('transactions');
  });

  it('links a tournament prize to the tournaments page', async () => {
    renderList([node('n1', 'TOURNAMENT_PRIZE', 'Tournament prize', '2026-11-27T12:00:00Z')]);
    const link = await screen.findByRole('link', { name: 'See the tournaments' });
    expect(link.getAttribute('href')).toBe('/tournaments');
  });
});
