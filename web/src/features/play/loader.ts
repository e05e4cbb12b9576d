import { loadQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router';
import GamePageQuery from '../../__generated__/GamePageQuery$parameters';
import type { GamePageQuery as GamePageQueryType } from '../../__generated__/GamePageQuery.graphql';
import { session } from '../../shared/session';

/** /game/{code}'s game, asked for while the page's code downloads (see features/home/loader.ts). */
export const gameLoader = ({ params }: LoaderFunctionArgs) =>
  loadQuery<GamePageQueryType>(
    session.environment(),
    GamePageQuery,
    { code: params.gameCode ?? '' },
    { fetchPolicy: 'store-or-network' },
  );
