import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { openAuth, openModal, openModalWhenFree } from '../shared/modals/modal-store';
import { rememberAffiliate, rememberTrackingId } from '../shared/storage';
import { takePendingGame } from '../features/play/pending-game';
import { playGame } from '../features/play/play';

/*
 * What the site does on its own as the player moves around: the address's query parameters, the tag manager's page
 * views, and the notices the site's settings call for (docs/rules.md#routes-and-query-parameters).
 */

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** The build's version, compared with the one the site's settings announce. */
export const BUILD_VERSION: string = import.meta.env.VITE_APP_VERSION ?? '0.0.0';

/** Is `announced` newer than `loaded`? Dotted numbers compared part by part ("2.10.0" > "2.9.3"). */
export function isNewerVersion(announced: string, loaded: string): boolean {
  const a = announced.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const b = loaded.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return false;
}

/**
 * ?affid= or ?code= (the affiliate), ?tracking_id= (kept for registration), ?signup (opens registration for a
 * guest, then leaves the address: read once), ?play={game id} (the game modal starts it), ?email_verified (after a
 * second, the email-verified modal for a signed-in, verified player).
 */
export function useQueryParameters(viewer: { emailVerified: boolean } | null) {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = viewer !== null;
  const verified = viewer?.emailVerified === true;
  // The address this hook itself put in place of one with ?signup: its other parameters were read already.
  const withoutSignup = useRef<string | null>(null);
  useEffect(() => {
    if (withoutSignup.current === location.search) {
      withoutSignup.current = null;
      return;
    }
    withoutSignup.current = null;
    const params = new URLSearchParams(location.search);
    const affid = params.get('affid') ?? params.get('code');
    if (affid) rememberAffiliate(affid);
    const tracking = params.get('tracking_id');
    if (tracking) rememberTrackingId(tracking);
    if (params.has('signup') && !signedIn) openAuth('registration');
    const play = Number(params.get('play'));
    if (Number.isSafeInteger(play) && play > 0) playGame({ gameId: String(play) }, { demo: false, signedIn });
    // ?signup has done its part once registration has opened: left in the address it would open registration again
    // at the next sign-out (in place of the login dialog that says why a session ended), on a reload, in a link.
    if (params.has('signup')) {
      params.delete('signup');
      const rest = params.toString();
      withoutSignup.current = rest ? `?${rest}` : '';
      void navigate(
        { pathname: location.pathname, search: withoutSignup.current, hash: location.hash },
        { replace: true, preventScrollReset: true, state: location.state },
      );
    }
    if (params.has('email_verified') && signedIn && verified) {
      const timer = window.setTimeout(() => openModal('email-verified'), 1000);
      return () => window.clearTimeout(timer);
    }
  }, [location.search, signedIn, verified]);
}

/** Each page view, to the tag manager's data layer: the route's name (or its override) and the full path. */
export function usePageViews(enabled: boolean) {
  const location = useLocation();
  const matches = useMatches();
  const last = matches[matches.length - 1];
  const name = (last?.handle as { name?: string } | undefined)?.name ?? last?.id ?? 'unknown';
  useEffect(() => {
    if (!enabled) return;
    window.dataLayer ??= [];
    window.dataLayer.push({
      event: 'page_view',
      page_name: name,
      page_path: `${location.pathname}${location.search}${location.hash}`,
    });
  }, [enabled, name, location.pathname, location.search, location.hash]);
}

/** The maintenance notice, a newer version than this build, and the first-visit onboarding: each shown once. */
export function useSiteNotices(site: {
  maintenance: boolean;
  appVersion: string | null;
  onboardingDue: boolean;
}) {
  const shown = useRef(new Set<string>());
  const once = (key: string, show: () => void) => {
    if (shown.current.has(key)) return;
    shown.current.add(key);
    show();
  };
  useEffect(() => {
    if (site.maintenance) once('maintenance', () => openModal('maintenance'));
    else if (site.appVersion && isNewerVersion(site.appVersion, BUILD_VERSION))
      once(`version-${site.appVersion}`, () => openModalWhenFree('app-version'));
    else if (site.onboardingDue) once('onboarding', () => openModalWhenFree('onboarding'));
  }, [site.maintenance, site.appVersion, site.onboardingDue]);
}

/** The game a guest chose before signing in starts once they have (docs/rules.md#routes-and-query-parameters). */
export function usePendingGame(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    const game = takePendingGame();
    if (game) openModal('game', { ...game, demo: false });
  }, [signedIn]);
}
