/** The sandbox's notion of now; tests inject their own. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** Laravel serialises dates as ISO 8601 UTC with microseconds. */
export function isoUtc(date: Date | number): string {
  return new Date(date).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
