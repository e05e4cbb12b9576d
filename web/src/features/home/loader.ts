import { loadQuery } from 'react-relay';
import HomePageQuery, {
  type HomePageQuery as HomePageQueryType,
} from '../../__generated__/HomePageQuery.graphql';
import { session } from '../../shared/session';

/**
 * The whole home screen's data, asked for before it renders (one request). Kept apart from the screen's code so
 * the route starts the request while that code is still downloading (render-as-you-fetch).
 */
export const homeLoader = () =>
  loadQuery<HomePageQueryType>(session.environment(), HomePageQuery, {}, { fetchPolicy: 'store-or-network' });
