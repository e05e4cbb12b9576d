import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, RelayEnvironmentProvider, useLazyLoadQuery } from 'react-relay';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { BreakGateTestQuery } from '../../__generated__/BreakGateTestQuery.graphql';
import { LayoutContext } from '../../shared/layout-context';
import { closeModal, useOpenModal } from '../../shared/modals/modal-store';
import { BreakGate } from './BreakGate';

/*
 * A player on a break sees a calm page where games and promotions would be (the routes flagged pausedOnBreak), and
 * every other screen as usual; a guest, or a player whose break has ended, sees the screens themselves.
 */

const IN_A_DAY = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();

function Layout() {
  const data = useLazyLoadQuery<BreakGateTestQuery>(
    graphql`
      query BreakGateTestQuery @relay_test_operation {
        ...BreakGate_query
      }
    `,
    {},
  );
  const open = useOpenModal();
  return (
    <>
      <BreakGate query={data}>
        <Outlet />
      </BreakGate>
      <p data-testid="modal">{JSON.stringify(open)}</p>
    </>
  );
}

function visit(
  path: string,
  options: { signedIn: boolean; restriction: { kind: string; endsAt: string } | null },
) {
  const environment = createMockEnvironment();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Layout />,
        children: [
          {
            path: 'webplay/all',
            handle: { name: 'webplay-all', pausedOnBreak: true },
            element: <p>All games</p>,
          },
          { path: 'help', handle: { name: 'help' }, element: <p>Help and contact</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <RelayEnvironmentProvider environment={environment}>
      <LayoutContext.Provider
        value={{ signedIn: options.signedIn, alternateRoutes: false, promotionPages: [] }}
      >
        <Suspense fallback="Loading">
          <RouterProvider router={router} />
        </Suspense>
      </LayoutContext.Provider>
    </RelayEnvironmentProvider>,
  );
  act(() =>
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation, {
        SafeGambling: () => ({ restriction: options.restriction }),
        Wallet: () => ({ combined: { formatted: 'R250.00' } }),
      }),
    ),
  );
}

afterEach(() => act(() => closeModal()));

describe('a player on a break', () => {
  it('sees a calm page instead of the games: until when, the balance, Withdraw and Safer gambling', async () => {
    visit('/webplay/all', { signedIn: true, restriction: { kind: 'BREAK', endsAt: IN_A_DAY } });
    expect(await screen.findByRole('heading', { level: 1, name: "You're taking a break" })).toBeTruthy();
    expect(screen.queryByText('All games')).toBeNull();
    expect(screen.getByText(/^until/).textContent).toMatch(/^until \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(screen.getByText(/Your balance/).textContent).toBe('Your balance: R250.00');
    expect(screen.getByRole('link', { name: 'Safer gambling' }).getAttribute('href')).toBe(
      '/account/safer-gambling',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    // The cashier opens on its withdraw tab.
    await waitFor(() =>
      expect(JSON.parse(screen.getByTestId('modal').textContent!)).toEqual({
        name: 'wallet',
        params: { tab: 'withdraw' },
      }),
    );
  });

  it('sees the screens that show no games as usual', async () => {
    visit('/help', { signedIn: true, restriction: { kind: 'BREAK', endsAt: IN_A_DAY } });
    expect(await screen.findByText('Help and contact')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "You're taking a break" })).toBeNull();
  });
});

describe('the games', () => {
  it('show for a player whose break has ended', async () => {
    visit('/webplay/all', {
      signedIn: true,
      restriction: { kind: 'BREAK', endsAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(await screen.findByText('All games')).toBeTruthy();
  });

  it('show for a player with no break', async () => {
    visit('/webplay/all', { signedIn: true, restriction: null });
    expect(await screen.findByText('All games')).toBeTruthy();
  });

  it("show for a guest (a store still holding the last player's break is not read)", async () => {
    visit('/webplay/all', { signedIn: false, restriction: { kind: 'BREAK', endsAt: IN_A_DAY } });
    expect(await screen.findByText('All games')).toBeTruthy();
  });
});
