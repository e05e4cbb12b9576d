import { act, cleanup, screen } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { renderWithRelay } from '../../test-relay';
import type { HeaderTestQuery } from '../../__generated__/HeaderTestQuery.graphql';
import { LayoutContext } from '../../shared/layout-context';
import { Header } from './Header';

function Harness() {
  const data = useLazyLoadQuery<HeaderTestQuery>(
    graphql`
      query HeaderTestQuery @relay_test_operation {
        ...Header_query
      }
    `,
    {},
  );
  return <Header query={data} onMenu={() => {}} onRetryAccount={() => {}} />;
}

/** `signedIn`: whether the session holds a token (the layout's word, from shared/session.ts). */
function renderHeader(resolve: Parameters<typeof MockPayloadGenerator.generate>[1], signedIn = true) {
  return renderWithRelay(
    <LayoutContext.Provider value={{ signedIn, alternateRoutes: false, promotionPages: [] }}>
      <Harness />
    </LayoutContext.Provider>,
    resolve,
    { at: '/' },
  );
}

describe('the header', () => {
  it('offers a guest log in and join', async () => {
    renderHeader(
      { Query: () => ({ viewer: null, site: { loyaltyEnabled: true, welcomePackageEnabled: true } }) },
      false,
    );
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Promotions' }).getAttribute('href')).toBe('/promotions');
  });

  it("shows a player's balance, unread count and loyalty chest, and the account menu", async () => {
    const resolve = {
      Viewer: () => ({
        account: { name: 'Thabo', welcomePackageExpired: false },
        wallet: { combined: { formatted: 'R1,250.00' } },
        notifications: { unreadCount: 3 },
        loyalty: {
          enabled: true,
          balance: 2,
          currentTier: 'GOLD',
          tiers: [{ tier: 'GOLD', diamondsTowardNextChest: 3 }],
        },
      }),
      Site: () => ({ loyaltyEnabled: true, welcomePackageEnabled: true }),
    };
    const environment = renderHeader(resolve);
    expect(await screen.findByRole('button', { name: 'Wallet: R1,250.00' })).toBeTruthy();
    // The unread count is loaded on its own, after the root query.
    act(() => {
      environment.mock.resolveMostRecentOperation((operation) =>
        MockPayloadGenerator.generate(operation, resolve),
      );
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: 'Loyalty chests, 2 ready, 3 of 10 diamonds toward the next chest',
      }),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Account menu for Thabo' })).toBeTruthy();
  });

  it('hides the loyalty chest when loyalty is off', async () => {
    renderHeader({
      Viewer: () => ({ account: { name: 'Lerato', welcomePackageExpired: true } }),
      Site: () => ({ loyaltyEnabled: false, welcomePackageEnabled: false }),
    });
    expect(await screen.findByRole('button', { name: 'Account menu for Lerato' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Loyalty chests/ })).toBeNull();
  });

  it("stays a player's header when the account cannot be read: the balance, and the menu says so", async () => {
    renderHeader({
      Viewer: () => ({ account: null, wallet: { combined: { formatted: 'R80.00' } } }),
      Site: () => ({ loyaltyEnabled: false, welcomePackageEnabled: true }),
    });
    expect(await screen.findByRole('button', { name: 'Wallet: R80.00' })).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'Account menu: your account details could not be loaded' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
  });

  it('offers no Deposit during a break (the casino refuses deposits then), and Deposit again without one', async () => {
    const player = (restriction: unknown) => ({
      Viewer: () => ({
        account: { name: 'Naledi', welcomePackageExpired: true },
        wallet: { combined: { formatted: 'R40.00' } },
        safeGambling: { restriction },
      }),
      Site: () => ({ loyaltyEnabled: false, welcomePackageEnabled: false }),
    });
    const endsAt = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    renderHeader(player({ kind: 'BREAK', endsAt }));
    expect(await screen.findByRole('button', { name: 'Wallet: R40.00' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull();
    cleanup();

    renderHeader(player(null));
    expect(await screen.findByRole('button', { name: 'Wallet: R40.00' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeTruthy();
  });
});
