import { graphql, useFragment } from 'react-relay';
import type { GamesThatCount_tournament$key } from '../../__generated__/GamesThatCount_tournament.graphql';
import { GameArt } from '../../shared/games/GameArt';
import { closeModal, openModal } from '../../shared/modals/modal-store';
import styles from './GamesThatCount.module.css';
import { Link } from '../../ui/Link';

/** How many of a tournament's games its card shows as tiles; the rest open in "Choose a game". */
export const GAME_ROW_TILES = 6;

/*
 * The games row is read with a literal `first`: the gateway's cost limit multiplies by it, and six tiles per card
 * keep the whole tournaments page within its budget.
 */
export const GamesThatCountFragment = graphql`
  fragment GamesThatCount_tournament on Tournament {
    id
    name
    countsAllGames
    minimumStake {
      formatted
    }
    eligibleGames(first: 6) {
      totalCount
      edges {
        node {
          id
          code
          name
          image
        }
      }
    }
  }
`;

/**
 * Which games score in a tournament (docs/rules.md#which-spins-score), shown before the player joins or pays: "All
 * games count" only when the casino counts every game, otherwise the games themselves as a row of tiles, each a link
 * to its page, with the rest one click away ("See all 30 games"). The minimum stake, if any, beside them.
 */
export function GamesThatCount({
  tournament,
  compact = false,
}: {
  tournament: GamesThatCount_tournament$key;
  /** Fewer tiles (inside the buy-in confirmation). */
  compact?: boolean;
}) {
  const t = useFragment(GamesThatCountFragment, tournament);
  const games = t.eligibleGames;
  const shown = games ? games.edges.slice(0, compact ? 4 : GAME_ROW_TILES).map((e) => e.node) : [];
  const more = games ? games.totalCount - shown.length : 0;
  return (
    <div className={styles.box} data-testid="games-that-count">
      <p className={styles.title}>
        {t.countsAllGames ? (
          <strong>All games count</strong>
        ) : games ? (
          <>
            <strong>
              {games.totalCount} {games.totalCount === 1 ? 'game counts' : 'games count'}
            </strong>
            <span className={styles.muted}> · spins on other games score nothing</span>
          </>
        ) : (
          <strong>Only some games count</strong>
        )}
      </p>
      {/* The confirmation states the minimum stake among the buy-in's terms. */}
      {t.minimumStake && !compact && (
        <p className={styles.stake}>
          Minimum stake <strong>{t.minimumStake.formatted}</strong> a spin; smaller spins score nothing.
        </p>
      )}
      {!t.countsAllGames && !games && (
        <p className={styles.muted}>We could not load the list of games right now.</p>
      )}
      {!t.countsAllGames && shown.length > 0 && (
        <ul
          className={`${styles.row} ${compact ? styles.compact : ''}`}
          aria-label={`Games that count in ${t.name}`}
        >
          {shown.map((g) => (
            <li key={g.id}>
              <Link to={`/game/${encodeURIComponent(g.code)}`} className={styles.tile} onClick={closeModal}>
                <GameArt src={g.image} name={g.name} />
                <span className={styles.name}>{g.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {!t.countsAllGames && more > 0 && (
        <button
          type="button"
          className={styles.all}
          onClick={() => openModal('tournamentGames', { tournament: t.id })}
        >
          See all {games?.totalCount} games<span className="visually-hidden"> that count in {t.name}</span>
        </button>
      )}
    </div>
  );
}
