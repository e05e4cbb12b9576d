import { lazy, Suspense, useState } from 'react';
import styles from './FilterBar.module.css';

export interface MultiSelectProps {
  label: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  searchable?: boolean;
}

export const triggerClass = (count: number) => `${styles.control} ${count > 0 ? styles.active : ''}`;
export const triggerText = (label: string, count: number) => (count > 0 ? `${label} (${count})` : label);

const loadPopover = () => import('./MultiSelectPopover');
const MultiSelectPopover = lazy(loadPopover);

/**
 * A multi-select: a button naming the choice (with how many are chosen), and a popover of checkboxes. The popover's
 * code (Radix with its positioning and focus handling, about 60 kB) is not on the catalogue's first paint: it is
 * fetched when a pointer comes near or the button takes focus, and the popover opens on the first press.
 */
export function MultiSelect(props: MultiSelectProps) {
  const [reached, setReached] = useState(false);
  const count = props.selected.length;
  const button = (
    <button
      type="button"
      className={triggerClass(count)}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={() => setReached(true)}
    >
      {triggerText(props.label, count)}
    </button>
  );
  if (!reached) return button;
  return (
    <Suspense fallback={button}>
      <MultiSelectPopover {...props} defaultOpen />
    </Suspense>
  );
}
