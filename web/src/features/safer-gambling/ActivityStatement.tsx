import { useState, useTransition } from 'react';
import { graphql, useRefetchableFragment } from 'react-relay';
import type { ActivityStatement_query$key } from '../../__generated__/ActivityStatement_query.graphql';
import type { ActivityStatementRefetchQuery } from '../../__generated__/ActivityStatementRefetchQuery.graphql';
import { Button } from '../../ui/Button';
import {
  downloadStatement,
  STATEMENT_AMOUNTS,
  type StatementPeriod,
  type StatementRow,
} from './activity-csv';
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
 * every movement of the player's cash (opening cash, deposits, refunds, withdrawals, stakes, wins, buy-ins, prizes,
 * chest rewards, bonus released, the net result of play, closing cash) and time played, as the casino's ledger has
 * them, and the same as a CSV file. Choosing another period keeps the table on screen until the new one has arrived.
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
            openingCash {
              cents
              formatted
            }
            deposits {
              cents
              formatted
            }
            refunds {
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
            buyIns {
              cents
              formatted
            }
            prizes {
              cents
              formatted
            }
            chestRewards {
              cents
              formatted
            }
            bonusReleases {
              cents
              formatted
            }
            net {
              cents
              formatted
            }
            closingCash {
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
    openingCashCents: row.openingCash.cents,
    depositsCents: row.deposits.cents,
    refundsCents: row.refunds.cents,
    withdrawalsCents: row.withdrawals.cents,
    stakesCents: row.stakes.cents,
    winsCents: row.wins.cents,
    buyInsCents: row.buyIns.cents,
    prizesCents: row.prizes.cents,
    chestRewardsCents: row.chestRewards.cents,
    bonusReleasesCents: row.bonusReleases.cents,
    netCents: row.net.cents,
    closingCashCents: row.closingCash.cents,
    minutesPlayed: row.minutesPlayed,
  }));
  // Something happened: money moved or the player played (a balance alone, untouched, is nothing to show).
  const anything = rows.some(
    (r) =>
      r.minutesPlayed ||
      STATEMENT_AMOUNTS.some((a) => a.key !== 'openingCashCents' && a.key !== 'closingCashCents' && r[a.key]),
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
        Every movement of your cash, as our records have it: what you paid in and took out, what you staked
        and won, and how long you played for real money. Net is the result of your play: wins, prizes, chest
        rewards and bonus released, less stakes and buy-ins. Opening cash plus deposits, less refunds and
        withdrawals, plus net, is your closing cash. Bonus money is left out until it becomes cash. Times are
        South African.
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
                  {STATEMENT_AMOUNTS.map((a) => (
                    <th key={a.key} scope="col">
                      {a.heading}
                    </th>
                  ))}
                  <th scope="col">Time played</th>
                </tr>
              </thead>
              <tbody>
                {(activity ?? []).map((row) => (
                  <tr key={row.start}>
                    <th scope="row">{row.label}</th>
                    <td>{row.openingCash.formatted}</td>
                    <td>{row.deposits.formatted}</td>
                    <td>{row.refunds.formatted}</td>
                    <td>{row.withdrawals.formatted}</td>
                    <td>{row.stakes.formatted}</td>
                    <td>{row.wins.formatted}</td>
                    <td>{row.buyIns.formatted}</td>
                    <td>{row.prizes.formatted}</td>
                    <td>{row.chestRewards.formatted}</td>
                    <td>{row.bonusReleases.formatted}</td>
                    <td>{row.net.formatted}</td>
                    <td>{row.closingCash.formatted}</td>
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
