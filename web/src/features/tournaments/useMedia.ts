import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, following it as the window changes. On the server (and in the first render that
 * hydrates its markup) it does not match: the desktop layout, which a phone then swaps for its own.
 */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (change) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', change);
      return () => list.removeEventListener('change', change);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
