import { act, screen, waitFor, within } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { OperationDescriptor } from 'relay-runtime';
import { MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { renderWithRelay } from '../test-relay';
import type { LiveNotificationsTestQuery } from '../__generated__/LiveNotificationsTestQuery.graphql';
import ViewerEvents from '../features/live/ViewerEvents';
import { NotificationsList } from '../features/notifications/NotificationsList';

/*
 * The open list marks everything read, and marks again for one that arrives live while it is open. The casino marks
 * what it holds when the call reaches it: one that arrives live while that call is on its way may be missing from
 * the result, and must neither vanish from the open list nor leave the badge at zero while it is still unread there.
 */

function Harness() {
  const data = useLazyLoadQuery<LiveNotificationsTestQuery>(
    graphql`
      query LiveNotificationsTestQuery @relay_test_operation {
        viewer {
          id
          headerCount: notifications(first: 1) {
            unreadCount
          }
          ...NotificationsList_viewer
        }
      }
    `,
    {},
  );
  return (
    <>
      <p data-testid="badge">{data.viewer!.headerCount?.unreadCount}</p>
      <NotificationsList viewer={data.viewer!} />
      <ViewerEvents />
    </>
  );
}

const welcome = {
  id: 'n1',
  subject: 'Welcome to PlayLive',
  type: 'WELCOME_MESSAGE',
  createdAt: '2026-11-22T07:00:00Z',
};
const jackpot = { id: 'n2', subject: 'Jackpot!', type: 'JACKPOT_WIN', createdAt: '2026-11-22T08:00:00Z' };

/** The casino's list as a result gives it: these notifications, read or not. */
const listResolvers = (nodes: Record<string, unknown>[], read: boolean) => ({
  Viewer: () => ({ id: 'viewer-1' }),
  NotificationConnection: () => ({
    unreadCount: read ? 0 : nodes.length,
    totalCount: nodes.length,
    edges: nodes.map((node) => ({ cursor: `c-${node.id}`, node: { ...node, message: '', read } })),
    pageInfo: { hasNextPage: false, endCursor: null },
  }),
});

async function setUp() {
  const environment = renderWithRelay(<Harness />, listResolvers([welcome], false));
  await screen.findByRole('list', { name: 'Notifications' });
  const pending = (name: string) =>
    environment.mock.getAllOperations().filter((op) => op.request.node.params.name === name);
  const markings = () => pending('MarkNotificationsReadMutation');
  // Both start in effects after the list shows, later than it on a busy machine.
  await waitFor(() => expect(markings()).toHaveLength(1));
  await waitFor(() => expect(pending('ViewerEventsSubscription')).toHaveLength(1));
  const subscription = pending('ViewerEventsSubscription')[0]!;
  // A mutation's result settles its promise: the callbacks run once act has let its microtasks run.
  const resolve = (operation: OperationDescriptor, nodes: Record<string, unknown>[]) =>
    act(async () =>
      environment.mock.resolve(
        operation,
        MockPayloadGenerator.generate(operation, listResolvers(nodes, true)),
      ),
    );
  const reject = (operation: OperationDescriptor) =>
    act(async () => environment.mock.reject(operation, new Error('The casino is unavailable.')));
  const arrive = (node: Record<string, unknown>, unreadCount: number) =>
    act(() =>
      environment.mock.nextValue(subscription, {
        data: {
          viewerEvents: {
            __typename: 'NotificationEvent',
            name: 'notification',
            unreadCount,
            notification: { ...node, message: '', read: false },
          },
        },
      }),
    );
  const subjects = () =>
    within(screen.getByRole('list', { name: 'Notifications' }))
      .getAllByRole('heading')
      .map((h) => h.textContent);
  return { markings, resolve, reject, arrive, subjects };
}

describe('the notifications list', () => {
  it('keeps one that arrived while its marking was on the way, and marks again', async () => {
    const { markings, resolve, arrive, subjects } = await setUp();
    expect(markings()).toHaveLength(1);
    // Cleared at once, before the result.
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('0'));

    arrive(jackpot, 1);
    expect(subjects()).toEqual(['NewJackpot!', 'NewWelcome to PlayLive']);
    // The casino marked before the jackpot existed: its result lacks it.
    await resolve(markings()[0]!, [welcome]);
    expect(subjects()).toEqual(['NewJackpot!', 'NewWelcome to PlayLive']);

    const again = markings();
    expect(again).toHaveLength(1);
    await resolve(again[0]!, [jackpot, welcome]);
    expect(subjects()).toEqual(['NewJackpot!', 'NewWelcome to PlayLive']);
    expect(screen.getByTestId('badge').textContent).toBe('0');
    expect(markings()).toHaveLength(0);
  });

  it('still counts that one unread when marking it fails', async () => {
    const { markings, resolve, reject, arrive, subjects } = await setUp();
    arrive(jackpot, 1);
    await resolve(markings()[0]!, [welcome]);
    await reject(markings()[0]!);
    await screen.findByRole('alert');
    expect(subjects()).toEqual(['NewJackpot!', 'NewWelcome to PlayLive']);
    expect(screen.getByTestId('badge').textContent).toBe('1');
  });

  it('marks once more when one arrives while the list is open', async () => {
    const { markings, resolve, arrive, subjects } = await setUp();
    await resolve(markings()[0]!, [welcome]);
    expect(markings()).toHaveLength(0);

    arrive(jackpot, 1);
    expect(markings()).toHaveLength(1);
    await resolve(markings()[0]!, [jackpot, welcome]);
    expect(subjects()).toEqual(['NewJackpot!', 'NewWelcome to PlayLive']);
    expect(screen.getByTestId('badge').textContent).toBe('0');
    expect(markings()).toHaveLength(0);
  });
});
