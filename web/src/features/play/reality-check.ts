import { useCallback, useEffect, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { realityCheckIntervalQuery } from '../../__generated__/realityCheckIntervalQuery.graphql';
import type { realityCheckAnswerMutation } from '../../__generated__/realityCheckAnswerMutation.graphql';
import type { realityCheckSaveMutation } from '../../__generated__/realityCheckSaveMutation.graphql';
import { useMutation } from '../../shared/relay/useMutation';
import { REALITY_CHECK_KEY } from '../../shared/storage';

/*
 * The reality check (docs/rules.md#safer-gambling): during real-money play, a reminder every so often of how long
 * the session has lasted, what was staked and the net result, with Keep playing, Take a break and Set a limit. The
 * interval is the player's choice, kept by the casino (viewer.safeGambling.realityCheckMinutes) so it follows them;
 * the browser's copy only stands in until the casino's is read.
 */
const KEY = REALITY_CHECK_KEY;
export const REALITY_CHECK_CHOICES = [15, 30, 60, 120] as const;
export const DEFAULT_REALITY_CHECK_MINUTES = 60;

export function realityCheckMinutes(): number {
  try {
    const stored = Number(window.localStorage.getItem(KEY));
    return (REALITY_CHECK_CHOICES as readonly number[]).includes(stored)
      ? stored
      : DEFAULT_REALITY_CHECK_MINUTES;
  } catch {
    return DEFAULT_REALITY_CHECK_MINUTES;
  }
}

export function saveRealityCheckMinutes(minutes: number): void {
  try {
    window.localStorage.setItem(KEY, String(minutes));
  } catch {
    // Storage refused: the choice lasts for this page.
  }
}

/**
 * The interval in minutes: the browser's copy at first, then the casino's as soon as it is read (and kept as the
 * browser's copy for next time); `choose` saves a new one with the casino (setRealityCheck). A choice the casino
 * did not take still holds for this game.
 */
export function useRealityCheckInterval() {
  const environment = useRelayEnvironment();
  const [minutes, setMinutes] = useState(realityCheckMinutes);
  const [save] = useMutation<realityCheckSaveMutation>(graphql`
    mutation realityCheckSaveMutation($input: SetRealityCheckInput!) {
      setRealityCheck(input: $input) {
        viewer {
          id
          safeGambling {
            realityCheckMinutes
          }
        }
      }
    }
  `);
  useEffect(() => {
    const read = fetchQuery<realityCheckIntervalQuery>(
      environment,
      graphql`
        query realityCheckIntervalQuery {
          viewer {
            id
            safeGambling {
              realityCheckMinutes
            }
          }
        }
      `,
      {},
      { fetchPolicy: 'network-only', networkCacheConfig: { metadata: { silent: true } } },
    ).subscribe({
      next: (data) => {
        const kept = data.viewer?.safeGambling?.realityCheckMinutes;
        if (kept == null) return;
        saveRealityCheckMinutes(kept);
        setMinutes(kept);
      },
      // Not read: the browser's copy stands in.
      error: () => {},
    });
    return () => read.unsubscribe();
  }, [environment]);
  const choose = useCallback(
    (chosen: number) => {
      setMinutes(chosen);
      saveRealityCheckMinutes(chosen);
      save({ input: { minutes: chosen } }).catch(() => {});
    },
    [save],
  );
  return [minutes, choose] as const;
}

/**
 * Minutes played since `startedAt` whenever a reminder is due (null between reminders); `dismiss` continues. The
 * casino keeps the real clock and pauses play when a check is due (REALITY_CHECK_DUE): `show` brings the reminder up
 * at once when it refuses a spin or a launch, whatever this screen's own timer says. After `dismiss` the next
 * reminder is an interval away.
 */
export function useRealityCheck(active: boolean, minutes: number) {
  const [startedAt] = useState(() => Date.now());
  const [due, setDue] = useState<number | null>(null);
  /** When the current interval began: the opening, or the last answer. */
  const [intervalFrom, setIntervalFrom] = useState(startedAt);
  useEffect(() => {
    if (!active || due !== null) return;
    const timer = window.setTimeout(
      () => setDue(Math.round((Date.now() - startedAt) / 60_000)),
      Math.max(0, intervalFrom + minutes * 60_000 - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [active, minutes, due, startedAt, intervalFrom]);
  const show = useCallback(
    () => setDue((d) => d ?? Math.round((Date.now() - startedAt) / 60_000)),
    [startedAt],
  );
  const dismiss = useCallback(() => {
    setIntervalFrom(Date.now());
    setDue(null);
  }, []);
  return { playedMinutes: due, startedAt, show, dismiss };
}

/** A player's answer to the reality check, as the casino takes it (answerRealityCheck). */
type RealityCheckAnswer = 'CONTINUE' | 'STOP';

/**
 * Sends the player's answer to the casino, which pauses real-money play until it has one: CONTINUE lets spins go on
 * for another interval, STOP ends the play session. Resolves once the casino has it (or could not be asked).
 */
export function useAnswerRealityCheck() {
  const [send] = useMutation<realityCheckAnswerMutation>(graphql`
    mutation realityCheckAnswerMutation($input: AnswerRealityCheckInput!) {
      answerRealityCheck(input: $input) {
        sessionEnded
        viewer {
          id
          safeGambling {
            realityCheck {
              sessionStartedAt
              nextCheckAt
              due
              playedMinutes
            }
          }
        }
      }
    }
  `);
  return useCallback(
    (choice: RealityCheckAnswer) =>
      send({ input: { choice } }).then(
        (r) => r.answerRealityCheck.sessionEnded,
        () => false,
      ),
    [send],
  );
}
