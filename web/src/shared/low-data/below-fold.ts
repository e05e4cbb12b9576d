import { createContext, useContext, useSyncExternalStore } from 'react';
import { useLowData } from './low-data';

/**
 * Marks the sections below a screen's first (shared/page/AfterFirstPaint.tsx). In low-data mode their art waits for
 * the app (docs/architecture.md#low-data-mode): a server page in that mode runs no code until the player's first tap
 * (web/server/page-start.ts), and the browser would otherwise fetch the art of every tile within a few screens of
 * the top, lazy or not, most of a first visit's bytes. The tiles show their names meanwhile.
 */
export const BelowFold = createContext(false);

const noChange = () => () => {};

/** Whether this picture waits: low-data mode, below the first screen, and the app has not taken the page over yet. */
export function useArtWaits(): boolean {
  const below = useContext(BelowFold);
  const lowData = useLowData();
  const mayWait = below && lowData;
  // False on the server and while hydrating its markup, true once the app renders the page itself. Outside low-data
  // mode both snapshots are false: a tile then has no reason to render again right after hydrating (a screen has
  // dozens of tiles, and that second render was part of the app's hydration).
  const app = useSyncExternalStore(
    noChange,
    () => mayWait,
    () => false,
  );
  return mayWait && !app;
}
