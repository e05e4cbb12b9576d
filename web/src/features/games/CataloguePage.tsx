import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useParams, useSearchParams } from 'react-router';
import type {
  CataloguePageQuery as CataloguePageQueryType,
  GameSort,
} from '../../__generated__/CataloguePageQuery.graphql';
import { Page } from '../../shared/page/Page';
import type { PageHeadProps } from '../../shared/page/PageHead';
import { useSiteOrigin } from '../../shared/page/site-origin';
import { providerData } from '../../shared/page/structured-data';
import { markNotFound } from '../../shared/render-context';
import { readFilter, SORTS, writeFilter } from './filter-params';
import type { CatalogueFilter, CatalogueKey } from './catalogue-filters';
import { catalogueRoute } from './catalogue-routes';
import { GameGrid } from '../../shared/games/GameGrid';

export const CataloguePageQuery = graphql`
  query CataloguePageQuery($filter: GameFilter, $sort: GameSort, $provider: String!, $withProvider: Boolean!)
  @preloadable {
    ...GameGrid_query @arguments(filter: $filter, sort: $sort)
    # A provider's page is titled with the name players know it by, and says a word about it.
    gameProvider(product: $provider) @include(if: $withProvider) {
      product
      shortname
      description
    }
    # Its games' pages, for search engines (the page's JSON-LD), whatever the filter bar narrows the grid to.
    providerGames: games(first: 100, filter: { provider: $provider }) @include(if: $withProvider) {
      edges {
        node {
          code
        }
      }
    }
  }
`;

/** What one catalogue route lists: its filter from the address, its order, and its title. */
export interface CatalogueRoute extends CatalogueFilter {
  title: (params: Record<string, string>) => string;
  /** What the page lists, without its order (the order the list is in is added: it follows the sort). */
  lead: string;
  /**
   * What the page offers, for search results and link previews (PageHead); left out on a player's own lists
   * (favourites, recently played), which are nobody else's business.
   */
  description?: (params: Record<string, string>) => string;
  /** What the page says while its list is empty and the filter bar narrows nothing (else 'Not found'). */
  empty?: string;
}

export function CataloguePage({ route }: { route: CatalogueKey }) {
  const ref = useLoaderData() as PreloadedQuery<CataloguePageQueryType>;
  return <Catalogue route={catalogueRoute(route)} queryRef={ref} />;
}

/** A catalogue page: its title and the grid of its games. */
function Catalogue({
  route,
  queryRef,
}: {
  route: CatalogueRoute;
  queryRef: PreloadedQuery<CataloguePageQueryType>;
}) {
  const data = usePreloadedQuery<CataloguePageQueryType>(CataloguePageQuery, queryRef);
  // A provider the casino does not know: the empty page, answered 404 when served from the server.
  if (queryRef.variables.withProvider && !data.gameProvider) markNotFound();
  const params = useParams() as Record<string, string>;
  const origin = useSiteOrigin();
  const provider = data.gameProvider;
  const title = provider?.shortname ?? route.title(params);
  const [search] = useSearchParams();
  const state = readFilter(search);
  // Narrowed by the filter bar (a sort does not narrow): 'Not found' is the honest result then.
  const narrowed = writeFilter({ ...state, sort: null }).size > 0;
  const order = orderOf(state.sort, route.sort);
  const lead = [data.gameProvider?.description ?? route.lead, order && `Sorted ${order}.`]
    .filter(Boolean)
    .join(' ');
  const head: Omit<PageHeadProps, 'title'> | undefined = provider
    ? {
        description: `${provider.description ?? `Games by ${provider.shortname}.`} Play ${provider.shortname}'s games at PlayLive Casino, in rand or as free demos.`,
        jsonLd: providerData(
          origin,
          provider,
          (data.providerGames?.edges ?? []).map((e) => e.node.code),
        ),
      }
    : route.description && { description: route.description(params) };
  return (
    <Page title={title} lead={lead} wide {...(head ? { head } : {})}>
      <GameGrid query={data} label={title} {...(route.empty && !narrowed ? { empty: route.empty } : {})} />
    </Page>
  );
}

/** The order the list is in, as the subtitle says it: the player's sort, else the page's own (null: the backend's). */
function orderOf(chosen: string | null, own: GameSort | undefined): string | null {
  const sort = SORTS.find((s) => s.value === chosen) ?? SORTS.find((s) => s.sort === own);
  return sort ? sort.label.replace(/^Newest/, 'newest') : null;
}
