import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useSignOut } from '../../features/auth/useSignOut';
import { openModal } from '../../shared/modals/modal-store';
import { DataMeter } from '../../shared/low-data/DataMeter';
import { chooseLowData, useLowData } from '../../shared/low-data/low-data';
import { session } from '../../shared/session';
import styles from './Header.module.css';
import { Link } from '../../ui/Link';

/** The account dropdown (docs/rules.md#routes-and-query-parameters): its entries, the optional ones only when the site has them on. */
export default function AccountMenu(props: {
  /** The player's name; null when the account could not be read (the menu says so, with Try again). */
  name: string | null;
  onRetry: () => void;
  loyaltyOn: boolean;
  wageringOn: boolean;
  welcomePackage: boolean;
}) {
  const [signOut] = useSignOut();
  const leave = () => {
    // The session ends here at once; the gateway revokes it in the background.
    signOut({}).catch(() => {});
    session.signOut();
  };
  const initial = props.name?.trim().charAt(0).toUpperCase() || '?';
  const lowData = useLowData();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={`${styles.account} ${props.name === null ? styles.accountUnread : ''}`}
        aria-label={
          props.name === null
            ? 'Account menu: your account details could not be loaded'
            : `Account menu for ${props.name}`
        }
      >
        <span aria-hidden="true">{initial}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.dropdown} align="end" sideOffset={8}>
          {props.name === null ? (
            <>
              {/* Signed in all the same (docs/rules.md#sign-in-and-sessions): only the account's details are missing. */}
              <DropdownMenu.Label className={styles.dropdownNotice}>
                We could not load your account details just now.
              </DropdownMenu.Label>
              <DropdownMenu.Item className={styles.dropdownItem} onSelect={props.onRetry}>
                TRY AGAIN
              </DropdownMenu.Item>
              <DropdownMenu.Separator className={styles.separator} />
            </>
          ) : (
            <DropdownMenu.Label className={styles.dropdownLabel}>{props.name}</DropdownMenu.Label>
          )}
          <DropdownMenu.Item className={styles.dropdownItem} onSelect={() => openModal('profile')}>
            PROFILE
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.dropdownItem} asChild>
            {/* FICA verification: the documents the casino needs before a first withdrawal (docs/rules.md#know-your-player). */}
            <Link to="/account/verification">VERIFY ACCOUNT</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.dropdownItem} onSelect={() => openModal('coupon')}>
            REDEEM COUPON
          </DropdownMenu.Item>
          {props.wageringOn && (
            <DropdownMenu.Item className={styles.dropdownItem} onSelect={() => openModal('wagering')}>
              BONUS WAGERING
            </DropdownMenu.Item>
          )}
          {props.loyaltyOn && (
            <DropdownMenu.Item className={styles.dropdownItem} onSelect={() => openModal('loyalty')}>
              LOYALTY CHESTS
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={styles.dropdownItem} onSelect={() => openModal('tournaments')}>
            TOURNAMENTS
          </DropdownMenu.Item>
          {props.welcomePackage && (
            <DropdownMenu.Item className={styles.dropdownItem} asChild>
              {/* The welcome offer on the promotions page (its promotion links to this anchor). */}
              <Link to="/promotions#welcome-package">WELCOME PACKAGE</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={styles.dropdownItem} asChild>
            {/* Limits, breaks, self-exclusion and the activity statement (docs/rules.md#safer-gambling). */}
            <Link to="/account/safer-gambling">SAFER GAMBLING</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={styles.separator} />
          {/* docs/architecture.md#low-data-mode: the same switch and meter as the footer's; the menu stays open. */}
          <DropdownMenu.CheckboxItem
            className={`${styles.dropdownItem} ${styles.dropdownCheck}`}
            checked={lowData}
            onCheckedChange={(on) => chooseLowData(on === true)}
            onSelect={(event) => event.preventDefault()}
          >
            LOW-DATA MODE
            <span className={styles.dropdownCheckMark} aria-hidden="true">
              {lowData ? 'On' : 'Off'}
            </span>
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Label className={styles.dropdownLabel}>
            <DataMeter announce={false} />
          </DropdownMenu.Label>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.dropdownItem} onSelect={leave}>
            SIGN OUT
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
