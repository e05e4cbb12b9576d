import { act, fireEvent, screen } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRelay } from '../../test-relay';
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
  renderWithRelay(
    <Harness hideProviders={hideProviders} />,
    {
      Query: () => ({
        gameProviders: [{ product: 'netent', shortname: 'NetEnt' }],
        gameFilters: { features: ['Free Spins'], themes: ['Animals', 'Ocean'], paylines: [20] },
      }),
    },
    { at: path },
  );
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
    renderBar('/webplay/all?q=gold&sort=alphdsc');
    const box = await screen.findByRole('searchbox', { name: 'Search games' });
    expect(box.getAttribute('maxlength')).toBe('40');
    expect((box as HTMLInputElement).value).toBe('gold');
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('alphdsc');
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

  it('folds the filters behind a Filters button that counts the chosen values, and Escape folds them again', async () => {
    // The provider page's hidden provider filter is not counted; the sort and the words (always in view) are not.
    renderBar('/webplay/provider/netent?providers=netent&themes=Ocean,Animals&q=gold&sort=alphdsc', true);
    const filters = await screen.findByRole('button', { name: 'Filters (2)' });
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(filters.getAttribute('aria-controls') ?? '');
    expect(panel?.contains(screen.getByRole('button', { name: 'Themes (2)' }))).toBe(true);
    fireEvent.click(filters);
    expect(filters.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Themes (2)' }), { key: 'Escape' });
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(filters);
  });

  it('leaves out the provider filter on a provider page', async () => {
    renderBar('/webplay/provider/netent', true);
    await screen.findByRole('button', { name: 'Themes' });
    expect(screen.queryByRole('button', { name: 'Providers' })).toBeNull();
  });

  it('offers Clear filters only while a filter narrows the list, and clearing keeps the sort', async () => {
    renderBar('/webplay/all?sort=newestf');
    await screen.findByRole('searchbox', { name: 'Search games' });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search games' }), { target: { value: 'wolf' } });
    act(() => vi.advanceTimersByTime(400));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('search').textContent).toBe('?sort=newestf');
    expect((screen.getByRole('searchbox', { name: 'Search games' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});
