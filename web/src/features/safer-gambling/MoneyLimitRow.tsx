import { useId, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { MoneyLimitRow_limit$key } from '../../__generated__/MoneyLimitRow_limit.graphql';
import type { MoneyLimitRow_limits$key } from '../../__generated__/MoneyLimitRow_limits.graphql';
import type { MoneyLimitKind } from '../../__generated__/useSetMoneyLimitMutation.graphql';
import { parseRands, centsToRands } from '../../shared/forms/rands';
import { periodWords } from '../../shared/limit-periods';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { formatJohannesburg } from '../../ui/time';
import { failureOf } from './failure';
import styles from './limits.module.css';
import { useSetMoneyLimit } from './useSetMoneyLimit';

/** The casino's bounds for a money limit (docs/rules.md#safer-gambling): R10.00 to R1,000,000.00. */
const MIN_CENTS = 1000;
const MAX_CENTS = 100_000_000;

/** What the player typed as a limit, or why it is not one. */
function checkLimitAmount(text: string): { cents: number } | { message: string } {
  if (text.trim() === '') return { message: 'Enter an amount in rands, for example 500.' };
  const parsed = parseRands(text);
  if ('message' in parsed) return parsed;
  if (parsed.cents < MIN_CENTS || parsed.cents > MAX_CENTS)
    return { message: 'Enter an amount from R10.00 to R1,000,000.00.' };
  return parsed;
}

/** A kind of money limit's three rows: the day's, the week's and the month's. */
export function MoneyLimitRows({ limits, kind }: { limits: MoneyLimitRow_limits$key; kind: MoneyLimitKind }) {
  const { day, week, month } = useFragment(
    graphql`
      fragment MoneyLimitRow_limits on MoneyLimits {
        day {
          ...MoneyLimitRow_limit
        }
        week {
          ...MoneyLimitRow_limit
        }
        month {
          ...MoneyLimitRow_limit
        }
      }
    `,
    limits,
  );
  return (
    <div className={styles.rows}>
      <MoneyLimitRow kind={kind} limit={day} />
      <MoneyLimitRow kind={kind} limit={week} />
      <MoneyLimitRow kind={kind} limit={month} />
    </div>
  );
}

/**
 * One deposit or loss limit (a day, a week or a month): what it is, what the period has used and has left and when
 * it resets, a raise or removal waiting out its cooling-off, and a field to set it (Save) or a way to remove it.
 * After a change, a status line says whether it holds at once or after the 24-hour cooling-off.
 */
function MoneyLimitRow({ limit, kind }: { limit: MoneyLimitRow_limit$key; kind: MoneyLimitKind }) {
  const data = useFragment(
    graphql`
      fragment MoneyLimitRow_limit on MoneyLimit {
        period
        limit {
          cents
          formatted
        }
        used {
          cents
          formatted
        }
        remaining {
          formatted
        }
        resetsAt
        pending {
          limit {
            formatted
          }
          effectiveAt
        }
      }
    `,
    limit,
  );
  const [save, saving] = useSetMoneyLimit();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const titleId = useId();
  const words = periodWords(data.period);
  const noun = kind === 'DEPOSIT' ? 'deposit' : 'loss';
  const name = `${words.label} ${noun} limit`;

  const send = async (amount: string | null) => {
    setStatus(null);
    setError(null);
    try {
      const response = await save({ input: { kind, period: data.period, amount } });
      const limits = response.setMoneyLimit.viewer.safeGambling;
      const saved = limits && (kind === 'DEPOSIT' ? limits.depositLimits : limits.lossLimits);
      const pending = saved && pendingOf(saved, data.period);
      setText('');
      setStatus(
        pending
          ? `${name} will change on ${formatJohannesburg(pending.effectiveAt)} after the 24-hour cooling-off.`
          : amount === null
            ? `${name} removed.`
            : `${name} saved.`,
      );
    } catch (err) {
      setError(failureOf(err, 'amount'));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkLimitAmount(text);
    if ('message' in checked) {
      setStatus(null);
      return setError(checked.message);
    }
    void send(centsToRands(checked.cents));
  };

  return (
    <div role="group" aria-labelledby={titleId} className={styles.row}>
      <div className={styles.rowHead}>
        <h3 id={titleId} className={styles.rowTitle}>
          {words.label} limit
        </h3>
        <p className={styles.current}>{data.limit ? data.limit.formatted : 'No limit'}</p>
      </div>
      {usageLine(data)}
      {data.pending && (
        <p className={styles.pending}>
          {data.pending.limit
            ? `Raising to ${data.pending.limit.formatted} on ${formatJohannesburg(data.pending.effectiveAt)} (24-hour cooling-off)`
            : `Removing on ${formatJohannesburg(data.pending.effectiveAt)} (24-hour cooling-off)`}
        </p>
      )}
      <form noValidate onSubmit={submit} className={styles.form} aria-label={name}>
        <TextField
          label={`${name} (R)`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={data.limit ? 'New limit' : 'For example 500'}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          error={error}
          hint="From R10.00 to R1,000,000.00."
          disabled={saving}
        />
        <div className={styles.buttons}>
          <Button type="submit" disabled={saving}>
            Save
          </Button>
          {data.limit && (
            <Button variant="ghost" disabled={saving} onClick={() => void send(null)}>
              Remove
            </Button>
          )}
        </div>
      </form>
      {/* Always in the page, so a screen reader announces the line when it is filled in. */}
      <p role="status" className={status ? styles.status : styles.empty}>
        {status}
      </p>
    </div>
  );
}

type Pending = { readonly effectiveAt: string } | null | undefined;
type Periods = Record<'day' | 'week' | 'month', { readonly pending: Pending }>;

function pendingOf(limits: Periods, period: string): Pending {
  return period === 'WEEK'
    ? limits.week.pending
    : period === 'MONTH'
      ? limits.month.pending
      : limits.day.pending;
}

/** "R20.00 used · R30.00 left · resets 2026-11-28 10:15"; without a limit, only what is used (when anything is). */
function usageLine(data: {
  limit: unknown;
  used: { cents: number; formatted: string };
  remaining: { formatted: string } | null | undefined;
  resetsAt: string | null | undefined;
}) {
  if (!data.limit && data.used.cents === 0) return null;
  const parts = [`${data.used.formatted} used`];
  if (data.limit && data.remaining) parts.push(`${data.remaining.formatted} left`);
  if (data.resetsAt) parts.push(`resets ${formatJohannesburg(data.resetsAt)}`);
  return <p className={styles.usage}>{parts.join(' · ')}</p>;
}
