import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** The attribute ui/Link.tsx puts on its links: only they are followed within the app. */
const IN_APP = 'a[data-in-app]';

/** The link a click follows within the app, if any: a plain left click on one of the site's links, not yet handled. */
function followedLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(IN_APP) : null;
  if (!link || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  return link.origin === window.location.origin ? link : null;
}

/**
 * Follows the site's links (ui/Link.tsx) within the app, as React Router's Link does, from one click listener on
 * the document rather than one handler per link. The document hears a click last, after the link's own onClick
 * (closing a modal, say), which may still keep it from being followed by calling preventDefault. Following the
 * link to where the player already is replaces the history entry instead of adding one, as React Router's does.
 */
export function useLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = followedLink(event);
      if (!link) return;
      event.preventDefault();
      const to = link.pathname + link.search + link.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: to === here });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
