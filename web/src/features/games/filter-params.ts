import type { GameFilter, GameSort } from '../../__generated__/CataloguePageQuery.graphql';

/*
 * The filter bar's state lives in the address, so a filtered list can be shared, survives a reload, and back and
 * forward step through it: ?q=wolf&providers=netent,pragmatic&themes=Animals&paylines=20&sort=newestf.
 */

/** The filter text's limit (docs/rules.md#catalogue). */
export const MAX_FILTER_TEXT = 40;

/** The sort keys (docs/rules.md#catalogue); `formerly` is the key addresses used before, still understood. */
export const SORTS: readonly { value: string; formerly: string; sort: GameSort; label: string }[] = [
  { value: 'alphasc', formerly: 'az', sort: 'ALPHA_ASC', label: 'A to Z' },
  { value: 'alphdsc', formerly: 'za', sort: 'ALPHA_DESC', label: 'Z to A' },
  { value: 'newestf', formerly: 'newest', sort: 'NEWEST_FIRST', label: 'Newest first' },
];

export interface FilterState {
  text: string;
  providers: string[];
  features: string[];
  themes: string[];
  paylines: number[];
  sort: string | null;
}

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .slice(0, 100);

export function readFilter(search: URLSearchParams): FilterState {
  const sort = search.get('sort');
  return {
    text: [...(search.get('q') ?? '')].slice(0, MAX_FILTER_TEXT).join(''),
    providers: list(search.get('providers')),
    features: list(search.get('features')),
    themes: list(search.get('themes')),
    paylines: list(search.get('paylines'))
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
    sort: SORTS.find((s) => s.value === sort || s.formerly === sort)?.value ?? null,
  };
}

/** The address's search part for a state (empty parts left out, so a plain page keeps a plain address). */
export function writeFilter(
  state: FilterState,
  keep: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const out = new URLSearchParams(keep);
  const set = (key: string, value: string) => (value ? out.set(key, value) : out.delete(key));
  set('q', state.text.trim());
  set('providers', state.providers.join(','));
  set('features', state.features.join(','));
  set('themes', state.themes.join(','));
  set('paylines', state.paylines.join(','));
  set('sort', state.sort ?? '');
  return out;
}

/** The gateway's filter and sort for a page: the page's own filter, narrowed by the filter bar's. */
export function gameQueryOf(
  base: GameFilter,
  baseSort: GameSort | null,
  state: FilterState,
): { filter: GameFilter; sort: GameSort | null } {
  const filter: GameFilter = { ...base };
  if (state.text.trim()) filter.text = state.text.trim();
  if (state.providers.length > 0 && !base.provider) filter.providers = state.providers;
  if (state.features.length > 0) filter.features = state.features;
  if (state.themes.length > 0) filter.themes = state.themes;
  if (state.paylines.length > 0) filter.paylines = state.paylines;
  const sort = SORTS.find((s) => s.value === state.sort)?.sort ?? baseSort;
  return { filter, sort };
}
