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

/** The modals whose screens arrive with the money, reward and game screens: what each will hold. */
const COMING: Partial<Record<ModalName, [title: string, about: string]>> = {
  coupon: ['Redeem a coupon', 'Enter a bonus coupon code to add its bonus to your wallet.'],
  wallet: ['Cashier', 'Deposit and withdraw in rand, and see your money and bonus balances.'],
  wagering: ['Bonus wagering', 'How much is left to wager before your bonus becomes cash.'],
  profile: ['Your profile', 'Your name and contact details.'],
  notifications: ['Notifications', 'Messages about your account, bonuses and wins.'],
  transactions: ['Transactions', 'Every deposit, withdrawal, bet and win on your account.'],
  tournaments: ['Tournaments', 'Join tournaments and follow the leaderboards live.'],
  loyalty: ['Loyalty chests', 'Diamonds, tiers and the chests you can open.'],
};

const AUTH_MODES: readonly string[] = ['login', 'registration', 'reset'];

/**
 * Shows the open modal. A guest who opens a player's modal (wallet, coupon, ...) gets the login modal instead.
 * `?modal=<name>` in the address opens that modal (for auth, `&mode=registration` or `reset`), then leaves the
 * address as it was without it.
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
    openModal(name, mode && AUTH_MODES.includes(mode) ? { mode } : {});
    params.delete('modal');
    params.delete('mode');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
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
      default: {
        const [title, about] = COMING[modal] ?? ['PlayLive', ''];
        return <ComingSoonModal title={title} about={about} />;
      }
    }
  }
}
