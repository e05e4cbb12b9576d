import { lazy, Suspense } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { Header_query$key } from '../../__generated__/Header_query.graphql';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { openAuth, openModal } from '../../shared/modals/modal-store';
import { useLayout } from '../../shared/layout-context';
import { usePendingCount } from '../../shared/pending';
import styles from './Header.module.css';
import { BellIcon, GiftIcon, MenuIcon } from './icons';
import { LoyaltyIcon } from '../../features/loyalty/LoyaltyIcon';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { depositsPaused } from '../../features/safer-gambling/deposits-paused';
import { Link } from '../../ui/Link';

// Players only: its menu code loads with the first signed-in header, not with every guest's page.
const AccountMenu = lazy(() => import('./AccountMenu'));
// Players only, and with its popover library (about 18 kB gzipped): loaded with the first signed-in header. Until it
// has, the pill and Deposit show without the breakdown (WalletFallback).
const WalletButtons = lazy(() =>
  import('../../features/cashier/BalanceBreakdown').then((m) => ({ default: m.WalletButtons })),
);

/**
 * The header: the menu button (phones), the logo, the loader while requests are pending, and either the guest's
 * log in / join, or the player's wallet (its balance breakdown and the Deposit button), notifications, promotions,
 * loyalty chest and account menu.
 */
export function Header({
  query,
  onMenu,
  onRetryAccount,
}: {
  query: Header_query$key;
  onMenu: () => void;
  /** Reads the player's account again, when it could not be read. */
  onRetryAccount: () => void;
}) {
  const data = useFragment(
    graphql`
      fragment Header_query on Query {
        viewer {
          id
          account {
            name
            welcomePackageExpired
          }
          wallet {
            combined {
              formatted
            }
            ...BalanceBreakdown_wallet
          }
          loyalty {
            enabled
            ...LoyaltyIcon_loyalty
          }
          safeGambling {
            restriction {
              endsAt
            }
          }
        }
        site {
          loyaltyEnabled
          welcomePackageEnabled
          wageringEnabled
        }
      }
    `,
    query,
  );
  const pending = usePendingCount();
  // Signed in means the session's token works, not that the account could be read (docs/rules.md#sign-in-and-sessions);
  // signed out, an earlier session's data still shown here until the guest's arrives is not shown.
  const { signedIn } = useLayout();
  const viewer = signedIn ? data.viewer : null;
  const account = viewer?.account ?? null;
  // Loyalty shows while the site has it on and the player's reward status is active (docs/rules.md#loyalty).
  const loyaltyOn = data.site?.loyaltyEnabled === true && viewer?.loyalty?.enabled !== false;
  // During a break (or a self-exclusion) the casino refuses deposits: no Deposit to press (docs/rules.md#safer-gambling).
  const paused = depositsPaused(viewer?.safeGambling?.restriction);

  // The promotions are one press away for everyone, on a phone too (a guest's reason to join, a player's offers).
  const promotions = (
    <Link to="/promotions" className={`${styles.icon} ${styles.promotions}`} aria-label="Promotions">
      <GiftIcon />
    </Link>
  );

  return (
    <header className={`${styles.header} ${signedIn ? styles.signedIn : ''}`}>
      <button type="button" className={styles.menuButton} aria-label="Open the menu" onClick={onMenu}>
        <MenuIcon />
      </button>
      <Link to="/" className={styles.logo} aria-label="PlayLive home">
        {/* A player's phone header shows the initials alone (the brand's mark), leaving room for what is theirs. */}
        P<span className={styles.tail}>lay</span>
        <span className={styles.live}>
          L<span className={styles.tail}>ive</span>
        </span>
      </Link>
      <div className={styles.loader} aria-live="polite">
        {pending > 0 && <Spinner label="Loading" />}
      </div>
      {signedIn ? (
        <div className={styles.player}>
          <Suspense
            fallback={
              <WalletFallback balance={viewer?.wallet?.combined.formatted ?? null} depositsPaused={paused} />
            }
          >
            <WalletButtons
              wallet={viewer?.wallet ?? null}
              classNames={{ pill: styles.wallet, deposit: styles.deposit }}
              depositsPaused={paused}
            />
          </Suspense>
          {viewer && (
            <NotificationBell
              viewerId={viewer.id}
              className={styles.icon}
              badgeClassName={styles.badge}
              icon={<BellIcon />}
            />
          )}
          {promotions}
          {loyaltyOn && viewer && <LoyaltyIcon loyalty={viewer.loyalty ?? null} className={styles.icon} />}
          <Suspense fallback={<span className={styles.account} aria-hidden="true" />}>
            <AccountMenu
              name={account?.name ?? null}
              onRetry={onRetryAccount}
              loyaltyOn={loyaltyOn}
              wageringOn={data.site?.wageringEnabled === true}
              welcomePackage={
                data.site?.welcomePackageEnabled === true && account?.welcomePackageExpired === false
              }
            />
          </Suspense>
        </div>
      ) : (
        <div className={styles.guest}>
          {promotions}
          <Button variant="ghost" onClick={() => openAuth('login')}>
            Log in
          </Button>
          <Button variant="accent" onClick={() => openAuth('registration')}>
            Join
          </Button>
        </div>
      )}
    </header>
  );
}

/** The wallet's pill and Deposit while the breakdown's code loads: the same look and names, each opening the cashier. */
function WalletFallback({ balance, depositsPaused }: { balance: string | null; depositsPaused: boolean }) {
  return (
    <>
      <button
        type="button"
        className={styles.wallet}
        onClick={() => openModal('wallet')}
        aria-label={`Wallet: ${balance ?? 'balance unavailable'}`}
      >
        {balance ?? '—'}
      </button>
      {!depositsPaused && (
        <button
          type="button"
          className={styles.deposit}
          onClick={() => openModal('wallet', { tab: 'deposit' })}
        >
          Deposit
        </button>
      )}
    </>
  );
}
