import { useEffect } from 'react';
import { HYDRATED_EVENT } from '../shared/page-events';

/**
 * Says on `window` that the app has rendered (or hydrated) its first screen (shared/page-events.ts). The server
 * renders it too, beside the app as the browser does: React's `useId` numbers by the tree's shape, and an id must
 * be the same in the server's markup and in the render that hydrates it (a label's `for`, a tab's
 * `aria-controls`).
 */
export function Announce() {
  useEffect(() => {
    // Also a User Timing mark: the bench reads the hydration's work between the two marks from the page's trace.
    performance.mark(HYDRATED_EVENT);
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return null;
}
