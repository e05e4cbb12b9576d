import { useEffect, useLayoutEffect, useRef } from 'react';
import { ScrollRestoration, useLocation, useNavigationType } from 'react-router';

/** How long a return waits for its page to grow tall enough before giving up. */
const RETURN_WAIT_MS = 3000;
/** What a player does to scroll by themselves: the page then stops trying to put them back. */
const PLAYER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Where the page is scrolled as the player moves around: a new page opens at its top, and back or forward return to
 * the place the player left (React Router's ScrollRestoration). Changes of the address's query alone (a modal, the
 * filter) keep the place: those navigations pass preventScrollReset.
 *
 * One thing ScrollRestoration cannot do: on a return, parts of a page may render a moment later (home's sections
 * after the first paint, a screen's data), so the page is too short for the place and the browser stops short.
 * This remembers each place itself and, on a return, keeps trying while the page grows, until the place is reached,
 * the player scrolls by themselves, or RETURN_WAIT_MS passes.
 */
export function PageScroll() {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const places = useRef(new Map<string, number>());
  const current = useRef(key);

  useEffect(() => {
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => places.current.set(current.current, window.scrollY));
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      window.removeEventListener('scroll', remember);
      cancelAnimationFrame(frame);
    };
  }, []);

  // A layout effect, so that the scroll a navigation causes is remembered for the new page, not the one left; it
  // runs after ScrollRestoration's own (a child's), so it sees whether that reached the place.
  useLayoutEffect(() => {
    current.current = key;
    const place = navigationType === 'POP' ? places.current.get(key) : undefined;
    if (place === undefined || Math.abs(window.scrollY - place) <= 1) return;
    const root = document.documentElement;
    const growing = new ResizeObserver(() => {
      window.scrollTo(0, place);
      if (root.scrollHeight - window.innerHeight >= place) stop();
    });
    const stop = () => {
      growing.disconnect();
      window.clearTimeout(timer);
      for (const type of PLAYER_INPUT) window.removeEventListener(type, stop);
    };
    const timer = window.setTimeout(stop, RETURN_WAIT_MS);
    for (const type of PLAYER_INPUT) window.addEventListener(type, stop, { passive: true });
    growing.observe(document.body);
    return stop;
  }, [key, navigationType]);

  return <ScrollRestoration />;
}
