import { loadQuery } from 'react-relay';
import PromotionsPageQuery from '../../__generated__/PromotionsPageQuery$parameters';
import type { PromotionsPageQuery as PromotionsPageQueryType } from '../../__generated__/PromotionsPageQuery.graphql';
import { session } from '../../shared/session';

/**
 * /promotions' data, asked for while the page's code downloads (see features/home/loader.ts). The session's own
 * environment serves, so a player gets the signed-in list.
 */
export const promotionsLoader = () =>
  loadQuery<PromotionsPageQueryType>(
    session.environment(),
    PromotionsPageQuery,
    {},
    { fetchPolicy: 'store-or-network' },
  );
