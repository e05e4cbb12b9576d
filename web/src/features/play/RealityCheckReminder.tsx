import { useEffect, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { RealityCheckReminderQuery } from '../../__generated__/RealityCheckReminderQuery.graphql';
import { formatRands } from '../../shared/forms/rands';
import { Button, buttonClass } from '../../ui/Button';
import styles from './GamePlayModal.module.css';
import { Link } from '../../ui/Link';

type Summary = { staked: number; net: number } | null;

/**
 * The reality check's reminder (docs/rules.md#safer-gambling): how long this session has lasted, and, read from the
 * casino when it is due (viewer.playSummary since the game opened), what was staked and the net result, real money
 * only. Keep playing carries on; Take a break and Set a limit leave the game for the Safer gambling page.
 */
export function RealityCheckReminder(props: {
  playedMinutes: number;
  since: number;
  onKeepPlaying: () => void;
  onLeave: () => void;
}) {
  const environment = useRelayEnvironment();
  const [summary, setSummary] = useState<Summary | 'loading'>('loading');
  useEffect(() => {
    const read = fetchQuery<RealityCheckReminderQuery>(
      environment,
      graphql`
        query RealityCheckReminderQuery($since: DateTime!) {
          viewer {
            id
            playSummary(since: $since) {
              staked {
                cents
              }
              net {
                cents
              }
            }
          }
        }
      `,
      { since: new Date(props.since).toISOString() },
      { fetchPolicy: 'network-only', networkCacheConfig: { metadata: { silent: true } } },
    ).subscribe({
      next: (data) => {
        const s = data.viewer?.playSummary;
        setSummary(s ? { staked: s.staked.cents, net: s.net.cents } : null);
      },
      // Not read: the reminder says the time, which the screen knows.
      error: () => setSummary(null),
    });
    return () => read.unsubscribe();
  }, [environment, props.since]);

  const minutes = `${props.playedMinutes} minute${props.playedMinutes === 1 ? '' : 's'}`;
  return (
    <div
      className={styles.reality}
      role="alertdialog"
      aria-label="Reality check"
      aria-describedby="reality-check-text"
      aria-busy={summary === 'loading'}
    >
      <p id="reality-check-text">
        You have played for {minutes}.
        {summary && summary !== 'loading' && (
          <>
            {' '}
            Staked {formatRands(summary.staked)}, net {formatRands(summary.net)} this session.
          </>
        )}{' '}
        Take a break if you need one; help is free on 0800 006 008.
      </p>
      <div className={styles.realityActions}>
        {/* Focused first: carrying on is one key press, as it was. */}
        <Button autoFocus onClick={props.onKeepPlaying}>
          Keep playing
        </Button>
        <Link
          to="/account/safer-gambling#take-a-break"
          className={buttonClass('ghost')}
          onClick={props.onLeave}
        >
          Take a break
        </Link>
        <Link to="/account/safer-gambling" className={buttonClass('ghost')} onClick={props.onLeave}>
          Set a limit
        </Link>
      </div>
    </div>
  );
}
