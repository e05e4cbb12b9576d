import { fetchQuery, graphql } from 'react-relay';
import type { Environment } from 'relay-runtime';
import { LIMIT_PERIODS, periodWords, type LimitPeriodName } from '../../shared/limit-periods';
import { formatJohannesburg } from '../../ui/time';

/*
 * What the player's deposit limits leave them (docs/rules.md#safer-gambling), for the cashier to say before they
 * type an amount and to refuse an amount above it at once. The casino checks every deposit again; these words are
 * the casino's own ("This deposit would take you past your daily deposit limit …"), so the form and a refusal read
 * alike.
 */

interface Limit {
  readonly limit: { readonly formatted: string } | null | undefined;
  readonly remaining: { readonly cents: number; readonly formatted: string } | null | undefined;
  readonly resetsAt: string | null | undefined;
}

export type DepositLimits = Readonly<Record<'day' | 'week' | 'month', Limit>>;

export interface Allowance {
  period: LimitPeriodName;
  /** What is left to deposit: the smallest over the periods with a limit. */
  cents: number;
  formatted: string;
  /** The limit that leaves the least, as players read it ("R50.00"). */
  limit: string;
  resetsAt: string | null;
}

const KEYS: Record<LimitPeriodName, 'day' | 'week' | 'month'> = { DAY: 'day', WEEK: 'week', MONTH: 'month' };

/** The smallest amount left over the periods with a limit (the shorter period on a tie); null with no limit set. */
export function depositAllowance(limits: DepositLimits): Allowance | null {
  let least: Allowance | null = null;
  for (const period of LIMIT_PERIODS) {
    const { limit, remaining, resetsAt } = limits[KEYS[period]];
    if (!limit || !remaining) continue;
    if (least && remaining.cents >= least.cents) continue;
    least = {
      period,
      cents: remaining.cents,
      formatted: remaining.formatted,
      limit: limit.formatted,
      resetsAt: resetsAt ?? null,
    };
  }
  return least;
}

/** "You can deposit R30.00 more today", or, with nothing left, when the player can deposit again. */
export function allowanceLine(allowance: Allowance): string {
  const words = periodWords(allowance.period);
  if (allowance.cents > 0) return `You can deposit ${allowance.formatted} more ${words.current}`;
  const again = allowance.resetsAt
    ? ` You can deposit again from ${formatJohannesburg(allowance.resetsAt)}.`
    : '';
  return `You have reached your ${words.adjective} deposit limit of ${allowance.limit}.${again}`;
}

/** Why an amount above what is left is refused, in the casino's words. */
export function aboveAllowance(allowance: Allowance): string {
  if (allowance.cents === 0) return allowanceLine(allowance);
  const until = allowance.resetsAt ? ` until ${formatJohannesburg(allowance.resetsAt)}` : '';
  return `This deposit would take you past your ${periodWords(allowance.period).adjective} deposit limit of ${allowance.limit}. You can deposit ${allowance.formatted} more${until}.`;
}

/** Reads the deposit limits again (after the casino refused a deposit the form let through). */
export function refreshDepositLimits(environment: Environment): void {
  fetchQuery(
    environment,
    graphql`
      query depositAllowanceRefreshQuery {
        viewer {
          id
          safeGambling {
            ...DepositForm_safeGambling
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'network-only', networkCacheConfig: { metadata: { silent: true } } },
  ).subscribe({ error: () => {} });
}
