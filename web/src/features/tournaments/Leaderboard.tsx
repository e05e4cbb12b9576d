import { useEffect, useRef } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { Leaderboard_tournament$key } from '../../__generated__/Leaderboard_tournament.graphql';
import styles from './Leaderboard.module.css';

/** Rows a list of tournaments shows per leaderboard; one tournament on its own shows the top 10. */
export const LIST_ROWS = 5;
export const DETAIL_ROWS = 10;

/** Points grouped as the site's money is ('2,400'). */
const POINTS = new Intl.NumberFormat('en-US');

/**
 * A tournament's leaderboard, best first: position, player and points, the signed-in player's row marked (and
 * added below the top rows when they are further down). A row whose points just changed flashes once, so a live
 * update is seen; the data itself arrives through the Relay store (the tournament's subscription).
 */
export function Leaderboard({
  tournament,
  headingLevel,
  live,
}: {
  /** Spread with `@arguments(rows: ...)`: the top rows it holds are the rows shown. */
  tournament: Leaderboard_tournament$key;
  headingLevel: 3 | 4;
  /** Whether the board is being kept up to date as it changes (it says LIVE only once the tournament is in play). */
  live: boolean;
}) {
  const t = useFragment(
    graphql`
      fragment Leaderboard_tournament on Tournament
      @argumentDefinitions(rows: { type: "Int!", defaultValue: 5 }) {
        stage
        inPlay
        leaderboard(first: $rows) {
          totalCount
          edges {
            node {
              id
              position
              name
              points
              isViewer
            }
          }
        }
        myEntry {
          id
          position
          name
          points
        }
      }
    `,
    tournament,
  );
  const changed = useChangedPoints(t.leaderboard?.edges.map((e) => e.node) ?? [], t.myEntry);
  const Heading = `h${headingLevel}` as const;
  const ended = t.stage === 'ENDED';
  const board = t.leaderboard;
  const shown = board ? board.edges.map((e) => e.node) : [];
  const mine = t.myEntry;
  const mineBelow = mine !== null && mine !== undefined && !shown.some((row) => row.id === mine.id);

  return (
    <section className={styles.board} aria-label={ended ? 'Final standings' : 'Leaderboard'}>
      <div className={styles.head}>
        <Heading className={styles.title}>{ended ? 'Final standings' : 'Leaderboard'}</Heading>
        {board && (
          <span className={styles.count}>
            {board.totalCount} {board.totalCount === 1 ? 'player' : 'players'}
          </span>
        )}
        {/* LIVE only while play is on: a tournament that has not opened never shows it (docs/rules.md#tournament-stages). */}
        {live && t.inPlay && (
          <span className={styles.live}>
            <span className={styles.dot} aria-hidden="true" />
            Live
          </span>
        )}
      </div>
      {!board ? (
        <p className={styles.empty}>The leaderboard could not be loaded right now.</p>
      ) : board.edges.length === 0 ? (
        <p className={styles.empty}>No players yet. Be the first to join.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col" className={styles.position}>
                <abbr title="Position">#</abbr>
              </th>
              <th scope="col">Player</th>
              <th scope="col" className={styles.points}>
                Points
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <Row key={row.id} row={row} isViewer={row.isViewer} flash={changed.has(row.id)} />
            ))}
            {mineBelow && (
              <>
                <tr className={styles.gap} aria-hidden="true">
                  <td colSpan={3}>⋯</td>
                </tr>
                <Row row={mine} isViewer flash={changed.has(mine.id)} />
              </>
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Row({
  row,
  isViewer,
  flash,
}: {
  row: { id: string; position: number; name: string; points: number };
  isViewer: boolean;
  flash: boolean;
}) {
  return (
    <tr className={isViewer ? styles.mine : undefined}>
      <td className={styles.position}>{row.position}</td>
      <td className={styles.name}>
        {row.name}
        {isViewer && <span className={styles.you}> (you)</span>}
      </td>
      <td key={row.points} className={`${styles.points} ${flash ? styles.flash : ''}`}>
        {POINTS.format(row.points)}
      </td>
    </tr>
  );
}

/**
 * The ids of the rows whose points have changed while on screen (none at first). Their points cell is keyed by
 * the points, so it is drawn anew, and its flash plays again, at each further change.
 */
function useChangedPoints(
  rows: readonly { id: string; points: number }[],
  mine: { id: string; points: number } | null | undefined,
): ReadonlySet<string> {
  const previous = useRef<Map<string, number> | null>(null);
  const changed = useRef(new Set<string>());
  const current = new Map(rows.map((r) => [r.id, r.points]));
  if (mine) current.set(mine.id, mine.points);
  if (previous.current) {
    for (const [id, points] of current) {
      const before = previous.current.get(id);
      if (before !== undefined && before !== points) changed.current.add(id);
    }
  }
  useEffect(() => {
    previous.current = current;
  });
  return changed.current;
}
