/*
 * A limit's period as players read it (docs/rules.md#safer-gambling): the casino counts deposits and losses over a
 * rolling day (24 hours), week (7 days) and month (30 days). The Safer gambling page and the cashier name them alike.
 */
export type LimitPeriodName = 'DAY' | 'WEEK' | 'MONTH';

export const LIMIT_PERIODS: readonly LimitPeriodName[] = ['DAY', 'WEEK', 'MONTH'];

export const PERIOD_WORDS: Record<
  LimitPeriodName,
  { /** "Daily" */ label: string; /** "daily" */ adjective: string; /** "today" */ current: string }
> = {
  DAY: { label: 'Daily', adjective: 'daily', current: 'today' },
  WEEK: { label: 'Weekly', adjective: 'weekly', current: 'this week' },
  MONTH: { label: 'Monthly', adjective: 'monthly', current: 'this month' },
};

/** The casino's other periods are schema values a newer gateway may add: read as a day, the shortest. */
export const periodWords = (period: string) => PERIOD_WORDS[period as LimitPeriodName] ?? PERIOD_WORDS.DAY;
