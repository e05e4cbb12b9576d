import { Suspense, useEffect, useState } from 'react';
import { graphql, useFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import type { HomePage_wins$key } from '../../__generated__/HomePage_wins.graphql';
import type { HomePageQuery as HomePageQueryType } from '../../__generated__/HomePageQuery.graphql';
import { openAuth } from '../../shared/modals/modal-store';
import { useLayout } from '../../shared/layout-context';
import { AfterFirstPaint } from '../../shared/page/AfterFirstPaint';
import { Button } from '../../ui/Button';
import { Page } from '../../shared/page/Page';
import { BannerCarousel } from '../../shared/content/BannerCarousel';
import { FeaturedSection, LiveCasinoSection, MostPopularSection } from './HomeSections';
import styles from './HomePage.module.css';
import { Link } from '../../ui/Link';

export const HomePageQuery = graphql`
  query HomePageQuery {
    viewer {
      id
    }
    welcomeOffer {
      bonusPercentage
      maxBonus {
        formatted
      }
    }
    promotionBanners(section: HOME) {
      ...BannerCarousel_banners
    }
    ...HomeSections_mostPopular
    ...HomeSections_featured
    ...HomeSections_liveCasino
    # The latest wins come from a call of their own that may be slow: the screen does not wait for them.
    ...HomePage_wins @defer(label: "HomeLatestWins")
  }
`;

/** The three weekly promotions every player can count on (docs/rules.md#constants). */
const FEATURES = [
  {
    id: 'weekly-cashback',
    heading: 'Weekly cashback',
    description: 'Get a share of your week’s losses back as cash every Monday. No wagering on the cashback.',
    link: '/promotions',
  },
  {
    id: 'same-day-payouts',
    heading: 'Same-day payouts',
    description: 'Withdraw before 1pm and the money is in your account the same day.',
    link: '/how-to',
  },
  {
    id: 'friday-cash-drop',
    heading: 'Friday cash drop',
    description: 'Every Friday from 8pm to 10pm we drop R1,000 to each of 20 players who are playing.',
    link: '/promotions',
  },
] as const;

const CALLS = ['SIGN UP NOW', 'IT ONLY TAKES 30 SECONDS!'] as const;

/**
 * The guest's hero (docs/rules.md#promotions-and-banners): the welcome offer as the casino states it
 * (Query.welcomeOffer), or a plain welcome while the site has the package switched off. The cap reads in whole rands
 * as shared/offers' headlineRands says it, written out here: importing that module would add a chunk to the first
 * visit's JavaScript (tests/e2e/bundle.test.ts).
 */
function GuestHero({ offer }: { offer: HomePageQueryType['response']['welcomeOffer'] }) {
  const [call, setCall] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setCall((c) => (c + 1) % CALLS.length), 2500);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <p className={styles.kicker}>{offer ? 'Welcome package' : 'PlayLive'}</p>
      <h2 id="hero-title" className={styles.heroTitle}>
        {offer ? (
          <>
            {offer.bonusPercentage}% bonus <span>up to {offer.maxBonus.formatted.replace(/\.00$/, '')}</span>
          </>
        ) : (
          'Join PlayLive'
        )}
      </h2>
      <p className={styles.heroText}>
        {offer && 'On your first deposit, when you ask for it. '}For new players aged 18 and over. Terms
        apply.
      </p>
      <Button variant="accent" className={styles.heroButton} onClick={() => openAuth('registration')}>
        {/* Every call is laid out in one cell and only the current one is visible: swapping them moves nothing (a
            text that changes in place, centred, counted as a layout shift on every swap). Hidden text is not in the
            accessibility tree, so the button's name and the live region read the current call alone. */}
        <span className={styles.calls} aria-live="polite">
          {CALLS.map((text, i) => (
            <span key={text} className={i === call ? undefined : styles.hiddenCall}>
              {text}
            </span>
          ))}
        </span>
      </Button>
    </section>
  );
}

function LatestWins({ query }: { query: HomePage_wins$key }) {
  const { latestWins } = useFragment(
    graphql`
      fragment HomePage_wins on Query {
        latestWins {
          id
          playerName
          amount {
            formatted
          }
          game {
            code
            name
          }
        }
      }
    `,
    query,
  );
  if (latestWins?.length === 0) return null;
  return (
    <section className={styles.wins} aria-labelledby="latest-wins">
      <h2 id="latest-wins" className={styles.sectionTitle}>
        Latest wins
      </h2>
      {/* Null when the casino's call failed (or never came: a deferred part cut off), as a failed home section
          says it (HomeSections.tsx). */}
      {!latestWins ? (
        <p className={styles.winsNotice}>The latest wins could not be loaded right now.</p>
      ) : (
        <ul className={styles.winList}>
          {latestWins.slice(0, 10).map((win) => (
            <li key={win.id}>
              <strong>{win.amount.formatted}</strong> {win.playerName}
              {win.game && (
                <>
                  {' '}
                  on <Link to={`/game/${encodeURIComponent(win.game.code)}`}>{win.game.name}</Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The latest wins while they come (deferred in HomePageQuery): the section's heading and ten lines of its list. */
function LatestWinsSkeleton() {
  return (
    <section className={styles.wins} aria-labelledby="latest-wins" aria-busy="true">
      <h2 id="latest-wins" className={styles.sectionTitle}>
        Latest wins
      </h2>
      <ul className={styles.winList}>
        {Array.from({ length: 10 }, (_, i) => (
          <li key={i}>
            <span className={styles.skeletonLine} style={{ width: `${70 - (i % 3) * 12}%` }}>
              {'\u00a0'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<HomePageQueryType>;
  return <Home queryRef={ref} />;
}

/**
 * Home: the guest's welcome offer (or the banners), the three game sections, the weekly promotions and the latest
 * wins; what is below the first section renders after the first paint. The second route set (the site's
 * alternateRoutes switch) has the smaller home: the offer or banners and the three game sections.
 */
function Home({ queryRef }: { queryRef: PreloadedQuery<HomePageQueryType> }) {
  const data = usePreloadedQuery<HomePageQueryType>(HomePageQuery, queryRef);
  const { alternateRoutes, signedIn } = useLayout();
  return (
    <Page
      title="PlayLive Casino"
      wide
      head={{
        description:
          'Online casino for South African players: slots, live casino, tournaments and same-day payouts in rand. 18+.',
        path: '/',
      }}
    >
      {/* Signed in by the token, not by whether the account could be read (docs/rules.md#sign-in-and-sessions). */}
      {signedIn ? (
        data.promotionBanners && <BannerCarousel banners={data.promotionBanners} />
      ) : (
        <GuestHero offer={data.welcomeOffer} />
      )}
      <MostPopularSection query={data} />
      <AfterFirstPaint>
        <FeaturedSection query={data} />
        <LiveCasinoSection query={data} />
        {!alternateRoutes && (
          <>
            <WeeklyFeatures />
            <Suspense fallback={<LatestWinsSkeleton />}>
              <LatestWins query={data} />
            </Suspense>
          </>
        )}
      </AfterFirstPaint>
    </Page>
  );
}

/** The three weekly promotions. */
function WeeklyFeatures() {
  return (
    <section aria-labelledby="weekly" className={styles.featuresSection}>
      <h2 id="weekly" className={styles.sectionTitle}>
        Every week at PlayLive
      </h2>
      <ul className={styles.features}>
        {FEATURES.map((f) => (
          <li key={f.id} id={f.id} className={styles.feature}>
            <h3>{f.heading}</h3>
            <p>{f.description}</p>
            <Link to={f.link}>Find out more</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
