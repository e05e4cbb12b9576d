import { graphql, useFragment } from 'react-relay';
import type { TournamentEligibility_game$key } from '../../__generated__/TournamentEligibility_game.graphql';
import { openModal } from '../../shared/modals/modal-store';
import styles from './TournamentEligibility.module.css';

/**
 * For each tournament the player has joined (and that has not ended), whether this game scores in it
 * (docs/rules.md#which-spins-score), so nobody pays a buy-in and spins for nothing: "This game scores in …", or
 * "This game does not count for … — choose a game that does", which opens that tournament's games. Guests and
 * players in no tournament see nothing.
 */
export function TournamentEligibility({
  game,
  strip = false,
  onLeave,
}: {
  game: TournamentEligibility_game$key;
  /** One line per tournament under the playing game's bar, rather than boxes on its page. */
  strip?: boolean;
  /** Runs before "choose a game that does" takes the player elsewhere (the playing game ends). */
  onLeave?: () => void;
}) {
  const data = useFragment(
    graphql`
      fragment TournamentEligibility_game on Game {
        tournamentEligibility {
          counts
          tournament {
            id
            name
            inPlay
            minimumStake {
              formatted
            }
          }
        }
      }
    `,
    game,
  );
  const rows = data.tournamentEligibility;
  if (!rows || rows.length === 0) return null;
  return (
    <section className={strip ? styles.strip : styles.box} aria-label="Your tournaments">
      <ul className={styles.list}>
        {rows.map(({ counts, tournament: t }) => (
          <li key={t.id} className={counts ? styles.counts : styles.doesNot}>
            <span aria-hidden="true" className={styles.mark}>
              {counts ? '✓' : '!'}
            </span>
            {counts ? (
              <p>
                This game {t.inPlay ? 'scores' : 'will score, once it starts,'} in <strong>{t.name}</strong>
                {t.minimumStake ? ` on spins of ${t.minimumStake.formatted} or more` : ''}.
              </p>
            ) : (
              <p>
                This game does not count for <strong>{t.name}</strong> —{' '}
                <button
                  type="button"
                  className={styles.choose}
                  onClick={() => {
                    onLeave?.();
                    openModal('tournamentGames', { tournament: t.id });
                  }}
                >
                  choose a game that does
                </button>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
