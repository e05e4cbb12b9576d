import { useState, useTransition } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { HomeSections_featured$key } from '../../__generated__/HomeSections_featured.graphql';
import type { HomeSections_liveCasino$key } from '../../__generated__/HomeSections_liveCasino.graphql';
import type { HomeSections_mostPopular$key } from '../../__generated__/HomeSections_mostPopular.graphql';
import type { HomeSectionsFeaturedPaginationQuery } from '../../__generated__/HomeSectionsFeaturedPaginationQuery.graphql';
import type { HomeSectionsLiveCasinoPaginationQuery } from '../../__generated__/HomeSectionsLiveCasinoPaginationQuery.graphql';
import type { HomeSectionsMostPopularPaginationQuery } from '../../__generated__/HomeSectionsMostPopularPaginationQuery.graphql';
import type { GameTile_games$key } from '../../__generated__/GameTile_games.graphql';
import { Button } from '../../ui/Button';
import { SHOW_MORE } from '../../shared/games/GameGrid';
import { GameTiles, PRIORITY_TILES } from '../../shared/games/GameTile';
import { LazyPagination, type Paging } from '../../shared/games/LazyPagination';
import styles from './HomeSections.module.css';
import { Link } from '../../ui/Link';

/*
 * The home sections MOST POPULAR, FEATURED GAMES and LIVE CASINO, in the backend's order. Each loads 10 games and
 * shows as many as its row holds at the screen's size (docs/rules.md#catalogue: sm 10, md 9, lg 8, xl 10); "Show
 * more" adds 30 and shows them all.
 */

interface SectionData {
  games:
    | {
        readonly totalCount: number;
        readonly edges: readonly { readonly node: GameTile_games$key[number] }[];
      }
    | null
    | undefined;
}

function Section(
  props: {
    title: string;
    /** The first section on home: its first tiles' art is fetched first (see GameArt). */
    first?: boolean;
    seeAll: string;
    data: SectionData;
  } & Paging,
) {
  const [expanded, setExpanded] = useState(false);
  const [, startTransition] = useTransition();
  const games = props.data.games;
  return (
    <section className={styles.section} aria-labelledby={`home-${props.seeAll}`}>
      <div className={styles.head}>
        <h2 id={`home-${props.seeAll}`} className={styles.title}>
          {props.title}
        </h2>
        <Link to={props.seeAll} className={styles.seeAll}>
          See all
        </Link>
      </div>
      {!games ? (
        <p className={styles.notice}>These games could not be loaded right now.</p>
      ) : games.edges.length === 0 ? (
        <p className={styles.notice}>Not found</p>
      ) : (
        <>
          <ul className={`${styles.grid} ${expanded ? styles.expanded : ''}`}>
            <GameTiles
              games={games.edges.map((edge) => edge.node)}
              priority={props.first === true ? PRIORITY_TILES : 0}
            />
          </ul>
          {(props.hasNext || !expanded) && games.totalCount > 8 && (
            <div className={styles.more}>
              <Button
                variant="ghost"
                disabled={props.isLoadingNext}
                onClick={() => {
                  setExpanded(true);
                  if (props.hasNext) startTransition(() => props.loadNext(SHOW_MORE));
                }}
              >
                {props.isLoadingNext ? 'Loading…' : 'Show more'}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/*
 * Each section reads its games with useFragment; Relay's pagination hook is mounted only when "Show more" is first
 * pressed (shared/games/LazyPagination.tsx).
 */
const MostPopularFragment = graphql`
  fragment HomeSections_mostPopular on Query
  @argumentDefinitions(first: { type: "Int", defaultValue: 10 }, after: { type: "String" })
  @refetchable(queryName: "HomeSectionsMostPopularPaginationQuery") {
    mostPopular: games(first: $first, after: $after, filter: { collection: MOST_POPULAR })
      @connection(key: "HomeSections_mostPopular") {
      totalCount
      edges {
        node {
          ...GameTile_games
        }
      }
      pageInfo {
        hasNextPage
      }
    }
  }
`;

export function MostPopularSection({ query }: { query: HomeSections_mostPopular$key }) {
  const data = useFragment(MostPopularFragment, query);
  return (
    <LazyPagination<HomeSectionsMostPopularPaginationQuery, HomeSections_mostPopular$key>
      fragment={MostPopularFragment}
      fragmentRef={query}
      hasNext={data.mostPopular?.pageInfo.hasNextPage ?? false}
    >
      {(page) => (
        <Section
          first
          title="MOST POPULAR"
          seeAll="/webplay/most-popular"
          data={{ games: data.mostPopular }}
          {...page}
        />
      )}
    </LazyPagination>
  );
}

const FeaturedFragment = graphql`
  fragment HomeSections_featured on Query
  @argumentDefinitions(first: { type: "Int", defaultValue: 10 }, after: { type: "String" })
  @refetchable(queryName: "HomeSectionsFeaturedPaginationQuery") {
    featured: games(first: $first, after: $after, filter: { collection: FEATURED })
      @connection(key: "HomeSections_featured") {
      totalCount
      edges {
        node {
          ...GameTile_games
        }
      }
      pageInfo {
        hasNextPage
      }
    }
  }
`;

export function FeaturedSection({ query }: { query: HomeSections_featured$key }) {
  const data = useFragment(FeaturedFragment, query);
  return (
    <LazyPagination<HomeSectionsFeaturedPaginationQuery, HomeSections_featured$key>
      fragment={FeaturedFragment}
      fragmentRef={query}
      hasNext={data.featured?.pageInfo.hasNextPage ?? false}
    >
      {(page) => (
        <Section
          title="FEATURED GAMES"
          seeAll="/webplay/featured-games"
          data={{ games: data.featured }}
          {...page}
        />
      )}
    </LazyPagination>
  );
}

const LiveCasinoFragment = graphql`
  fragment HomeSections_liveCasino on Query
  @argumentDefinitions(first: { type: "Int", defaultValue: 10 }, after: { type: "String" })
  @refetchable(queryName: "HomeSectionsLiveCasinoPaginationQuery") {
    liveCasino: games(first: $first, after: $after, filter: { collection: LIVE_CASINO })
      @connection(key: "HomeSections_liveCasino") {
      totalCount
      edges {
        node {
          ...GameTile_games
        }
      }
      pageInfo {
        hasNextPage
      }
    }
  }
`;

export function LiveCasinoSection({ query }: { query: HomeSections_liveCasino$key }) {
  const data = useFragment(LiveCasinoFragment, query);
  return (
    <LazyPagination<HomeSectionsLiveCasinoPaginationQuery, HomeSections_liveCasino$key>
      fragment={LiveCasinoFragment}
      fragmentRef={query}
      hasNext={data.liveCasino?.pageInfo.hasNextPage ?? false}
    >
      {(page) => (
        <Section
          title="LIVE CASINO"
          seeAll="/webplay/live-casino"
          data={{ games: data.liveCasino }}
          {...page}
        />
      )}
    </LazyPagination>
  );
}
