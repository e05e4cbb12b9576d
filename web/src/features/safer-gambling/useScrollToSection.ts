import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * A link to one tool (/account/safer-gambling#take-a-break from the reality check, #deposit-limits from the
 * cashier) lands on its section once the page's data is there: the router does not scroll to a hash by itself.
 */
export function useScrollToSection(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}
