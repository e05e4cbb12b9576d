import { newsCategoryLabel } from './category-label';
import styles from './NewsPages.module.css';
import { NavLink } from '../../ui/Link';

/** All news, then each category the articles have, A to Z; the page being shown is marked current. */
export function CategoryNav({ categories }: { categories: readonly string[] }) {
  const sorted = [...new Set(categories)].sort();
  return (
    <nav aria-label="News categories" className={styles.nav}>
      <ul>
        <li>
          <NavLink to="/news" end className={styles.chip}>
            All news
          </NavLink>
        </li>
        {sorted.map((category) => (
          <li key={category}>
            <NavLink to={`/news/category/${encodeURIComponent(category)}`} className={styles.chip}>
              {newsCategoryLabel(category)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
