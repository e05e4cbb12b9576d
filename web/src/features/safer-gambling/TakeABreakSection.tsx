import { useEffect, useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { TakeABreakSection_safeGambling$key } from '../../__generated__/TakeABreakSection_safeGambling.graphql';
import type { BreakLength } from '../../__generated__/useTakeABreakMutation.graphql';
import { errorMessage } from '../../shared/error-message';
import { Button } from '../../ui/Button';
import { formatJohannesburg } from '../../ui/time';
import styles from './breaks.module.css';
import { ConfirmDialog } from './ConfirmDialog';
import { BREAK_LENGTHS, breakLength, endsAt } from './lengths';
import { useTakeABreak } from './useTakeABreak';

/** The section's anchor: the reality check's "Take a break" links to /account/safer-gambling#take-a-break. */
const TAKE_A_BREAK_ID = 'take-a-break';

/**
 * "Take a break" (docs/rules.md#safer-gambling): 24 hours, 7 days or 6 weeks without deposits or real-money play,
 * starting now and impossible to end early. During one, the section says until when, and offers only the lengths
 * that would make it longer (the casino refuses a shorter one).
 */
export function TakeABreakSection(props: { safeGambling: TakeABreakSection_safeGambling$key }) {
  const data = useFragment(
    graphql`
      fragment TakeABreakSection_safeGambling on SafeGambling {
        restriction {
          kind
          endsAt
        }
      }
    `,
    props.safeGambling,
  );
  const [takeABreak, busy] = useTakeABreak();
  const [length, setLength] = useState<BreakLength>('HOURS_24');
  const [confirming, setConfirming] = useState<Date | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);
  const refocus = useRef(false);

  const now = new Date();
  const current =
    data.restriction?.kind === 'BREAK' && new Date(data.restriction.endsAt) > now ? data.restriction : null;
  const longer = (ms: number) => !current || endsAt(ms, now) > new Date(current.endsAt);
  // During a break only a longer one may be chosen: the choice falls on the shortest of those.
  const allowed = BREAK_LENGTHS.filter((l) => longer(l.ms));
  const selected = allowed.find((l) => l.value === length) ?? allowed[0] ?? null;
  const chosen = selected ?? breakLength(length);
  const canChoose = selected !== null;

  // Focus goes back to the button once the dialog has gone (while it is open, it keeps focus inside itself).
  useEffect(() => {
    if (confirming || !refocus.current) return;
    refocus.current = false;
    section.current?.querySelector<HTMLButtonElement>('[data-opens-dialog]')?.focus();
  }, [confirming]);

  const close = () => {
    refocus.current = true;
    setConfirming(null);
    setError(null);
  };
  const start = async () => {
    setError(null);
    try {
      const result = await takeABreak({ input: { length: chosen.value } });
      const ends = result.takeABreak.viewer.safeGambling?.restriction?.endsAt;
      refocus.current = true;
      setConfirming(null);
      setStarted(ends ? formatJohannesburg(ends) : null);
    } catch (err) {
      setError(errorMessage(err, 'We could not start your break just now. Please try again.'));
    }
  };

  return (
    <section
      id={TAKE_A_BREAK_ID}
      ref={section}
      className={styles.section}
      aria-labelledby="take-a-break-title"
    >
      <h2 id="take-a-break-title">Take a break</h2>
      <p>
        Step away for a while. During a break you cannot deposit, play for real money, redeem coupons or join
        tournaments, and we send you no promotions. You can still sign in, see your balance and withdraw. A
        break starts at once and cannot be ended early.
      </p>
      <div className={styles.panel}>
        {current && (
          <p className={styles.state}>
            <strong>You are taking a break until {formatJohannesburg(current.endsAt)}.</strong>{' '}
            {canChoose ? 'You can make it longer, but not shorter.' : ''}
          </p>
        )}
        {canChoose && (
          <>
            <fieldset className={styles.choices}>
              <legend>{current ? 'Make it longer' : 'How long?'}</legend>
              {BREAK_LENGTHS.map((option) => (
                <label key={option.value} className={styles.choice}>
                  <input
                    type="radio"
                    name="break-length"
                    value={option.value}
                    checked={chosen.value === option.value}
                    disabled={!longer(option.ms)}
                    onChange={() => setLength(option.value)}
                  />
                  {option.label}
                </label>
              ))}
            </fieldset>
            <Button
              data-opens-dialog
              onClick={() => {
                setStarted(null);
                setConfirming(new Date());
              }}
            >
              Take a break
            </Button>
          </>
        )}
        {started && (
          <p className={styles.status} role="status">
            Your break has started. It ends on {started}.
          </p>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Take a break?"
          confirm="Start my break"
          busy={busy}
          error={error}
          onConfirm={() => void start()}
          onCancel={close}
        >
          <p>
            Your break of <strong>{chosen.label}</strong> starts now and ends on{' '}
            <strong>{formatJohannesburg(endsAt(chosen.ms, confirming))}</strong>.
          </p>
          <p>Until then:</p>
          <ul>
            <li>deposits, real-money games, coupons and tournaments are paused;</li>
            <li>we send you no promotions.</li>
          </ul>
          <p>You can still sign in, see your balance and withdraw your money.</p>
          <p>
            <strong>Once started, a break cannot be ended early</strong>, not even by our support team.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
