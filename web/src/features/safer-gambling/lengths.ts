import type { BreakLength } from '../../__generated__/useTakeABreakMutation.graphql';
import type { ExclusionLength } from '../../__generated__/useSelfExcludeMutation.graphql';

/*
 * The lengths a break and a self-exclusion can have (docs/rules.md#safer-gambling), as the player chooses them. The
 * casino decides the end; the end shown before confirming is computed the same way from now, so the player reads
 * the date they are agreeing to.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const BREAK_LENGTHS: readonly { value: BreakLength; label: string; ms: number }[] = [
  { value: 'HOURS_24', label: '24 hours', ms: 24 * HOUR },
  { value: 'DAYS_7', label: '7 days', ms: 7 * DAY },
  { value: 'WEEKS_6', label: '6 weeks', ms: 42 * DAY },
];

export const EXCLUSION_LENGTHS: readonly { value: ExclusionLength; label: string; ms: number }[] = [
  { value: 'MONTHS_6', label: '6 months', ms: 182 * DAY },
  { value: 'YEAR_1', label: '1 year', ms: 365 * DAY },
  { value: 'YEARS_5', label: '5 years', ms: 1826 * DAY },
];

/** A length's label and duration: every value of the schema's enum has one. */
export const breakLength = (value: BreakLength) =>
  BREAK_LENGTHS.find((l) => l.value === value) ?? BREAK_LENGTHS[0]!;
export const exclusionLength = (value: ExclusionLength) =>
  EXCLUSION_LENGTHS.find((l) => l.value === value) ?? EXCLUSION_LENGTHS[0]!;

/** When a break or exclusion of `ms` started at `now` ends. */
export const endsAt = (ms: number, now: Date = new Date()) => new Date(now.getTime() + ms);
