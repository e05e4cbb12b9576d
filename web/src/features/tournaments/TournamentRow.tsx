import { graphql, useFragment } from 'react-relay';
import type { TournamentRow_tournament$key } from '../../__generated__/TournamentRow_tournament.graphql';
import { useNow } from './clock';
import { LIST_ROWS } from './Leaderboard';
import { useStageRefetch } from './live';
import { StageBadge } from './TournamentCard';
import styles from './TournamentRow.module.css';

/** One tournament in the modal's list: its name, stage badge with countdown, buy-in, and whether the player is in. */
export function TournamentRow({
  tournament,
  onOpen,
}: {
  tournament: TournamentRow_tournament$key;
  onOpen: () => void;
}) {
  const t = useFragment(
    graphql`
      fragment TournamentRow_tournament on Tournament {
        id
        name
        stage
        label
        nextStageAt
        usersCount
        buyIn {
          formatted
        }
        prizePool {
          formatted
        }
        joined
      }
    `,
    tournament,
  );
  const now = useNow();
  useStageRefetch(t.id, LIST_ROWS, t.nextStageAt, now);
  return (
    <button type="button" className={styles.row} onClick={onOpen}>
      <span className={styles.main}>
        <span className={styles.name}>{t.name}</span>
        <span className={styles.meta}>
          {t.buyIn ? `${t.buyIn.formatted} buy-in` : 'Free to enter'}
          {t.prizePool && ` · ${t.prizePool.formatted} prize pool`}
          {t.joined && <span className={styles.joined}> · You’re in</span>}
        </span>
      </span>
      <StageBadge
        facts={{ stage: t.stage, label: t.label, nextStageAt: t.nextStageAt, usersCount: t.usersCount }}
        now={now}
        className={styles.badge}
      />
      <span className={styles.chevron} aria-hidden="true">
        ›
      </span>
    </button>
  );
}
