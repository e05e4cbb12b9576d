import { lazy, Suspense, useEffect } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useLocation, useNavigate } from 'react-router';
import type { ModalHost_query$key } from '../../__generated__/ModalHost_query.graphql';
import type { AuthMode } from './modal-store';
import { isModalName, openModal, PLAYER_MODALS, useOpenModal, type ModalName } from './modal-store';

// Each modal is its own chunk, loaded when it first opens.
const AuthModal = lazy(() => import('../../features/auth/AuthModal'));
const AlertModal = lazy(() => import('../../features/notices/AlertModal'));
const MaintenanceModal = lazy(() => import('../../features/notices/MaintenanceModal'));
const AppVersionModal = lazy(() => import('../../features/notices/AppVersionModal'));
const TermsModal = lazy(() => import('../../features/notices/TermsModal'));
const EmailVerifiedModal = lazy(() => import('../../features/notices/EmailVerifiedModal'));
const OnboardingModal = lazy(() => import('../../features/notices/OnboardingModal'));
const ComingSoonModal = lazy(() => import('../../features/notices/ComingSoonModal'));
const GamePlayModal = lazy(() => import('../../features/play/GamePlayModal'));
const WalletModal = lazy(() => import('../../features/cashier/WalletModal'));
const TransactionsModal = lazy(() => import('../../features/cashier/TransactionsModal'));
const CouponModal = lazy(() => import('../../features/coupons/CouponModal'));
const WageringModal = lazy(() => import('../../features/coupons/WageringModal'));
const ProfileModal = lazy(() => import('../../features/profile/ProfileModal'));
const LoyaltyModal = lazy(() => import('../../features/loyalty/LoyaltyModal'));
const NotificationsModal = lazy(() => import('../../features/notifications/NotificationsModal'));
const TournamentsModal = lazy(() => import('../../features/tournaments/TournamentsModal'));

const AUTH_MODES: readonly string[] = ['login', 'registration', 'reset'];

/**
 * Shows the open modal. A guest who opens a player's modal (wallet, coupon, ...) gets the login modal instead.
 * `?modal=<name>` in the address opens that modal (for auth, `&mode=registration` or `reset`; for tournaments,
 * `&tournament=<id>`), then leaves the address as it was without it.
 */
export function ModalHost({ query }: { query: ModalHost_query$key }) {
  const data = useFragment(
    graphql`
      fragment ModalHost_query on Query {
        viewer {
          id
        }
        site {
          maintenance {
            enabled
            message
          }
          appVersion
          terms {
            version
            text
          }
          singleSignOn {
            enabled
            loginUrl
            signupUrl
          }
        }
      }
    `,
    query,
  );
  const open = useOpenModal();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const name = params.get('modal');
    if (!isModalName(name)) return;
    const mode = params.get('mode');
    // ?modal=tournaments&tournament=<id> opens that tournament in the modal.
    const tournament = name === 'tournaments' ? params.get('tournament') : null;
    openModal(name, {
      ...(mode && AUTH_MODES.includes(mode) ? { mode } : {}),
      ...(tournament ? { tournament } : {}),
    });
    params.delete('modal');
    params.delete('mode');
    if (tournament) params.delete('tournament');
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { replace: true, preventScrollReset: true },
    );
  }, [location.search, location.pathname, navigate]);

  if (!open) return null;
  const signedIn = data.viewer !== null;
  const name = PLAYER_MODALS.has(open.name) && !signedIn ? 'auth' : open.name;
  const site = data.site;
  return <Suspense fallback={null}>{render(name, open.params)}</Suspense>;

  function render(modal: ModalName, params: Record<string, string>) {
    switch (modal) {
      case 'auth':
        return (
          <AuthModal
            mode={(AUTH_MODES.includes(params.mode ?? '') ? params.mode : 'login') as AuthMode}
            sso={site?.singleSignOn ?? { enabled: false, loginUrl: null, signupUrl: null }}
          />
        );
      case 'alert':
        return <AlertModal title={params.title ?? 'Something went wrong'} message={params.message ?? ''} />;
      case 'maintenance':
        return (
          <MaintenanceModal
            message={site?.maintenance.message ?? 'PlayLive is being updated. Please try again shortly.'}
          />
        );
      case 'app-version':
        return <AppVersionModal version={site?.appVersion ?? ''} />;
      case 'terms':
        return site?.terms ? (
          <TermsModal version={site.terms.version} text={site.terms.text} />
        ) : (
          <ComingSoonModal title="Terms and conditions" about="Our terms could not be loaded right now." />
        );
      case 'email-verified':
        return <EmailVerifiedModal />;
      case 'onboarding':
        return <OnboardingModal />;
      case 'game':
        return params.code || params.gameId ? (
          <GamePlayModal
            {...(params.code ? { code: params.code } : {})}
            {...(params.gameId ? { gameId: params.gameId } : {})}
            demo={params.demo === 'true'}
          />
        ) : (
          <AlertModal title="Choose a game" message="Pick a game from the lobby to play it." />
        );
      case 'wallet':
        return <WalletModal params={params} />;
      case 'transactions':
        return <TransactionsModal params={params} />;
      case 'coupon':
        return <CouponModal params={params} />;
      case 'wagering':
        return <WageringModal params={params} />;
      case 'profile':
        return <ProfileModal params={params} />;
      case 'loyalty':
        return <LoyaltyModal params={params} />;
      case 'notifications':
        return <NotificationsModal params={params} />;
      case 'tournaments':
        return <TournamentsModal params={params} />;
    }
  }
}
