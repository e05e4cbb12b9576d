import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './ScrollRow.module.css';

/** How far an arrow scrolls the row (docs/rules.md#constants). */
export const SCROLL_STEP_PX = 200;

/**
 * A horizontal row that scrolls on its own: its edges fade where more is hidden, and arrow buttons (shown only
 * where there is more) scroll it 200 px.
 */
export function ScrollRow({
  label,
  list = false,
  children,
}: {
  label: string;
  /** The row is a list (a ul whose children are li). */
  list?: boolean;
  children: ReactNode;
}) {
  const row = useRef<HTMLDivElement & HTMLUListElement>(null);
  const Row = list ? 'ul' : 'div';
  const [more, setMore] = useState({ left: false, right: false });

  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const measure = () =>
      setMore({ left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
    el.addEventListener('scroll', measure, { passive: true });
    // The observer's first call, at the next frame once the page is laid out, is the first measure: reading the
    // widths here, in the hydration's effects, made the browser lay the whole page out there and then
    // (docs/benchmarks.md#hydration-against-each-pages-floor).
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      resize.disconnect();
    };
  }, []);

  const scroll = (by: number) => row.current?.scrollBy({ left: by, behavior: 'smooth' });
  return (
    <div className={styles.wrap} data-more-left={more.left} data-more-right={more.right}>
      {more.left && (
        <button
          type="button"
          className={`${styles.arrow} ${styles.left}`}
          aria-label={`Scroll ${label} left`}
          onClick={() => scroll(-SCROLL_STEP_PX)}
        >
          ‹
        </button>
      )}
      <Row ref={row} className={styles.row}>
        {children}
      </Row>
      {more.right && (
        <button
          type="button"
          className={`${styles.arrow} ${styles.right}`}
          aria-label={`Scroll ${label} right`}
          onClick={() => scroll(SCROLL_STEP_PX)}
        >
          ›
        </button>
      )}
    </div>
  );
}
