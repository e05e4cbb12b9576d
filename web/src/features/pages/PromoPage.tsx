import { useLocation } from 'react-router';
import { useShell } from '../../app/shell';
import { Page } from './Page';
import NotFoundPage from './NotFoundPage';
import styles from './Page.module.css';

/**
 * An optional promotional page (/pumpkin-patch, /stocking-stash, /easter-promo, /predict-and-win): shown only while
 * its site flag is on, and only to signed-in players where it needs sign-in; not-found otherwise.
 */
export function Component() {
  const { pathname } = useLocation();
  const { promotionPages, signedIn } = useShell();
  const page = promotionPages.find((p) => p.path === pathname);
  if (!page || !page.enabled || (page.requiresSignIn && !signedIn)) return <NotFoundPage />;
  return (
    <Page title={page.title ?? 'Promotion'} {...(page.intro ? { lead: page.intro } : {})}>
      {page.body?.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
      {page.terms && (
        <div className={styles.panel}>
          <h2>Terms</h2>
          <p>{page.terms}</p>
        </div>
      )}
    </Page>
  );
}
