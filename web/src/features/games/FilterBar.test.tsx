import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, RelayEnvironmentProvider, useLazyLoadQuery } from 'react-relay';
import { MemoryRouter, useLocation } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FilterBarTestQuery } from '../../__generated__/FilterBarTestQuery.graphql';
import { FilterBar } from './FilterBar';

function Harness({ hideProviders }: { hideProviders: boolean }) {
  const data = useLazyLoadQuery<FilterBarTestQuery>(
    graphql`
      query FilterBarTestQuery @relay_test_operation {
        ...FilterBar_query
      }
    `,
    {},
  );
  const location = useLocation();
  return (
    <>
      <FilterBar query={data} hideProviders={hideProviders} />
      <p data-testid="search">{location.search}</p>
    </>
  );
}

function renderBar(path = '/webplay/all', hideProviders = false) {
  const environment = createMockEnvironment();
  render(
    <RelayEnvironmentProvider environment={environment}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback="Loading">
          <Harness hideProviders={hideProviders} />
        </Suspense>
      </MemoryRouter>
    </RelayEnvironmentProvider>,
  );
  act(() => {
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation, {
        Query: () => ({
          gameProviders: [{ product: 'netent', shortname: 'NetEnt' }],
          gameFilters: { features: ['Free Spins'], themes: ['Animals', 'Ocean'], paylines: [20] },
        }),
      }),
    );
  });
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('the filter bar', () => {
  it('puts the words in the address after a pause in typing, not on every key', async () => {
    renderBar();
    const box = await screen.findByRole('searchbox', { name: 'Search games' });
    fireEvent.change(box, { target: { value: 'wo' } });
    fireEvent.change(box, { target: { value: 'wolf' } });
    expect(screen.getByTestId('search').textContent).toBe('');
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByTestId('search').textContent).toBe('?q=wolf');
  });

  it('caps the words at 40 characters and shows the state of an address it is opened with', async () => {
    renderBar('/webplay/all?q=gold&sort=za');
    const box = await screen.findByRole('searchbox', { name: 'Search games' });
    expect(box.getAttribute('maxlength')).toBe('40');
    expect((box as HTMLInputElement).value).toBe('gold');
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('za');
  });

  it("opens a filter's popover on the first press, its code fetched only then, and puts the choice in the address", async () => {
    renderBar();
    const themes = await screen.findByRole('button', { name: 'Themes' });
    expect(themes.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(themes);
    // The popover's code is loaded now, the first time (transformed on demand here: it may take a while).
    const ocean = await screen.findByRole('checkbox', { name: 'Ocean' }, { timeout: 10_000 });
    fireEvent.click(ocean);
    expect(screen.getByTestId('search').textContent).toBe('?themes=Ocean');
    expect(screen.getByRole('button', { name: 'Themes (1)' })).toBeTruthy();
  });

  it('leaves out the provider filter on a provider page', async () => {
    renderBar('/webplay/provider/netent', true);
    await screen.findByRole('button', { name: 'Themes' });
    expect(screen.queryByRole('button', { name: 'Providers' })).toBeNull();
  });
});
