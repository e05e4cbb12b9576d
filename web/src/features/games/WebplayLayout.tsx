import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Outlet, useLoaderData, useMatch } from 'react-router';
import type { WebplayLayoutQuery as WebplayLayoutQueryType } from '../../__generated__/WebplayLayoutQuery.graphql';
import { GamesNav } from '../../app/layout/GamesNav';
import { currentEnvironment } from '../../app/relay/current';
import { ScreenEnvironment } from '../../app/ScreenEnvironment';
import { FilterBar } from './FilterBar';

export const WebplayLayoutQuery = graphql`
  query WebplayLayoutQuery {
    ...FilterBar_query
  }
`;

/** The filter bar's choices (providers, features, themes, paylines), loaded once for every /webplay page. */
export const loader = () =>
  loadQuery<WebplayLayoutQueryType>(
    currentEnvironment(),
    WebplayLayoutQuery,
    {},
    { fetchPolicy: 'store-or-network' },
  );

/** The filter bar only narrows the lists it sits above, not itself: it loads once per visit to /webplay. */
export const shouldRevalidate = () => false;

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<WebplayLayoutQueryType>;
  return (
    <ScreenEnvironment queryRef={ref}>
      <Webplay queryRef={ref} />
    </ScreenEnvironment>
  );
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
