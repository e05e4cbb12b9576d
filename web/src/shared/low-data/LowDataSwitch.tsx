import { chooseLowData, useLowData } from './low-data';
import styles from './LowData.module.css';

/**
 * The player's low-data switch (docs/architecture.md#low-data-mode), in the footer: on when the player chose it or
 * their browser saves data; turning it either way is remembered for the next visits. Its `data-low-data` tells the
 * server page's starter (web/server/page-start.ts) that the page was rendered in low-data mode: the code then waits
 * for the player's first tap.
 */
export function LowDataSwitch() {
  const on = useLowData();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      data-low-data={on ? 'on' : 'off'}
      className={styles.switch}
      onClick={() => chooseLowData(!on)}
    >
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      Low-data mode
    </button>
  );
}
