import { useState, useTransition } from 'react';
import { graphql, useRefetchableFragment } from 'react-relay';
import type { ActivityStatement_query$key } from '../../__generated__/ActivityStatement_query.graphql';
import type { ActivityStatementRefetchQuery } from '../../__generated__/ActivityStatementRefetchQuery.graphql';
import { Button } from '../../ui/Button';
import { downloadStatement, type StatementPeriod, type StatementRow } from './activity-csv';
import styles from './breaks.module.css';

const PERIODS: readonly { value: StatementPeriod; label: string }[] = [
  { value: 'DAY', label: 'Daily' },
  { value: 'WEEK', label: 'Weekly' },
  { value: 'MONTH', label: 'Monthly' },
];

/** Minutes as the site writes durations (docs/rules.md#audience-and-time): 'HH H MM M'. */
const duration = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')} H ${String(minutes % 60).padStart(2, '0')} M`;

/**
 * "Activity statement" (docs/rules.md#safer-gambling): per day, week or month (Johannesburg's calendar), newest first,
 * the deposits, withdrawals, stakes, wins, net result and time played, as the casino's ledger has them, and the same
 * as a CSV file. Choosing another period keeps the table on screen until the new one has arrived.
 */
export function ActivityStatement(props: { query: ActivityStatement_query$key }) {
  const [data, refetch] = useRefetchableFragment<ActivityStatementRefetchQuery, ActivityStatement_query$key>(
    graphql`
      fragment ActivityStatement_query on Query
      @refetchable(queryName: "ActivityStatementRefetchQuery")
      @argumentDefinitions(period: { type: "ActivityPeriod", defaultValue: DAY }) {
        viewer {
          activity(period: $period, first: 12) {
            start
            label
            deposits {
              cents
              formatted
            }
            withdrawals {
              cents
              formatted
            }
            stakes {
              cents
              formatted
            }
            wins {
              cents
              formatted
            }
            net {
              cents
              formatted
            }
            minutesPlayed
          }
        }
      }
    `,
    props.query,
  );
  const [period, setPeriod] = useState<StatementPeriod>('DAY');
  const [pending, startTransition] = useTransition();
  const activity = data.viewer?.activity ?? null;
  const rows: StatementRow[] = (activity ?? []).map((row) => ({
    label: row.label,
    depositsCents: row.deposits.cents,
    withdrawalsCents: row.withdrawals.cents,
    stakesCents: row.stakes.cents,
    winsCents: row.wins.cents,
    netCents: row.net.cents,
    minutesPlayed: row.minutesPlayed,
  }));
  const anything = rows.some(
    (r) => r.depositsCents || r.withdrawalsCents || r.stakesCents || r.winsCents || r.minutesPlayed,
  );

  const choose = (next: StatementPeriod) => {
    setPeriod(next);
    startTransition(() => {
      refetch({ period: next }, { fetchPolicy: 'store-and-network' });
    });
  };
  const again = () =>
    startTransition(() => {
      refetch({ period }, { fetchPolicy: 'network-only' });
    });

  return (
    <section id="activity-statement" className={styles.section} aria-labelledby="activity-title">
      <h2 id="activity-title">Activity statement</h2>
      <p>
        What you paid in, took out, staked and won, and how long you played for real money, as our records
        have it. Bonus money is left out. Times are South African.
      </p>
      <div className={styles.panel}>
        <div className={styles.toolbar}>
          <div className={styles.periods} role="group" aria-label="Statement period">
            {PERIODS.map((option) => (
              <button
                key={option.value}
                type="button"
                className={styles.period}
                aria-pressed={period === option.value}
                onClick={() => choose(option.value)}
              >
                {option.label}
              </button>
            ))}
          </div>
          {anything && (
            <Button variant="ghost" onClick={() => downloadStatement(period, rows)}>
              Download CSV
            </Button>
          )}
        </div>
        {activity === null ? (
          <div role="alert">
            <p className={styles.error}>We could not load your statement just now.</p>
            <Button variant="ghost" onClick={again}>
              Try again
            </Button>
          </div>
        ) : !anything ? (
          <p className={styles.state}>
            Nothing to show yet: your deposits, withdrawals and real-money play will appear here.
          </p>
        ) : (
          // Focusable, so a keyboard can scroll it sideways on a phone.
          <div
            className={styles.tableScroll}
            aria-busy={pending}
            role="group"
            aria-label="Activity statement table"
            tabIndex={0}
          >
            <table className={styles.table}>
              <caption>Activity statement</caption>
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  <th scope="col">Deposits</th>
                  <th scope="col">Withdrawals</th>
                  <th scope="col">Staked</th>
                  <th scope="col">Won</th>
                  <th scope="col">Net</th>
                  <th scope="col">Time played</th>
                </tr>
              </thead>
              <tbody>
                {(activity ?? []).map((row) => (
                  <tr key={row.start}>
                    <th scope="row">{row.label}</th>
                    <td>{row.deposits.formatted}</td>
                    <td>{row.withdrawals.formatted}</td>
                    <td>{row.stakes.formatted}</td>
                    <td>{row.wins.formatted}</td>
                    <td>{row.net.formatted}</td>
                    <td>{duration(row.minutesPlayed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
