import { useTransition, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { GameGrid_query$key } from '../../__generated__/GameGrid_query.graphql';
import type { GameGridPaginationQuery } from '../../__generated__/GameGridPaginationQuery.graphql';
import { Button } from '../../ui/Button';
import styles from './GameGrid.module.css';
import { GameTiles, PRIORITY_TILES } from './GameTile';
import { LazyPagination } from './LazyPagination';

/** How many more games "Show more" adds (docs/rules.md#catalogue). */
export const SHOW_MORE = 30;

/*
 * Read with useFragment for the grid; Relay's pagination hook on it is mounted only when "Show more" is first
 * pressed (./LazyPagination.tsx).
 */
const GameGridFragment = graphql`
  fragment GameGrid_query on Query
  @argumentDefinitions(
    first: { type: "Int", defaultValue: 30 }
    after: { type: "String" }
    filter: { type: "GameFilter" }
    sort: { type: "GameSort" }
  )
  @refetchable(queryName: "GameGridPaginationQuery") {
    games(first: $first, after: $after, filter: $filter, sort: $sort)
      @connection(key: "GameGrid_games", filters: ["filter", "sort"]) {
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

/**
 * A page of games as a grid, paginated over the gateway's games connection: "Show more" adds the next games in
 * place. The empty state reads 'Not found'; a catalogue that could not load says so rather than looking empty.
 */
export function GameGrid({
  query,
  label,
  empty,
}: {
  query: GameGrid_query$key;
  label: string;
  /** What an empty list says when nothing narrows it (a player's own lists); else 'Not found'. */
  empty?: ReactNode;
}) {
  const data = useFragment(GameGridFragment, query);
  const [, startTransition] = useTransition();
  if (!data.games) {
    return (
      <p className={styles.notice} role="alert">
        We could not load the games right now. Please try again in a moment.
      </p>
    );
  }
  const { edges, totalCount } = data.games;
  if (edges.length === 0) {
    return (
      <p className={styles.notice} role="status">
        {empty ?? 'Not found'}
      </p>
    );
  }
  return (
    <section aria-label={label}>
      {/* A heading: the tiles' names (h3) sit under it, below the page's h1. */}
      <h2 className={styles.count}>
        {totalCount} {totalCount === 1 ? 'game' : 'games'}
      </h2>
      <ul className={styles.grid}>
        <GameTiles games={edges.map((edge) => edge.node)} priority={PRIORITY_TILES} />
      </ul>
      <LazyPagination<GameGridPaginationQuery, GameGrid_query$key>
        fragment={GameGridFragment}
        fragmentRef={query}
        hasNext={data.games.pageInfo.hasNextPage}
      >
        {({ hasNext, isLoadingNext, loadNext }) =>
          hasNext && (
            <div className={styles.more}>
              <Button
                variant="ghost"
                disabled={isLoadingNext}
                onClick={() => startTransition(() => loadNext(SHOW_MORE))}
              >
                {isLoadingNext ? 'Loading…' : `Show more (${totalCount - edges.length} left)`}
              </Button>
            </div>
          )
        }
      </LazyPagination>
    </section>
  );
}
