import type { CatalogueRoute } from './CataloguePage';
import { titleCase } from '../../ui/title-case';

/*
 * The catalogue pages (docs/rules.md#catalogue): what each lists, as a filter built from its address. The page
 * code itself loads with the first catalogue page visited.
 */

export const CATALOGUE_ROUTES = {
  all: {
    title: () => 'All games',
    lead: 'Every game in the catalogue.',
    filter: () => ({}),
    sort: 'ALPHA_ASC',
  },
  category: {
    title: (p) => titleCase(p.category ?? 'Games'),
    lead: 'The games of this category.',
    filter: (p) => ({ category: p.category ?? '' }),
  },
  subgroup: {
    title: (p) => `${titleCase(p.subgroup ?? '')} games`,
    lead: 'The games of this group.',
    filter: (p) => ({ subgroup: p.subgroup ?? '' }),
  },
  favourites: {
    title: () => 'Favourite games',
    lead: 'The games you marked with a heart.',
    filter: () => ({ collection: 'FAVOURITES' }),
    empty: 'No favourites yet. Press the heart on a game to keep it here.',
  },
  liveCasino: {
    title: () => 'Live casino',
    lead: 'Live roulette, blackjack, baccarat and game shows with real dealers.',
    filter: () => ({ collection: 'LIVE_CASINO' }),
  },
  mostPopular: {
    title: () => 'Most popular',
    lead: 'What South African players play most.',
    filter: () => ({ collection: 'MOST_POPULAR' }),
  },
  newGames: {
    title: () => 'New games',
    lead: 'The 50 newest games.',
    filter: () => ({ collection: 'NEW' }),
  },
  recentGames: {
    title: () => 'Recently played',
    lead: 'The games you played last.',
    filter: () => ({ collection: 'RECENT' }),
    empty: 'No games played yet. The games you play for real show here.',
  },
  featuredGames: {
    title: () => 'Featured games',
    lead: 'Our picks this week.',
    filter: () => ({ collection: 'FEATURED' }),
  },
  provider: {
    title: (p) => titleCase(p.provider ?? 'Provider'),
    lead: 'The games of this provider.',
    filter: (p) => ({ provider: p.provider ?? '' }),
  },
  desktop: {
    title: () => 'Desktop games',
    lead: 'Games made for a big screen.',
    filter: () => ({ collection: 'DESKTOP' }),
  },
  mobile: {
    title: () => 'Mobile games',
    lead: 'Games that play well on your phone.',
    filter: () => ({ collection: 'MOBILE' }),
  },
  bonusPlay: {
    title: () => 'Bonus play games',
    lead: 'Games you can play with your bonus balance.',
    filter: () => ({ collection: 'BONUS_PLAY' }),
  },
  freeBet: {
    title: () => 'Free bet games',
    lead: 'Games that take free bets.',
    filter: () => ({ collection: 'FREE_BET' }),
  },
} satisfies Record<string, CatalogueRoute>;
