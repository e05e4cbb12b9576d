import type { CatalogueRoute } from './CataloguePage';
import { CATALOGUE_FILTERS, type CatalogueFilter, type CatalogueKey } from './catalogue-filters';
import { titleCase } from '../../ui/title-case';

/*
 * The catalogue pages (docs/rules.md#catalogue): what each says about itself, with what it lists
 * (./catalogue-filters.ts, which comes with the app for the pages' loaders). This comes with the page code, with the
 * first catalogue page visited.
 */

const WORDS = {
  all: {
    title: () => 'All games',
    lead: 'Every game in the catalogue.',
    description: () =>
      'Every game at PlayLive Casino, A to Z: slots, live casino, table games and more. Play in rand or try the demos free.',
  },
  category: {
    title: (p) => titleCase(p.category ?? 'Games'),
    lead: 'The games of this category.',
    description: (p) =>
      `${titleCase(p.category ?? 'Games')} at PlayLive Casino: every game of the kind in our catalogue, to play in rand or try free as a demo.`,
  },
  subgroup: {
    title: (p) => `${titleCase(p.subgroup ?? '')} games`,
    lead: 'The games of this group.',
    description: (p) =>
      `${titleCase(p.subgroup ?? '')} games at PlayLive Casino: the games of this group, to play in rand or try free as a demo.`,
  },
  favourites: {
    title: () => 'Favourite games',
    lead: 'The games you marked with a heart.',
    empty: 'No favourites yet. Press the heart on a game to keep it here.',
  },
  liveCasino: {
    title: () => 'Live casino',
    lead: 'Live roulette, blackjack, baccarat and game shows with real dealers.',
    description: () =>
      'Live roulette, blackjack, baccarat and game shows with real dealers, streamed to your phone or computer. Play in rand at PlayLive Casino.',
  },
  mostPopular: {
    title: () => 'Most popular',
    lead: 'What South African players play most.',
    description: () =>
      'The most popular games at PlayLive Casino: the slots and live tables South African players play most right now.',
  },
  newGames: {
    title: () => 'New games',
    lead: 'The 50 newest games.',
    description: () =>
      'The 50 newest games at PlayLive Casino: the latest slots and live tables from our studios, to try free or play in rand.',
  },
  recentGames: {
    title: () => 'Recently played',
    lead: 'The games you played last.',
    empty: 'No games played yet. The games you play for real show here.',
  },
  featuredGames: {
    title: () => 'Featured games',
    lead: 'Our picks this week.',
    description: () =>
      "Featured games at PlayLive Casino: this week's picks from our team, slots and live tables to try free or play in rand.",
  },
  provider: {
    title: (p) => titleCase(p.provider ?? 'Provider'),
    lead: 'The games of this provider.',
    description: (p) => `${titleCase(p.provider ?? 'Provider')} games at PlayLive Casino.`,
  },
  desktop: {
    title: () => 'Desktop games',
    lead: 'Games made for a big screen.',
    description: () =>
      'Desktop games at PlayLive Casino: slots and tables made for a big screen, to play in rand or try free as a demo.',
  },
  mobile: {
    title: () => 'Mobile games',
    lead: 'Games that play well on your phone.',
    description: () =>
      'Mobile games at PlayLive Casino: slots and live tables that play well on your phone, in rand or as free demos.',
  },
  bonusPlay: {
    title: () => 'Bonus play games',
    lead: 'Games you can play with your bonus balance.',
    description: () =>
      'Bonus play games at PlayLive Casino: the slots and tables you can play with your bonus balance as well as your cash.',
  },
  freeBet: {
    title: () => 'Free bet games',
    lead: 'Games that take free bets.',
    description: () =>
      'Free bet games at PlayLive Casino: the games your free bets can be played on, to try free as a demo or play in rand.',
  },
} satisfies Record<CatalogueKey, Omit<CatalogueRoute, keyof CatalogueFilter>>;

/** A catalogue page's words and what it lists. */
export const catalogueRoute = (key: CatalogueKey): CatalogueRoute => ({
  ...CATALOGUE_FILTERS[key],
  ...WORDS[key],
});
