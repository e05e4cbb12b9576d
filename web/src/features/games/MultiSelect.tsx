import * as Popover from '@radix-ui/react-popover';
import { useId, useState } from 'react';
import styles from './FilterBar.module.css';

/**
 * A multi-select: a button naming the choice, and a popover of checkboxes (with a search box when `searchable`).
 * Real checkboxes in a labelled group, so keyboard and screen readers work as they do everywhere.
 */
export function MultiSelect(props: {
  label: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  searchable?: boolean;
}) {
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
    <Popover.Root onOpenChange={(open) => !open && setSearch('')}>
      <Popover.Trigger className={`${styles.control} ${count > 0 ? styles.active : ''}`}>
        {props.label}
        {count > 0 ? ` (${count})` : ''}
      </Popover.Trigger>
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
