import type { GameCollection, GameFilter, GameSort } from '../../__generated__/CataloguePageQuery.graphql';

/*
 * What each catalogue page lists (docs/rules.md#catalogue), as a filter built from its address: all its loader needs,
 * so only this comes with the app (app/routes.tsx). The pages' words (titles, leads, descriptions) come with the page
 * code, with the first catalogue page visited (./catalogue-routes.ts).
 */

export interface CatalogueFilter {
  filter: (params: Record<string, string>) => GameFilter;
  sort?: GameSort;
}

/** A page listing one of the catalogue's collections, whatever its address. */
const collection = (name: GameCollection): CatalogueFilter => ({ filter: () => ({ collection: name }) });

export const CATALOGUE_FILTERS = {
  all: {
    filter: () => ({}),
    sort: 'ALPHA_ASC',
  },
  category: {
    filter: (p) => ({ category: p.category ?? '' }),
  },
  subgroup: {
    filter: (p) => ({ subgroup: p.subgroup ?? '' }),
  },
  favourites: collection('FAVOURITES'),
  liveCasino: collection('LIVE_CASINO'),
  mostPopular: collection('MOST_POPULAR'),
  newGames: collection('NEW'),
  recentGames: collection('RECENT'),
  featuredGames: collection('FEATURED'),
  provider: {
    filter: (p) => ({ provider: p.provider ?? '' }),
  },
  desktop: collection('DESKTOP'),
  mobile: collection('MOBILE'),
  bonusPlay: collection('BONUS_PLAY'),
  freeBet: collection('FREE_BET'),
} satisfies Record<string, CatalogueFilter>;

/** A catalogue page, by the name app/routes.tsx and the page know it by. */
export type CatalogueKey = keyof typeof CATALOGUE_FILTERS;
