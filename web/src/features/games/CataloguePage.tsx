import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useParams, useSearchParams } from 'react-router';
import type {
  CataloguePageQuery as CataloguePageQueryType,
  GameFilter,
  GameSort,
} from '../../__generated__/CataloguePageQuery.graphql';
import { Page } from '../../shared/page/Page';
import { readFilter, writeFilter } from './filter-params';
import { GameGrid } from '../../shared/games/GameGrid';

export const CataloguePageQuery = graphql`
  query CataloguePageQuery($filter: GameFilter, $sort: GameSort) {
    ...GameGrid_query @arguments(filter: $filter, sort: $sort)
  }
`;

/** What one catalogue route lists: its filter from the address, its order, and its title. */
export interface CatalogueRoute {
  title: (params: Record<string, string>) => string;
  lead: string;
  filter: (params: Record<string, string>) => GameFilter;
  sort?: GameSort;
  /** What the page says while its list is empty and the filter bar narrows nothing (else 'Not found'). */
  empty?: string;
}

export function CataloguePage({ route }: { route: CatalogueRoute }) {
  const ref = useLoaderData() as PreloadedQuery<CataloguePageQueryType>;
  return <Catalogue route={route} queryRef={ref} />;
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
  const params = useParams() as Record<string, string>;
  const title = route.title(params);
  const [search] = useSearchParams();
  // Narrowed by the filter bar (a sort does not narrow): 'Not found' is the honest result then.
  const narrowed = writeFilter({ ...readFilter(search), sort: null }).size > 0;
  return (
    <Page title={title} lead={route.lead} wide>
      <GameGrid query={data} label={title} {...(route.empty && !narrowed ? { empty: route.empty } : {})} />
    </Page>
  );
}
