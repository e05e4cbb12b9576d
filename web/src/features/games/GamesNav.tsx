import { ScrollRow } from '../../ui/ScrollRow';
import styles from './GamesNav.module.css';
import { NavLink } from '../../ui/Link';

/** The games navigation above the catalogue. */
export const GAMES_NAV: readonly { label: string; to: string }[] = [
  { label: 'Game Providers', to: '/webplay/game-providers' },
  { label: 'Favorites', to: '/webplay/favourites' },
  { label: 'All Games', to: '/webplay/all' },
  { label: 'New Games', to: '/webplay/new-games' },
  { label: 'Slot Games', to: '/webplay/category/slots' },
  { label: 'Live Casino', to: '/webplay/live-casino' },
  { label: 'Table Games', to: '/webplay/category/table-games' },
  { label: 'Top Games', to: '/webplay/subgroup/top' },
];

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
