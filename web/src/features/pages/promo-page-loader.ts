import { loadQuery } from 'react-relay';
import PromoPageQuery from '../../__generated__/PromoPageQuery$parameters';
import type { PromoPageQuery as PromoPageQueryType } from '../../__generated__/PromoPageQuery.graphql';
import { session } from '../../shared/session';

/**
 * An optional promotional page's content and flag, asked for while the page's code downloads (see
 * features/home/loader.ts). The root query reads only the flags; the content comes with the page that shows it.
 */
export const promoPageLoader = () =>
  loadQuery<PromoPageQueryType>(
    session.environment(),
    PromoPageQuery,
    {},
    { fetchPolicy: 'store-or-network' },
  );
