/**
 * The nearest-rank percentile: the smallest sample with at least p % of the samples at or below it. It is always
 * one of the measured values (no interpolation), so with 30 rounds p99 is simply the slowest round.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError('percentile of no values');
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[rank - 1]!;
}

export interface Summary {
  /** How many samples the figures are of. */
  count: number;
  p50: number;
  p99: number;
  min: number;
  max: number;
  mean: number;
}

/** p50, p99, extremes and mean of some samples, or null when there are none (every round failed). */
export function summarize(values: readonly number[]): Summary | null {
  if (values.length === 0) return null;
  return {
    count: values.length,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    min: Math.min(...values),
    max: Math.max(...values),
    mean: values.reduce((sum, v) => sum + v, 0) / values.length,
  };
}
