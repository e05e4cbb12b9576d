import { useEffect, useRef, useState } from 'react';
import { useLowData } from './low-data';
import styles from './LowData.module.css';

/**
 * What this visit has fetched so far ("This visit: 84 kB"; docs/architecture.md#low-data-mode), in the footer and the
 * account menu. The counting (./meter.ts) is its own chunk, loaded once the meter is near the screen: none of it is
 * in the first screen's code (the browser's Resource Timing keeps what came before), and the server's page says only
 * that it is counting. A page in low-data mode has no code
 * until the player's first tap (web/server/page-start.ts), and says so.
 */
export function DataMeter({
  className,
  announce = true,
}: {
  className?: string;
  /** A status a screen reader hears as it changes; not in a menu, whose children are its items (the footer's is). */
  announce?: boolean;
}) {
  const [text, setText] = useState<string | null>(null);
  const lowData = useLowData();
  const element = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let mounted = true;
    const load = () =>
      void import('./meter')
        .then((meter) => {
          if (mounted) stop = meter.watchVisit(setText);
        })
        .catch(() => {
          // Its code could not be had (offline): the meter stays as it is.
        });
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        near.disconnect();
        load();
      },
      { rootMargin: '200px' },
    );
    if (element.current) near.observe(element.current);
    return () => {
      mounted = false;
      near.disconnect();
      stop?.();
    };
  }, []);
  return (
    // A status: a screen reader hears the figure when it changes (the meter updates at most once a second).
    <p ref={element} role={announce ? 'status' : undefined} className={`${styles.meter} ${className ?? ''}`}>
      {text ?? (lowData ? 'This visit: shown after your first tap' : 'This visit: counting…')}
    </p>
  );
}
