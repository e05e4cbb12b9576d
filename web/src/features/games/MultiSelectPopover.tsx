import * as Popover from '@radix-ui/react-popover';
import { useId, useState } from 'react';
import styles from './FilterBar.module.css';
import { triggerClass, triggerText } from './MultiSelect';

import type { MultiSelectProps } from './MultiSelect';

/**
 * The multi-select's popover of checkboxes (with a search box when `searchable`), behind the button naming the
 * choice. Real checkboxes in a labelled group, so keyboard and screen readers work as they do everywhere. Loaded
 * only when a player first reaches for a filter (MultiSelect.tsx), then opened at once (`defaultOpen`).
 */
export default function MultiSelectPopover(props: MultiSelectProps & { defaultOpen?: boolean }) {
  const [search, setSearch] = useState('');
  const id = useId();
  const shown = props.searchable
    ? props.options.filter((o) => o.label.toLowerCase().includes(search.trim().toLowerCase()))
    : props.options;
  const toggle = (value: string) =>
    props.onChange(
      props.selected.includes(value) ? props.selected.filter((v) => v !== value) : [...props.selected, value],
    );
  const count = props.selected.length;
  return (
    <Popover.Root defaultOpen={props.defaultOpen} onOpenChange={(open) => !open && setSearch('')}>
      <Popover.Trigger className={triggerClass(count)}>{triggerText(props.label, count)}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.popover} align="start" sideOffset={6} aria-label={props.label}>
          {props.searchable && (
            <input
              className={styles.search}
              type="search"
              placeholder={`Search ${props.label.toLowerCase()}`}
              aria-label={`Search ${props.label.toLowerCase()}`}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
          <fieldset className={styles.options}>
            <legend className="visually-hidden">{props.label}</legend>
            {shown.length === 0 && <p className={styles.none}>Not found</p>}
            {shown.map((option) => (
              <label key={option.value} className={styles.option} htmlFor={`${id}-${option.value}`}>
                <input
                  id={`${id}-${option.value}`}
                  type="checkbox"
                  checked={props.selected.includes(option.value)}
                  onChange={() => toggle(option.value)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          {count > 0 && (
            <button type="button" className={styles.clear} onClick={() => props.onChange([])}>
              Clear {props.label.toLowerCase()}
            </button>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
