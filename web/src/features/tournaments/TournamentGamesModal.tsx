import { Suspense, useState, useTransition } from 'react';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import type { TournamentGamesModalQuery } from '../../__generated__/TournamentGamesModalQuery.graphql';
import type { TournamentGamesModal_tournament$key } from '../../__generated__/TournamentGamesModal_tournament.graphql';
import type { TournamentGamesPaginationQuery } from '../../__generated__/TournamentGamesPaginationQuery.graphql';
import { GameArt } from '../../shared/games/GameArt';
import { closeModal, openModal } from '../../shared/modals/modal-store';
import { Modal } from '../../shared/modals/Modal';
import type { ModalProps } from '../../shared/modals/registry';
import { Button } from '../../ui/Button';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { Spinner } from '../../ui/Spinner';
import styles from './TournamentGamesModal.module.css';
import { Link } from '../../ui/Link';
import { useLayout } from '../../shared/layout-context';

/** Games per page of "Choose a game". */
const PAGE = 24;

/**
 * "Choose a game" for one tournament: only the games whose spins score in it (docs/rules.md#which-spins-score), with
 * the minimum stake. Picking one opens it for real money at once (the game modal), which is what starts a joined
 * tournament's play-time clock (docs/rules.md#tournament-stages); each is still a link to its page, for a new tab. A
 * tournament that counts every game sends the player to all games.
 */
export default function TournamentGamesModal({ params }: Pick<ModalProps<'tournamentGames'>, 'params'>) {
  const [fetchKey, setFetchKey] = useState(0);
  return (
    <Modal title="Choose a game">
      <LoadBoundary what="the games" onRetry={() => setFetchKey((k) => k + 1)}>
        <Suspense
          fallback={
            <div className={styles.loading}>
              <Spinner label="Loading the games" />
            </div>
          }
        >
          <Games id={params.tournament} fetchKey={fetchKey} />
        </Suspense>
      </LoadBoundary>
    </Modal>
  );
}

function Games({ id, fetchKey }: { id: string; fetchKey: number }) {
  const data = useLazyLoadQuery<TournamentGamesModalQuery>(
    graphql`
      query TournamentGamesModalQuery($id: ID!) {
        tournament(id: $id) {
          name
          countsAllGames
          buyInDurationMinutes
          joined
          myEntry {
            startedAt
          }
          minimumStake {
            formatted
          }
          ...TournamentGamesModal_tournament
        }
      }
    `,
    { id },
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const t = data.tournament;
  if (!t) return <p>This tournament is not available any more.</p>;
  return (
    <div className={styles.body}>
      <p className={styles.lead}>
        {t.countsAllGames ? (
          <>
            Every game counts in <strong>{t.name}</strong>.
          </>
        ) : (
          <>
            Only these games score in <strong>{t.name}</strong>; spins on other games score nothing.
          </>
        )}
        {t.minimumStake && <> Each spin must be at least {t.minimumStake.formatted} to score.</>}
        {/* The clock starts at the game, not at Start playing (docs/rules.md#tournament-stages). */}
        {t.joined && t.buyInDurationMinutes && !t.myEntry?.startedAt && (
          <> Your {t.buyInDurationMinutes} minutes of play start when you open a game.</>
        )}
      </p>
      {t.countsAllGames ? (
        <Link to="/webplay/all" className={styles.allLink} onClick={closeModal}>
          See all games
        </Link>
      ) : (
        <GameList tournament={t} name={t.name} />
      )}
    </div>
  );
}

function GameList({ tournament, name }: { tournament: TournamentGamesModal_tournament$key; name: string }) {
  const { signedIn } = useLayout();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    TournamentGamesPaginationQuery,
    TournamentGamesModal_tournament$key
  >(
    graphql`
      fragment TournamentGamesModal_tournament on Tournament
      @argumentDefinitions(first: { type: "Int", defaultValue: 24 }, after: { type: "String" })
      @refetchable(queryName: "TournamentGamesPaginationQuery") {
        eligibleGames(first: $first, after: $after) @connection(key: "TournamentGamesModal_eligibleGames") {
          totalCount
          edges {
            node {
              id
              code
              name
              image
              provider {
                shortname
              }
            }
          }
        }
      }
    `,
    tournament,
  );
  const [, startTransition] = useTransition();
  const games = data.eligibleGames;
  if (!games) return <p role="alert">We could not load the games right now. Please try again in a moment.</p>;
  return (
    <>
      <ul className={styles.grid} aria-label={`Games that count in ${name}`}>
        {games.edges.map(({ node: g }) => (
          <li key={g.id}>
            <Link
              to={`/game/${encodeURIComponent(g.code)}`}
              className={styles.tile}
              onClick={(event) => {
                // A player's plain click plays here; a guest (asked to sign in there) and a modified or middle
                // click go to the game's page, as a link does.
                if (
                  !signedIn ||
                  event.button !== 0 ||
                  event.metaKey ||
                  event.ctrlKey ||
                  event.shiftKey ||
                  event.altKey
                )
                  return closeModal();
                event.preventDefault();
                openModal('game', { code: g.code, demo: false });
              }}
            >
              <GameArt src={g.image} name={g.name} />
              <span className={styles.name}>{g.name}</span>
              {g.provider && <span className={styles.provider}>{g.provider.shortname}</span>}
            </Link>
          </li>
        ))}
      </ul>
      <p className={styles.count}>
        Showing {games.edges.length} of {games.totalCount} games
      </p>
      {hasNext && (
        <Button
          variant="ghost"
          disabled={isLoadingNext}
          onClick={() => startTransition(() => void loadNext(PAGE))}
        >
          {isLoadingNext ? 'Loading…' : 'Show more'}
        </Button>
      )}
    </>
  );
}
