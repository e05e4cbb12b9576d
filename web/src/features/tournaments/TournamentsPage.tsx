import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import type { TournamentsPageQuery as TournamentsPageQueryType } from '../../__generated__/TournamentsPageQuery.graphql';
import { openModal } from '../../shared/modals/modal-store';
import { Page } from '../../shared/page/Page';
import { LIST_ROWS } from './Leaderboard';
import { TournamentCard } from './TournamentCard';
import { TournamentGroups } from './TournamentGroups';
import { TournamentList } from './TournamentList';
import { useRetry } from '../../shared/relay/useRetry';

/*
 * The list is selected here rather than in a paginated fragment: the gateway prices every fragment level and each
 * `first`, and twenty tournaments with their top five fit its budget only this flat. The backend lists open
 * tournaments first, so the twenty are those that matter.
 */
export const TournamentsPageQuery = graphql`
  query TournamentsPageQuery @preloadable {
    tournaments(first: 20) {
      totalCount
      edges {
        node {
          id
          name
          stage
          inPlay
          ...TournamentCard_tournament
          ...Leaderboard_tournament @arguments(rows: 5)
        }
      }
    }
  }
`;

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<TournamentsPageQueryType>;
  return <Tournaments queryRef={ref} />;
}

const NO_VARIABLES = {};

/**
 * /tournaments: the tournaments grouped as Running, Upcoming and Ended (sections; tabs on a phone), each with its stage, countdown, times, buy-in, prize pool, join and start, and the top
 * of its leaderboard, live while the page is open (the whole top 10 opens in the tournaments modal). Guests can
 * watch; joining asks them to log in.
 */
function Tournaments({ queryRef }: { queryRef: PreloadedQuery<TournamentsPageQueryType> }) {
  const data = usePreloadedQuery<TournamentsPageQueryType>(TournamentsPageQuery, queryRef);
  const { retry, retrying } = useRetry(TournamentsPageQuery, NO_VARIABLES);
  return (
    <Page
      title="Tournaments"
      lead="Join a tournament, climb the leaderboard with every real-money spin, and win a share of the prize pool."
      wide
      head={{
        description: tournamentsDescription(data.tournaments?.edges.map((e) => e.node.name) ?? []),
      }}
    >
      {/* The list's failed, empty and "more not shown" states; the tournaments themselves in their groups. */}
      <TournamentList
        tournaments={data.tournaments}
        label="Tournaments"
        retry={retry}
        retrying={retrying}
        renderAll={(nodes) => (
          <TournamentGroups
            nodes={nodes}
            renderItem={(node, i, headingLevel) => (
              <TournamentCard
                tournament={node}
                rows={LIST_ROWS}
                headingLevel={headingLevel}
                watch
                priority={i < 2}
                onFullLeaderboard={() => openModal('tournaments', { tournament: node.id })}
              />
            )}
          />
        )}
      />
    </Page>
  );
}

/** What a search result says of the tournaments: how they work, and the ones on the page by name. */
function tournamentsDescription(names: readonly string[]): string {
  const now = names.length ? ` Now: ${names.slice(0, 3).join(', ')}.` : '';
  return `Slot tournaments at PlayLive Casino: climb the live leaderboard with every real-money spin and win a share of the prize pool.${now}`;
}
