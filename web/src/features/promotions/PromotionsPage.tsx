import { useEffect } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useLocation } from 'react-router';
import type { PromotionsPageQuery as PromotionsPageQueryType } from '../../__generated__/PromotionsPageQuery.graphql';
import { openAuth } from '../../shared/modals/modal-store';
import { useLayout } from '../../shared/layout-context';
import { Button, buttonClass } from '../../ui/Button';
import { BannerCarousel } from '../../shared/content/BannerCarousel';
import { Page } from '../../shared/page/Page';
import { ContentImage, POSTER } from '../../shared/content/ContentImage';
import { NewPromotions } from './NewPromotions';
import { PartError } from '../../shared/content/PartError';
import { PromotionCard } from './PromotionCard';
import { useRetry } from '../../shared/relay/useRetry';
import styles from './PromotionsPage.module.css';
import { Link } from '../../ui/Link';

export const PromotionsPageQuery = graphql`
  query PromotionsPageQuery @preloadable {
    viewer {
      id
    }
    site {
      timeZone
      promotionPages {
        key
        path
        enabled
        requiresSignIn
        title
        intro
        image
      }
    }
    promotions @catch(to: RESULT) {
      id
      title
      ...PromotionCard_promotion
    }
    newPromotions @catch(to: RESULT) {
      ...NewPromotions_promotions
    }
    promotionBanners(section: PROMOTIONS) {
      ...BannerCarousel_banners
    }
  }
`;

/** The first cards are above the fold on a desktop: their pictures load at once. */
const EAGER_CARDS = 3;

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<PromotionsPageQueryType>;
  return <Promotions queryRef={ref} />;
}

/**
 * /promotions: guests see the public promotions and an invitation to join for the players' ones; players see the
 * signed-in list (docs/rules.md#promotions-and-banners). Above them, what was just added (and for players, as on the
 * home page, the banner carousel); below, the seasonal pages that are on. The second route set's page is smaller:
 * the list alone, without pictures.
 */
function Promotions({ queryRef }: { queryRef: PreloadedQuery<PromotionsPageQueryType> }) {
  const data = usePreloadedQuery<PromotionsPageQueryType>(PromotionsPageQuery, queryRef);
  const { alternateRoutes } = useLayout();
  const { retry, retrying } = useRetry<PromotionsPageQueryType>(PromotionsPageQuery, {});
  const signedIn = data.viewer != null;
  const timeZone = data.site?.timeZone ?? 'Africa/Johannesburg';
  const promotions = data.promotions.ok ? (data.promotions.value ?? []) : null;
  const onPage = new Set(promotions?.map((p) => p.id));
  useScrollToHash(promotions !== null);

  const seasonal = (data.site?.promotionPages ?? []).filter(
    (page) => page.enabled && (signedIn || !page.requiresSignIn),
  );

  return (
    <Page
      title="Promotions"
      lead={
        signedIn
          ? 'Your offers at PlayLive, including the ones only players get.'
          : 'Offers for everyone at PlayLive. Players get more: join or log in to see them all.'
      }
      wide
      head={{ description: promotionsDescription(promotions?.map((p) => p.title) ?? []) }}
    >
      {signedIn && !alternateRoutes && data.promotionBanners && data.promotionBanners.length > 0 && (
        <BannerCarousel banners={data.promotionBanners} />
      )}
      {!alternateRoutes && data.newPromotions.ok && data.newPromotions.value && (
        <NewPromotions promotions={data.newPromotions.value} onPage={onPage} timeZone={timeZone} />
      )}
      {!signedIn && (
        <aside className={styles.invite} aria-labelledby="players-get-more">
          <div>
            <h2 id="players-get-more">Players get more</h2>
            <p>Join in 30 seconds for the welcome package and the promotions only players see.</p>
          </div>
          <div className={styles.inviteActions}>
            <Button variant="accent" onClick={() => openAuth('registration')}>
              Join now
            </Button>
            <Button variant="ghost" onClick={() => openAuth('login')}>
              Log in
            </Button>
          </div>
        </aside>
      )}
      <section aria-labelledby="all-promotions" className={styles.section}>
        <h2 id="all-promotions" className={styles.heading}>
          {signedIn ? 'Your promotions' : 'All promotions'}
        </h2>
        {promotions === null ? (
          <PartError message="We could not load the promotions just now." retry={retry} retrying={retrying} />
        ) : promotions.length === 0 ? (
          <div className={styles.empty}>
            <p>There are no promotions running right now. New offers land here first, so check back soon.</p>
            <Link to="/webplay/all" className={buttonClass('primary')}>
              Browse the games
            </Link>
          </div>
        ) : (
          <div className={styles.grid}>
            {promotions.map((p, i) => (
              <PromotionCard
                key={p.id}
                promotion={p}
                signedIn={signedIn}
                priority={i < EAGER_CARDS}
                compact={alternateRoutes}
              />
            ))}
          </div>
        )}
      </section>
      {seasonal.length > 0 && (
        <section aria-labelledby="seasonal" className={styles.section}>
          <h2 id="seasonal" className={styles.heading}>
            Seasonal promotions
          </h2>
          <ul className={styles.seasonal}>
            {seasonal.map((page) => (
              <li key={page.key}>
                <Link to={page.path} className={styles.seasonalLink}>
                  {!alternateRoutes && (
                    <ContentImage
                      src={page.image}
                      fallback={page.title ?? 'Promotion'}
                      size={POSTER.hero}
                      sizes="(max-width: 599px) 92vw, 600px"
                    />
                  )}
                  <span className={styles.seasonalText}>
                    <strong>{page.title ?? 'Seasonal promotion'}</strong>
                    {page.intro && <span>{page.intro}</span>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Page>
  );
}

/**
 * A link to a card (/promotions#weekly-cashback, as the banners and the backend's links give) lands on it once the
 * cards are there: the router does not scroll to a hash by itself.
 */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}

/** What a search result says of the promotions: the offers on now, by name. */
function promotionsDescription(titles: readonly string[]): string {
  const now = titles.length ? ` On now: ${titles.slice(0, 4).join(', ')}.` : '';
  return `Promotions at PlayLive Casino for South African players: the welcome package, weekly cashback and more.${now}`;
}
