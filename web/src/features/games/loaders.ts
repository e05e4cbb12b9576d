import { loadQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router';
import CataloguePageQuery from '../../__generated__/CataloguePageQuery$parameters';
import type { CataloguePageQuery as CataloguePageQueryType } from '../../__generated__/CataloguePageQuery.graphql';
import ProvidersPageQuery from '../../__generated__/ProvidersPageQuery$parameters';
import type { ProvidersPageQuery as ProvidersPageQueryType } from '../../__generated__/ProvidersPageQuery.graphql';
import WebplayLayoutQuery from '../../__generated__/WebplayLayoutQuery$parameters';
import type { WebplayLayoutQuery as WebplayLayoutQueryType } from '../../__generated__/WebplayLayoutQuery.graphql';
import { session } from '../../shared/session';
import type { CatalogueFilter } from './catalogue-filters';
import { gameQueryOf, readFilter } from './filter-params';

/*
 * The game screens' loaders, kept apart from the screens' code so a route starts its request while that code is
 * still downloading (render-as-you-fetch): only the queries' persisted ids load with the app (their `$parameters`
 * artifacts, from `@preloadable`); each query's document comes with its screen (app/routes.tsx).
 */

/** The filter bar's choices (providers, features, themes, paylines), loaded once for every /webplay page. */
export const webplayLoader = () =>
  loadQuery<WebplayLayoutQueryType>(
    session.environment(),
    WebplayLayoutQuery,
    {},
    { fetchPolicy: 'store-or-network' },
  );

/**
 * A catalogue page's games, narrowed by the filter bar's state in the address, asked for before the page renders
 * (one request). A newer address supersedes an older one's result (the router keeps the latest).
 */
export const catalogueLoader =
  (route: CatalogueFilter) =>
  ({ params, request }: LoaderFunctionArgs) => {
    const base = route.filter(params as Record<string, string>);
    return loadQuery<CataloguePageQueryType>(
      session.environment(),
      CataloguePageQuery,
      {
        ...gameQueryOf(base, route.sort ?? null, readFilter(new URL(request.url).searchParams)),
        // A provider's page also asks for the provider (its name and description).
        provider: base.provider ?? '',
        withProvider: Boolean(base.provider),
      },
      { fetchPolicy: 'store-or-network' },
    );
  };

/** The provider list. */
export const providersLoader = () =>
  loadQuery<ProvidersPageQueryType>(
    session.environment(),
    ProvidersPageQuery,
    {},
    { fetchPolicy: 'store-or-network' },
  );
