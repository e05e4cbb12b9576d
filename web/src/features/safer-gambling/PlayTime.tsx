import { useId, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { PlayTime_safeGambling$key } from '../../__generated__/PlayTime_safeGambling.graphql';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { formatJohannesburg } from '../../ui/time';
import { failureOf } from './failure';
import { CoolingOff, LimitsSection } from './LimitsSection';
import styles from './limits.module.css';
import { useSetSessionLimit } from './useSetSessionLimit';

/** "1 minute", "60 minutes". */
export const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

/** The casino's bounds for the play time limit (docs/rules.md#safer-gambling): 15 to 1440 minutes, steps of 15. */
function checkMinutes(text: string): { minutes: number } | { message: string } {
  const plain = text.trim();
  if (!/^\d{1,5}$/.test(plain)) return { message: 'Enter whole minutes, for example 60.' };
  const minutes = Number(plain);
  if (minutes < 15 || minutes > 1440) return { message: 'Choose from 15 to 1440 minutes (a whole day).' };
  if (minutes % 15 !== 0) return { message: 'Use steps of 15 minutes, for example 45, 60 or 90.' };
  return { minutes };
}

/**
 * "Play time": the daily limit on minutes of real-money play (a Johannesburg calendar day), what today has used,
 * a raise or removal waiting out its cooling-off, and a field to set it.
 */
export function PlayTime({ safeGambling }: { safeGambling: PlayTime_safeGambling$key }) {
  const { sessionLimit: limit } = useFragment(
    graphql`
      fragment PlayTime_safeGambling on SafeGambling {
        sessionLimit {
          limitMinutes
          usedMinutes
          remainingMinutes
          resetsAt
          pending {
            limitMinutes
            effectiveAt
          }
        }
      }
    `,
    safeGambling,
  );
  const [save, saving] = useSetSessionLimit();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const titleId = useId();

  const send = async (minutes: number | null) => {
    setStatus(null);
    setError(null);
    try {
      const response = await save({ input: { minutes } });
      const pending = response.setSessionLimit.viewer.safeGambling?.sessionLimit.pending;
      setText('');
      setStatus(
        pending
          ? `Daily play time limit will change on ${formatJohannesburg(pending.effectiveAt)} after the 24-hour cooling-off.`
          : minutes === null
            ? 'Daily play time limit removed.'
            : 'Daily play time limit saved.',
      );
    } catch (err) {
      setError(failureOf(err, 'minutes'));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkMinutes(text);
    if ('message' in checked) {
      setStatus(null);
      return setError(checked.message);
    }
    void send(checked.minutes);
  };

  const usage = [`${minutesText(limit.usedMinutes)} played today`];
  if (limit.remainingMinutes != null) usage.push(`${minutesText(limit.remainingMinutes)} left`);
  usage.push(`resets ${formatJohannesburg(limit.resetsAt)}`);

  return (
    <LimitsSection id="play-time" title="Play time">
      <p>
        A cap on how long you play for real money each day (midnight to midnight, South African time). Time
        counts while you launch games and spin; when it is used up, real-money games stop until midnight. Demo
        play does not count.
      </p>
      <CoolingOff />
      <div className={styles.rows}>
        <div role="group" aria-labelledby={titleId} className={styles.row}>
          <div className={styles.rowHead}>
            <h3 id={titleId} className={styles.rowTitle}>
              Daily limit
            </h3>
            <p className={styles.current}>
              {limit.limitMinutes != null ? `${minutesText(limit.limitMinutes)} a day` : 'No limit'}
            </p>
          </div>
          <p className={styles.usage}>{usage.join(' · ')}</p>
          {limit.pending && (
            <p className={styles.pending}>
              {limit.pending.limitMinutes != null
                ? `Raising to ${minutesText(limit.pending.limitMinutes)} on ${formatJohannesburg(limit.pending.effectiveAt)} (24-hour cooling-off)`
                : `Removing on ${formatJohannesburg(limit.pending.effectiveAt)} (24-hour cooling-off)`}
            </p>
          )}
          <form noValidate onSubmit={submit} className={styles.form} aria-label="Daily play time limit">
            <TextField
              label="Daily play time limit (minutes)"
              inputMode="numeric"
              autoComplete="off"
              placeholder="For example 60"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
              error={error}
              hint="15 to 1440 minutes, in steps of 15."
              disabled={saving}
            />
            <div className={styles.buttons}>
              <Button type="submit" disabled={saving}>
                Save
              </Button>
              {limit.limitMinutes != null && (
                <Button variant="ghost" disabled={saving} onClick={() => void send(null)}>
                  Remove
                </Button>
              )}
            </div>
          </form>
          <p role="status" className={status ? styles.status : styles.empty}>
            {status}
          </p>
        </div>
      </div>
    </LimitsSection>
  );
}
