import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { RealityCheck_safeGambling$key } from '../../__generated__/RealityCheck_safeGambling.graphql';
import { Button } from '../../ui/Button';
import { failureOf } from './failure';
import { LimitsSection } from './LimitsSection';
import styles from './limits.module.css';
import { minutesText } from './PlayTime';
import { useSetRealityCheck } from './useSetRealityCheck';

/**
 * "Reality check": how often the game screen reminds the player, during real-money play, of the time played, the
 * amount staked and the net result. Kept by the casino, so it follows the player; a change holds at once.
 */
export function RealityCheck({ safeGambling }: { safeGambling: RealityCheck_safeGambling$key }) {
  const data = useFragment(
    graphql`
      fragment RealityCheck_safeGambling on SafeGambling {
        realityCheckMinutes
        realityCheckChoices
      }
    `,
    safeGambling,
  );
  const [save, saving] = useSetRealityCheck();
  const [chosen, setChosen] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = chosen ?? data.realityCheckMinutes;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    setError(null);
    try {
      await save({ input: { minutes: value } });
      setChosen(null);
      setStatus(`Reality check saved. We will remind you every ${minutesText(value)}.`);
    } catch (err) {
      setError(failureOf(err, 'minutes'));
    }
  };

  return (
    <LimitsSection id="reality-check" title="Reality check">
      <p>
        While you play for real money, the game screen stops you every so often to show how long you have
        played, what you have staked and your net result, so you can decide to go on or take a break. Your
        choice is kept with your account, so it follows you to every device.
      </p>
      <form noValidate onSubmit={submit} className={styles.row} aria-label="Reality check">
        <fieldset className={styles.choices} disabled={saving}>
          <legend>Remind me every</legend>
          {data.realityCheckChoices.map((minutes) => (
            <label key={minutes} className={styles.choice}>
              <input
                type="radio"
                name="reality-check"
                value={minutes}
                checked={value === minutes}
                onChange={() => {
                  setChosen(minutes);
                  setStatus(null);
                }}
              />
              {minutesText(minutes)}
            </label>
          ))}
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" disabled={saving}>
            Save
          </Button>
        </div>
        {error && (
          <p role="alert" className={styles.failure}>
            {error}
          </p>
        )}
        <p role="status" className={status ? styles.status : styles.empty}>
          {status}
        </p>
      </form>
    </LimitsSection>
  );
}
