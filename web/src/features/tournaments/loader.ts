import { loadQuery } from 'react-relay';
import TournamentsPageQuery from '../../__generated__/TournamentsPageQuery$parameters';
import type { TournamentsPageQuery as TournamentsPageQueryType } from '../../__generated__/TournamentsPageQuery.graphql';
import { session } from '../../shared/session';

/**
 * The tournaments screen's data, asked for before it renders. Kept apart from the screen's code so the route
 * starts the request while that code is still downloading (render-as-you-fetch). Stages and leaderboards move, so
 * a visit shows what the store has at once and reads it anew.
 */
export const tournamentsLoader = () =>
  loadQuery<TournamentsPageQueryType>(
    session.environment(),
    TournamentsPageQuery,
    {},
    { fetchPolicy: 'store-and-network' },
  );
