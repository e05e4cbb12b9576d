import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { BelowFold } from '../low-data/below-fold';
import { renderContext } from '../render-context';

/**
 * Renders its children only after the first screen has painted, in a transition React can interrupt: sections
 * below the fold then stay out of the first render's long task (what Lighthouse counts as blocking time on a slow
 * phone), and a tap during their render is handled at once. Until then it holds a screen's height, so nothing
 * below it (the footer) moves into view and out again.
 *
 * A page the server renders has them at once (docs/architecture.md#server-rendering): they are in its HTML for a
 * reader and a search engine, and the hydrating render only adopts that markup. Building them in the browser after
 * hydration instead would create and lay out every node of them again, the largest task of a phone's start.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  // Set on the server and in a tab that hydrated the server's markup (its later renders are transitions too); unset
  // in a tab the browser renders from scratch (a player's).
  const [ready, setReady] = useState(() => renderContext() !== undefined);
  useEffect(() => {
    if (!ready) startTransition(() => setReady(true));
  }, [ready]);
  // Below the first screen: in low-data mode their art waits for the app (shared/low-data/below-fold.ts).
  return ready ? (
    <BelowFold.Provider value={true}>{children}</BelowFold.Provider>
  ) : (
    <div style={{ minHeight: '100vh' }} />
  );
}
