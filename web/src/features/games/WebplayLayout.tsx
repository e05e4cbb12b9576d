import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Outlet, useLoaderData, useMatch } from 'react-router';
import type { WebplayLayoutQuery as WebplayLayoutQueryType } from '../../__generated__/WebplayLayoutQuery.graphql';
import { GamesNav } from './GamesNav';
import { FilterBar } from './FilterBar';

export const WebplayLayoutQuery = graphql`
  query WebplayLayoutQuery @preloadable {
    ...FilterBar_query
  }
`;

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<WebplayLayoutQueryType>;
  return <Webplay queryRef={ref} />;
}

/** /webplay: the games navigation, the filter bar (not on the providers list; no provider filter on a provider's page), then the page. */
function Webplay({ queryRef }: { queryRef: PreloadedQuery<WebplayLayoutQueryType> }) {
  const data = usePreloadedQuery<WebplayLayoutQueryType>(WebplayLayoutQuery, queryRef);
  const onProviders = useMatch('/webplay/game-providers') !== null;
  const onProvider = useMatch('/webplay/provider/:provider') !== null;
  return (
    <>
      <GamesNav />
      {!onProviders && <FilterBar query={data} hideProviders={onProvider} />}
      <Outlet />
    </>
  );
}
