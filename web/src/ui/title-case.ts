/** An address's slug as a heading players read: live-roulette → Live Roulette. */
export const titleCase = (slug: string) =>
  slug.replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
