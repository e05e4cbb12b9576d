import { Link, useParams } from 'react-router';
import { buttonClass } from '../../ui/Button';
import { Page } from './Page';
import styles from './Page.module.css';

/**
 * A screen that is being built: titled (from the route and its address), inside the layout, and saying what it
 * will show, with a way on; never blank.
 */
export function PlaceholderPage({
  title,
  about,
}: {
  title: string | ((params: Record<string, string>) => string);
  about: string;
}) {
  const params = useParams() as Record<string, string>;
  const heading = typeof title === 'function' ? title(params) : title;
  return (
    <Page title={heading} lead={about}>
      <div className={styles.panel}>
        <p>This screen opens soon. Meanwhile, the games, promotions and tournaments are a click away.</p>
        <div className={styles.actions}>
          <Link to="/webplay/all" className={buttonClass('primary')}>
            All games
          </Link>
          <Link to="/promotions" className={buttonClass('ghost')}>
            Promotions
          </Link>
        </div>
      </div>
    </Page>
  );
}
