import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useLocation } from 'react-router';
import type { PromoPageQuery as PromoPageQueryType } from '../../__generated__/PromoPageQuery.graphql';
import { openAuth, openModal } from '../../shared/modals/modal-store';
import { Button, buttonClass } from '../../ui/Button';
import { ContentImage, POSTER } from '../../shared/content/ContentImage';
import NotFoundPage from '../../shared/page/NotFoundPage';
import { Page } from '../../shared/page/Page';
import styles from '../../shared/page/Page.module.css';
import promo from './PromoPage.module.css';
import { Link } from '../../ui/Link';

export const PromoPageQuery = graphql`
  query PromoPageQuery @preloadable {
    viewer {
      id
    }
    site {
      promotionPages {
        key
        path
        enabled
        requiresSignIn
        title
        intro
        body
        image
        terms
      }
    }
  }
`;

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<PromoPageQueryType>;
  return <PromoPage queryRef={ref} />;
}

/**
 * An optional promotional page (/pumpkin-patch, /stocking-stash, /easter-promo, /predict-and-win) with its content:
 * shown only while its site flag is on, and only to players where it needs sign-in; not found otherwise
 * (docs/rules.md#promotional-pages-and-site-flags). Signing in here keeps the player here.
 */
function PromoPage({ queryRef }: { queryRef: PreloadedQuery<PromoPageQueryType> }) {
  const data = usePreloadedQuery<PromoPageQueryType>(PromoPageQuery, queryRef);
  const { pathname } = useLocation();
  const signedIn = data.viewer != null;
  const page = data.site?.promotionPages.find((p) => p.path === pathname.replace(/\/+$/, ''));
  if (!page || !page.enabled || (page.requiresSignIn && !signedIn)) return <NotFoundPage />;
  const title = page.title ?? 'Promotion';
  return (
    <Page
      title={title}
      {...(page.intro ? { lead: page.intro } : {})}
      head={{
        description:
          page.intro ?? `${title}: a seasonal promotion at PlayLive Casino for South African players.`,
        image: page.image,
      }}
    >
      <div className={promo.hero}>
        <ContentImage
          src={page.image}
          fallback={title}
          size={POSTER.hero}
          sizes="(max-width: 599px) 92vw, 860px"
          priority
        />
      </div>
      <div className={promo.body}>
        {page.body
          ?.split(/\n{2,}/)
          .filter((paragraph) => paragraph.trim() !== '')
          .map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
      </div>
      <div className={styles.actions}>
        {signedIn ? (
          <>
            <Button variant="accent" onClick={() => openModal('wallet')}>
              Deposit now
            </Button>
            <Link to="/webplay/all" className={buttonClass('ghost')}>
              Browse the games
            </Link>
          </>
        ) : (
          <>
            <Button variant="accent" onClick={() => openAuth('registration')}>
              Join to take part
            </Button>
            <Button variant="ghost" onClick={() => openAuth('login')}>
              Log in
            </Button>
          </>
        )}
      </div>
      {page.terms && (
        <section className={`${styles.panel} ${promo.terms}`} aria-labelledby="promo-terms">
          <h2 id="promo-terms">Terms and conditions</h2>
          <p>{page.terms}</p>
        </section>
      )}
      <p className={promo.more}>
        <Link to="/promotions">See every promotion</Link>
      </p>
    </Page>
  );
}
