import { createContext, useContext } from 'react';

/**
 * The site's public origin (https://playlive.example): what canonical links, og:url and og:image are built from.
 * The server render provides it (the site server's SITE_URL, else the request's own origin). In the browser it
 * defaults to the origin of the canonical link the server wrote into the page, so the tags rendered after
 * hydration are the very ones the server sent (React adopts a hoisted tag only when its attributes match: a
 * different origin would add a second canonical); a page the server did not render uses the browser's own origin.
 */
export const SiteOriginContext = createContext<string>(browserOrigin());

export const useSiteOrigin = () => useContext(SiteOriginContext);

function browserOrigin(): string {
  if (typeof window === 'undefined') return '';
  const canonical = document.querySelector<HTMLLinkElement>('head > link[rel="canonical"]')?.href;
  if (canonical) {
    try {
      return new URL(canonical).origin;
    } catch {
      // A malformed link falls back to the address the page was opened at.
    }
  }
  return window.location.origin;
}
