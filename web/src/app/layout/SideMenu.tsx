import { openModal } from '../../shared/modals/modal-store';
import styles from './SideMenu.module.css';
import { SIDE_MENU } from './navigation';
import { NavLink } from '../../ui/Link';

/** The side menu's entries; the drawer on phones shows the same list. */
export function SideMenu({ onChoose }: { onChoose?: () => void }) {
  return (
    <nav aria-label="Main" className={styles.menu}>
      <ul>
        {SIDE_MENU.map((item) => (
          <li key={item.label}>
            {'to' in item ? (
              <NavLink
                to={item.to}
                className={({ isActive }) => `${styles.item} ${isActive ? styles.active : ''}`}
                onClick={onChoose}
              >
                {item.label}
              </NavLink>
            ) : (
              <button
                type="button"
                className={styles.item}
                onClick={() => {
                  onChoose?.();
                  openModal(item.modal);
                }}
              >
                {item.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
