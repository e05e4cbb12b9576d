import { Button } from '../../ui/Button';
import { openAuth } from '../../shared/modals/modal-store';
import styles from './Footer.module.css';
import { FOOTER_LINKS } from './navigation';
import { Link } from '../../ui/Link';
import { DataMeter } from '../../shared/low-data/DataMeter';
import { LowDataSwitch } from '../../shared/low-data/LowDataSwitch';

/**
 * The footer: links, JOIN NOW for guests, the low-data switch and the visit's data meter (docs/architecture.md#low-data-mode),
 * the licence, the 18+ mark, the operator and the catalogue's size.
 */
export function Footer({ signedIn }: { signedIn: boolean }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.top}>
        <nav aria-label="Site">
          <ul className={styles.links}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            {/* A player's own limits and breaks (docs/rules.md#safer-gambling); a guest reads Responsible gambling. */}
            {signedIn && (
              <li>
                <Link to="/account/safer-gambling">Safer gambling</Link>
              </li>
            )}
          </ul>
        </nav>
        {!signedIn && (
          <Button variant="accent" onClick={() => openAuth('registration')}>
            JOIN NOW
          </Button>
        )}
      </div>
      <div className={styles.data}>
        <LowDataSwitch />
        <DataMeter />
      </div>
      <div className={styles.bottom}>
        <span className={styles.badge} title="Licensed in Curacao">
          Licensed · Curaçao eGaming
        </span>
        <span className={styles.adult} aria-label="18 or older only">
          18+
        </span>
        <p className={styles.claim}>About 350 slots, live tables and tournaments, in rand.</p>
        <p className={styles.legal}>
          © {new Date().getFullYear()} PlayLive is operated by PlayLive Entertainment N.V. under a Curaçao
          gaming licence. Gambling can be addictive: play responsibly. Help: 0800 006 008.
        </p>
      </div>
    </footer>
  );
}
