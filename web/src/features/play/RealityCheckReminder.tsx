import { useEffect, useRef, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { RealityCheckReminderQuery } from '../../__generated__/RealityCheckReminderQuery.graphql';
import { formatRands } from '../../shared/forms/rands';
import { Button, buttonClass } from '../../ui/Button';
import styles from './GamePlayModal.module.css';
import { Link } from '../../ui/Link';

type Summary = { staked: number; net: number; playedMinutes: number | null } | null;

/**
 * The reality check's reminder (docs/rules.md#safer-gambling): how long this session has lasted, and, read from the
 * casino when it is due (viewer.playSummary since the game opened, and the casino's own count of the session's
 * minutes), what was staked and the net result, real money only. The casino pauses real-money spins until the player
 * answers: Keep playing carries on; Stop playing ends the session and leaves the game; Take a break and Set a limit
 * end it too, for the Safer gambling page. While it is up, the game behind is covered and inert.
 */
export function RealityCheckReminder(props: {
  playedMinutes: number;
  since: number;
  onKeepPlaying: () => void;
  onStop: () => void;
  onLeave: () => void;
  /** While the answer is on its way to the casino. */
  answering?: boolean;
}) {
  const environment = useRelayEnvironment();
  const [summary, setSummary] = useState<Summary | 'loading'>('loading');
  const keepPlaying = useRef<HTMLButtonElement>(null);
  // Keys stay with the reminder: the game's own page may take the focus back (it refocuses its Spin button when a
  // spin ends, the refused one too), and focus inside a frame passes the frame's inertness by; so whenever the focus
  // goes into a frame (this window blurs) it comes back to Keep playing.
  useEffect(() => {
    let timer = 0;
    const hold = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body || active.tagName === 'IFRAME') keepPlaying.current?.focus();
      });
    };
    hold();
    window.addEventListener('blur', hold);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('blur', hold);
    };
  }, []);
  useEffect(() => {
    const read = fetchQuery<RealityCheckReminderQuery>(
      environment,
      graphql`
        query RealityCheckReminderQuery($since: DateTime!) {
          viewer {
            id
            safeGambling {
              realityCheck {
                playedMinutes
              }
            }
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
        const played = data.viewer?.safeGambling?.realityCheck?.playedMinutes ?? null;
        setSummary(s ? { staked: s.staked.cents, net: s.net.cents, playedMinutes: played } : null);
      },
      // Not read: the reminder says the time, which the screen knows.
      error: () => setSummary(null),
    });
    return () => read.unsubscribe();
  }, [environment, props.since]);

  // The casino's count when it has one (it keeps the session's clock); this screen's own until then.
  const played =
    summary && summary !== 'loading' && summary.playedMinutes !== null
      ? Math.max(summary.playedMinutes, props.playedMinutes)
      : props.playedMinutes;
  const minutes = `${played} minute${played === 1 ? '' : 's'}`;
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
      <p className={styles.paused}>Your game is paused until you choose.</p>
      <div className={styles.realityActions}>
        {/* Focused first: carrying on is one key press, as it was. */}
        <button
          type="button"
          ref={keepPlaying}
          className={buttonClass()}
          autoFocus
          onClick={props.onKeepPlaying}
          disabled={props.answering}
        >
          Keep playing
        </button>
        <Button variant="ghost" onClick={props.onStop} disabled={props.answering}>
          Stop playing
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
