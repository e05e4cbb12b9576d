import { useEffect } from 'react';

const SCRIPT_ID = 'tag-manager-script';

/**
 * The tag manager, loaded once the site's settings give its container id and script: it reads the page views the
 * site pushes to `window.dataLayer` (usePageViews in app/effects.ts), those queued before it loaded too, so it can
 * wait until the browser is idle and never competes with the first screen. Without both settings nothing is
 * loaded, and nothing outside the site is contacted.
 */
export function useTagManager(settings: { id: string | null; scriptUrl: string | null } | null) {
  const id = settings?.id ?? null;
  const scriptUrl = settings?.scriptUrl ?? null;
  useEffect(() => {
    if (!id || !scriptUrl || document.getElementById(SCRIPT_ID)) return;
    let src: URL;
    try {
      src = new URL(scriptUrl, location.href);
    } catch {
      return; // Not an address: the page views stay in the data layer.
    }
    src.searchParams.set('id', id);
    const load = () => {
      if (document.getElementById(SCRIPT_ID)) return;
      // The start event a tag manager's own snippet pushes before its script loads.
      (window.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      const script = document.createElement('script');
      script.id = SCRIPT_ID;
      script.src = src.href;
      script.async = true;
      document.head.append(script);
    };
    if (typeof requestIdleCallback !== 'function') return load();
    const idle = requestIdleCallback(load, { timeout: 3000 });
    return () => cancelIdleCallback(idle);
  }, [id, scriptUrl]);
}
