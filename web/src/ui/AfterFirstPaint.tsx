import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children only after the first screen has painted, in a transition React can interrupt: sections
 * below the fold then stay out of the first render's long task (what Lighthouse counts as blocking time on a slow
 * phone), and a tap during their render is handled at once. Until then it holds a screen's height, so nothing
 * below it (the footer) moves into view and out again.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : <div style={{ minHeight: '100vh' }} />;
}
