import { act, render, screen } from '@testing-library/react';
import { loadQuery, RelayEnvironmentProvider } from 'react-relay';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import PromotionsPageQuery from '../../__generated__/PromotionsPageQuery.graphql';
import { Component } from './PromotionsPage';

/** /promotions over a mock casino: the test resolves its one request. (The app renders a screen with its loader's
 * environment, app/ScreenEnvironment.tsx; here there is one.) */
function renderPage() {
  const environment = createMockEnvironment();
  const router = createMemoryRouter(
    [{ path: '/promotions', loader: () => loadQuery(environment, PromotionsPageQuery, {}), Component }],
    { initialEntries: ['/promotions'] },
  );
  render(
    <RelayEnvironmentProvider environment={environment}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>,
  );
  return environment;
}

const promotion = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  description: `${title}, described.`,
  image: null,
  url: null,
  terms: `${title} terms.`,
  forSignedInOnly: false,
  isNew: false,
  ...extra,
});

function resolveLatest(
  environment: ReturnType<typeof createMockEnvironment>,
  { viewer, promotions }: { viewer: boolean; promotions: unknown[] | 'error' },
) {
  act(() => {
    environment.mock.resolveMostRecentOperation((operation) => {
      const payload = MockPayloadGenerator.generate(operation, {
        Query: () => ({
          viewer: viewer ? { id: 'Vmlld2VyOjE=' } : null,
          promotions: promotions === 'error' ? null : promotions,
          newPromotions: [],
          promotionBanners: [],
        }),
        Site: () => ({ timeZone: 'Africa/Johannesburg', promotionPages: [] }),
      });
      return promotions === 'error'
        ? { ...payload, errors: [{ message: 'The casino did not respond.', path: ['promotions'] }] }
        : payload;
    });
  });
}

describe('the promotions page', () => {
  it('shows a guest the list, the invitation to join, and a join button where a promotion leads nowhere', async () => {
    const environment = renderPage();
    await act(async () => {});
    resolveLatest(environment, {
      viewer: false,
      promotions: [promotion('UHJvbW90aW9uOjE=', 'Weekly Cashback')],
    });
    expect(await screen.findByRole('heading', { name: 'All promotions' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Players get more' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Weekly Cashback' }).textContent).toContain('Join now');
  });

  it("marks a player's players-only promotions, without the invitation", async () => {
    const environment = renderPage();
    await act(async () => {});
    resolveLatest(environment, {
      viewer: true,
      promotions: [promotion('UHJvbW90aW9uOjU=', 'Loyalty Chests', { forSignedInOnly: true, isNew: true })],
    });
    const card = await screen.findByRole('article', { name: 'Loyalty Chests' });
    expect(card.textContent).toContain('Players only');
    expect(card.textContent).toContain('New');
    expect(card.textContent).not.toContain('Join now');
    expect(screen.getByRole('heading', { name: 'Your promotions' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Players get more' })).toBeNull();
  });

  it('says so when there are no promotions', async () => {
    const environment = renderPage();
    await act(async () => {});
    resolveLatest(environment, { viewer: false, promotions: [] });
    expect(await screen.findByText(/There are no promotions running right now/)).toBeTruthy();
  });

  it('says so when the promotions fail to load, and asks again on Try again', async () => {
    const environment = renderPage();
    await act(async () => {});
    resolveLatest(environment, { viewer: false, promotions: 'error' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the promotions just now.');
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(screen.getByRole('button', { name: 'Trying again…' })).toBeTruthy();
    resolveLatest(environment, {
      viewer: false,
      promotions: [promotion('UHJvbW90aW9uOjE=', 'Weekly Cashback')],
    });
    expect(await screen.findByRole('article', { name: 'Weekly Cashback' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
