import { NavLink } from 'react-router';
import styles from './GamesNav.module.css';
import { GAMES_NAV } from './navigation';

/** The games navigation: a row that scrolls sideways on its own on phones, never the page. */
export function GamesNav() {
  return (
    <nav aria-label="Games" className={styles.nav}>
      {GAMES_NAV.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
        >
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
