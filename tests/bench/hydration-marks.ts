/// <reference lib="dom" />
import { startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HYDRATED_EVENT, HYDRATING_EVENT } from '../../web/src/shared/page-events.js';

/*
 * The site's hydration marks (web/src/main.tsx, web/src/app/Announce.tsx), set by a floor's own script at the same
 * points, so the bench's hydrationWork (./thread-blocking.ts) reads the same window on a floor as on the site's
 * pages. The events go with the marks, as on the site: the page's starter (web/server/page-start.ts) listens for
 * them.
 */

/** In the root component: its effects run once the whole tree has hydrated, as the app's Announce does. */
export function useHydratedMark(): void {
  useEffect(() => {
    performance.mark(HYDRATED_EVENT);
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
}

/**
 * Hydrates `container` with `app` in a transition, as the site does. The mark is set in a task of its own, as the
 * site's is (after its modules have run and its data is read): hydrationWork counts every task the window touches
 * whole, so the task that marks holds nothing but the mark and hydrateRoot.
 */
export async function hydrateMarked(container: Element, app: ReactNode): Promise<void> {
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  performance.mark(HYDRATING_EVENT);
  window.dispatchEvent(new Event(HYDRATING_EVENT));
  startTransition(() => {
    hydrateRoot(container, app);
  });
}
