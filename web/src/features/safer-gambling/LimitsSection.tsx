import type { ReactNode } from 'react';
import styles from './limits.module.css';

/**
 * One of the Safer gambling page's tools: a section named by its heading (a landmark a screen reader lists), with
 * the address's #id so a link can open the page at it.
 */
export function LimitsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={styles.section}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** What the casino's 24-hour cooling-off means, said beside every limit that has one. */
export function CoolingOff() {
  return (
    <p className={styles.coolingOff}>
      Setting a new limit or lowering one works at once. Raising or removing one takes 24 hours (a cooling-off
      period), so it is a decision you still agree with tomorrow.
    </p>
  );
}
