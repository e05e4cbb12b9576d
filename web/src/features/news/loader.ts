import { loadQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router';
import NewsPagesArticleQuery from '../../__generated__/NewsPagesArticleQuery$parameters';
import type { NewsPagesArticleQuery as NewsPagesArticleQueryType } from '../../__generated__/NewsPagesArticleQuery.graphql';
import NewsPagesListQuery from '../../__generated__/NewsPagesListQuery$parameters';
import type { NewsPagesListQuery as NewsPagesListQueryType } from '../../__generated__/NewsPagesListQuery.graphql';
import { session } from '../../shared/session';
import { NEWS_PAGE_SIZE } from './page-size';

/* The news pages' data, asked for while their code downloads (see features/home/loader.ts). */

const list = (category: string | null) =>
  loadQuery<NewsPagesListQueryType>(
    session.environment(),
    NewsPagesListQuery,
    { category, count: NEWS_PAGE_SIZE },
    { fetchPolicy: 'store-or-network' },
  );

/** /news: every article, newest first. */
export const newsListLoader = () => list(null);

/** /news/category/{category}: that category's articles. */
export const newsCategoryLoader = ({ params }: LoaderFunctionArgs) => list(params.category ?? '');

/** /news/{article}: the article with its body. */
export const newsArticleLoader = ({ params }: LoaderFunctionArgs) =>
  loadQuery<NewsPagesArticleQueryType>(
    session.environment(),
    NewsPagesArticleQuery,
    { slug: params.article ?? '' },
    { fetchPolicy: 'store-or-network' },
  );
