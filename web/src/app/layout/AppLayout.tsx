import { lazy, Suspense, useEffect, useState } from 'react';
import {
  fetchQuery,
  graphql,
  RelayEnvironmentProvider,
  usePreloadedQuery,
  useRelayEnvironment,
  type PreloadedQuery,
} from 'react-relay';
import { Outlet, useLoaderData, useRevalidator } from 'react-router';
import type { AppLayoutQuery as AppLayoutQueryType } from '../../__generated__/AppLayoutQuery.graphql';
import { usePendingGame, useQueryParameters, usePageViews, useSiteNotices } from '../effects';
import { useLinkNavigation } from '../link-navigation';
import { ModalHost } from '../modals/ModalHost';
import { configureErrorReporter } from '../third-party/error-reporter';
import { useLiveChat } from '../third-party/live-chat';
import { useTagManager } from '../third-party/tag-manager';
import { session } from '../../shared/session';
import { Button } from '../../ui/Button';
import { LayoutContext } from '../../shared/layout-context';
import { BreakGate } from '../../features/safer-gambling/BreakGate';
import { depositsPaused } from '../../features/safer-gambling/deposits-paused';
import styles from './AppLayout.module.css';
import { ConnectionNotice } from './ConnectionNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageScroll } from './PageScroll';
import { SideMenu } from './SideMenu';

// The phone menu's dialog code loads when the menu is first opened.
const Drawer = lazy(() => import('./Drawer'));
// A player's live events (balance, loyalty, notifications); guests never load it.
const ViewerEvents = lazy(() => import('../../features/live/ViewerEvents'));

export const AppLayoutQuery = graphql`
  query AppLayoutQuery {
    viewer {
      id
      onboardingSeen
      account {
        id
        emailVerified
      }
      safeGambling {
        restriction {
          endsAt
        }
      }
    }
    site {
      alternateRoutes
      appVersion
      tagManagerId
      tagManagerUrl
      liveChat {
        enabled
        scriptUrl
        licenseId
      }
      supportEmail
      supportPhone
      errorReporter {
        dsn
        sampleRate
      }
      maintenance {
        enabled
      }
      promotionPages {
        key
        path
        enabled
        requiresSignIn
      }
    }
    ...Header_query
    ...ModalHost_query
    ...BreakGate_query
  }
`;

/**
 * The layout of every screen: header, side menu (a drawer below 600 px), the screen, the footer, and the modals.
 * Its data (who is signed in, the site's settings) is one query, loaded by the root route before it renders.
 */
export function AppLayout() {
  const ref = useLoaderData() as PreloadedQuery<AppLayoutQueryType>;
  const revalidator = useRevalidator();
  // Renders again on every sign-in and sign-out: the data shown is then an earlier session's, loaded again here
  // (and again if a navigation overtakes that load).
  session.useChanges();
  const stale = !session.shows(ref);
  useEffect(() => {
    if (stale && revalidator.state === 'idle') void revalidator.revalidate();
  }, [stale, revalidator]);
  return (
    <RelayEnvironmentProvider environment={ref.environment}>
      <Layout queryRef={ref} />
    </RelayEnvironmentProvider>
  );
}

function Layout({ queryRef }: { queryRef: PreloadedQuery<AppLayoutQueryType> }) {
  const data = usePreloadedQuery<AppLayoutQueryType>(AppLayoutQuery, queryRef);
  const environment = useRelayEnvironment();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Signed in while this tab's session holds a token (a refused one signs out: shared/session.ts), even when the
  // casino could not give the player's account just now (docs/rules.md#sign-in-and-sessions). A sign-out, here or
  // in another tab, hides the player's data at once, before the guest's data has loaded.
  const signedIn = session.signedIn();
  const viewer = signedIn ? (data.viewer ?? null) : null;
  const site = data.site ?? null;
  const accountMissing = signedIn && !viewer?.account;
  const retryAccount = () =>
    fetchQuery(environment, AppLayoutQuery, {}, { fetchPolicy: 'network-only' }).subscribe({});

  useLinkNavigation();
  useQueryParameters(viewer ? { emailVerified: viewer.account?.emailVerified === true } : null);
  usePageViews(Boolean(site?.tagManagerId));
  useTagManager(site ? { id: site.tagManagerId ?? null, scriptUrl: site.tagManagerUrl ?? null } : null);
  usePendingGame(signedIn);
  useLiveChat(
    site
      ? {
          enabled: site.liveChat.enabled,
          scriptUrl: site.liveChat.scriptUrl ?? null,
          licenseId: site.liveChat.licenseId ?? null,
        }
      : null,
  );
  const reporterDsn = site?.errorReporter?.dsn ?? null;
  const sampleRate = site?.errorReporter?.sampleRate ?? 0;
  useEffect(() => {
    configureErrorReporter(reporterDsn ? { dsn: reporterDsn, sampleRate } : null);
  }, [reporterDsn, sampleRate]);
  useSiteNotices({
    maintenance: site?.maintenance.enabled === true,
    appVersion: site?.appVersion ?? null,
    onboardingDue: viewer !== null && viewer.onboardingSeen === false,
  });

  return (
    <LayoutContext.Provider
      value={{
        signedIn,
        alternateRoutes: site?.alternateRoutes === true,
        promotionPages: site?.promotionPages ?? [],
        contact: site
          ? {
              liveChat: site.liveChat.enabled && Boolean(site.liveChat.scriptUrl),
              email: site.supportEmail ?? null,
              phone: site.supportPhone ?? null,
            }
          : null,
      }}
    >
      <a href="#content" className={styles.skip}>
        Skip to content
      </a>
      <Header query={data} onMenu={() => setDrawerOpen(true)} onRetryAccount={retryAccount} />
      <ConnectionNotice />
      <div className={styles.body}>
        <aside className={styles.side}>
          <SideMenu />
        </aside>
        <main id="content" className={styles.main} tabIndex={-1}>
          {accountMissing && (
            <div className={styles.accountNotice} role="status">
              <p>
                We could not load your account details just now. You are still signed in: your balance and
                games work as usual.
              </p>
              <Button variant="ghost" onClick={retryAccount}>
                Try again
              </Button>
            </div>
          )}
          <BreakGate query={data}>
            <Outlet />
          </BreakGate>
        </main>
      </div>
      <Footer signedIn={signedIn} />
      {drawerOpen && (
        <Suspense fallback={null}>
          <Drawer
            onClose={() => setDrawerOpen(false)}
            signedIn={viewer !== null}
            depositsPaused={depositsPaused(viewer?.safeGambling?.restriction)}
          />
        </Suspense>
      )}
      <ModalHost query={data} />
      <PageScroll />
      {viewer && (
        <Suspense fallback={null}>
          <ViewerEvents key={viewer.id} />
        </Suspense>
      )}
    </LayoutContext.Provider>
  );
}
