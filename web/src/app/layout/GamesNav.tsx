import { NavLink } from 'react-router';
import { ScrollRow } from '../../ui/ScrollRow';
import styles from './GamesNav.module.css';
import { GAMES_NAV } from './navigation';

/** The games navigation: one row that scrolls sideways on its own (with arrows) where it does not fit. */
export function GamesNav() {
  return (
    <nav aria-label="Games" className={styles.nav}>
      <ScrollRow label="the games navigation">
        {GAMES_NAV.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
          >
            {item.label}
          </NavLink>
        ))}
      </ScrollRow>
    </nav>
  );
}
