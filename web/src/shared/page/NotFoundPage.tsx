import { buttonClass } from '../../ui/Button';
import { markNotFound } from '../render-context';
import { Page } from './Page';
import styles from './Page.module.css';
import { Link } from '../../ui/Link';

/** Any unknown address, and a guest on a player's page (which says no more than "not found"). */
export default function NotFoundPage() {
  // Served from the server, the page answers 404 (search engines drop the address; docs/architecture.md).
  markNotFound();
  return (
    <Page
      title="Page not found"
      lead="We could not find that page. It may have moved, or the link may be wrong."
    >
      <div className={styles.actions}>
        <Link to="/" className={buttonClass('primary')}>
          Go to the home page
        </Link>
        <Link to="/webplay/all" className={buttonClass('ghost')}>
          Browse all games
        </Link>
        <Link to="/help" className={buttonClass('ghost')}>
          Help and contact
        </Link>
      </div>
    </Page>
  );
}

export const Component = NotFoundPage;
