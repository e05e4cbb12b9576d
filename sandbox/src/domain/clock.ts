/** The sandbox's notion of now; tests inject their own. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/**
 * A clock the test controls can move forward (POST /sandbox/clock), so a partner can see a cooling-off or a break
 * end without waiting a day: `base` (the system's clock, or a test's own) plus an offset that only grows.
 */
export function movableClock(base: Clock): { clock: Clock; advance(ms: number): void } {
  let offsetMs = 0;
  return {
    clock: () => new Date(base().getTime() + offsetMs),
    advance(ms) {
      offsetMs += ms;
    },
  };
}

/** Laravel serialises dates as ISO 8601 UTC with microseconds. */
export function isoUtc(date: Date | number): string {
  return new Date(date).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
