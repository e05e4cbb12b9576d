import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useSearchParams } from 'react-router';
import type { FilterBar_query$key } from '../../__generated__/FilterBar_query.graphql';
import styles from './FilterBar.module.css';
import { MAX_FILTER_TEXT, readFilter, SORTS, writeFilter, type FilterState } from './filter-params';
import { MultiSelect, triggerClass, triggerText } from './MultiSelect';

/** Typing waits this long for a pause before the list follows, so it does not reload on every key. */
const TYPING_PAUSE_MS = 350;

/**
 * The filter bar above the catalogue: words, Providers, Features, Themes (searchable) and Paylines, and the sort.
 * Its state is the address (shared links, reload, back and forward); the page's loader reads it.
 *
 * On a phone the words stay in view and the rest folds behind one Filters button (a disclosure: the button says
 * how many choices narrow the list, and Escape folds it again), so the first games start near the top of the
 * screen. Which of the two a width shows is the stylesheet's call (FilterBar.module.css), not a reading of the
 * window while rendering: the server's HTML and the first client render must be the same.
 */
export function FilterBar({ query, hideProviders }: { query: FilterBar_query$key; hideProviders: boolean }) {
  const data = useFragment(
    graphql`
      fragment FilterBar_query on Query {
        gameProviders {
          product
          shortname
        }
        gameFilters {
          features
          themes
          paylines
        }
      }
    `,
    query,
  );
  const [search, setSearch] = useSearchParams();
  const state = readFilter(search);
  const [text, setText] = useState(state.text);
  const typing = useRef<number | null>(null);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // The address changed by other means (back, forward, a link): the box shows it.
  useEffect(() => setText(state.text), [state.text]);

  const apply = (next: Partial<FilterState>) =>
    // The games change below the bar; the page stays where the player is.
    setSearch(writeFilter({ ...readFilter(search), ...next }, search), { preventScrollReset: true });

  const onType = (value: string) => {
    setText(value);
    if (typing.current) window.clearTimeout(typing.current);
    // Each finished search is a step back and forward go through.
    typing.current = window.setTimeout(() => apply({ text: value }), TYPING_PAUSE_MS);
  };

  // The choices folded behind Filters on a phone that narrow the list, counted as each filter's button counts them
  // (the sort only orders, and the provider page's hidden provider filter is moot).
  const chosen =
    (hideProviders ? 0 : state.providers.length) +
    state.features.length +
    state.themes.length +
    state.paylines.length;
  // Any narrowing the player chose.
  const filtered = state.text.trim() !== '' || chosen > 0;
  const clear = () => {
    if (typing.current) window.clearTimeout(typing.current);
    setText('');
    apply({ text: '', providers: [], features: [], themes: [], paylines: [] });
  };

  const options = (values: readonly (string | number)[] | undefined) =>
    (values ?? []).map((v) => ({ value: String(v), label: String(v) }));

  // Escape folds the filters and gives focus back to their button; an Escape an open filter's popover took (it
  // closes that popover first) is not this one's.
  const onEscape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented || !open) return;
    e.preventDefault();
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div className={styles.bar} role="search" aria-label="Filter the games">
      <input
        className={styles.text}
        type="search"
        aria-label="Search games"
        placeholder="Search games"
        maxLength={MAX_FILTER_TEXT}
        value={text}
        onChange={(e) => onType(e.target.value)}
      />
      <button
        ref={toggle}
        type="button"
        className={`${triggerClass(chosen)} ${styles.toggle}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        onKeyDown={onEscape}
      >
        {triggerText('Filters', chosen)}
      </button>
      <div id={panelId} className={`${styles.panel} ${open ? styles.open : ''}`} onKeyDown={onEscape}>
        {!hideProviders && (
          <MultiSelect
            label="Providers"
            options={(data.gameProviders ?? []).map((p) => ({ value: p.product, label: p.shortname }))}
            selected={state.providers}
            onChange={(providers) => apply({ providers })}
          />
        )}
        <MultiSelect
          label="Features"
          options={options(data.gameFilters?.features)}
          selected={state.features}
          onChange={(features) => apply({ features })}
        />
        <MultiSelect
          label="Themes"
          searchable
          options={options(data.gameFilters?.themes)}
          selected={state.themes}
          onChange={(themes) => apply({ themes })}
        />
        <MultiSelect
          label="Paylines"
          options={options(data.gameFilters?.paylines)}
          selected={state.paylines.map(String)}
          onChange={(paylines) => apply({ paylines: paylines.map(Number) })}
        />
        <label className={styles.sortLabel}>
          <span className="visually-hidden">Sort</span>
          <select
            className={styles.control}
            value={state.sort ?? ''}
            onChange={(e) => apply({ sort: e.target.value || null })}
          >
            <option value="">Sort: default</option>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        {filtered && (
          <button type="button" className={`${styles.control} ${styles.clear}`} onClick={clear}>
            Clear filters
          </button>
        )}
      </div>
    </div>
  );
}
