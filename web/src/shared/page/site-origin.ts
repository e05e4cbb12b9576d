import { createContext } from 'react';

/**
 * The site's public origin, for canonical and Open Graph addresses: the browser's own, and on the server the one
 * the site server names (SITE_URL, else the request's). Placeholder in the contract's shape until helper seo's file
 * replaces it.
 */
export const SiteOriginContext = createContext<string>(
  typeof window === 'undefined' ? '' : window.location.origin,
);
