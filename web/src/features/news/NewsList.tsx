import { graphql, usePaginationFragment } from 'react-relay';
import type { NewsList_query$key } from '../../__generated__/NewsList_query.graphql';
import type { NewsListPaginationQuery } from '../../__generated__/NewsListPaginationQuery.graphql';
import { newsCategoryLabel } from './category-label';
import { Button } from '../../ui/Button';
import { ContentImage, POSTER } from '../../shared/content/ContentImage';
import { formatDate } from '../../ui/format-date';
import { NEWS_PAGE_SIZE } from './page-size';
import styles from './NewsPages.module.css';
import { Link } from '../../ui/Link';

/** The first row is above the fold: its pictures load at once. */
const EAGER = 3;

/** Articles newest first, each with its picture, category, date and excerpt, leading to the article. */
export function NewsList({
  query,
  timeZone,
  showCategory,
}: {
  query: NewsList_query$key;
  timeZone: string;
  /** A category's page does not repeat its name on every article. */
  showCategory: boolean;
}) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<
    NewsListPaginationQuery,
    NewsList_query$key
  >(
    graphql`
      fragment NewsList_query on Query
      @argumentDefinitions(
        category: { type: "String" }
        count: { type: "Int", defaultValue: 9 }
        cursor: { type: "String" }
      )
      @refetchable(queryName: "NewsListPaginationQuery") {
        news(category: $category, first: $count, after: $cursor)
          @connection(key: "NewsList_news", filters: ["category"]) {
          totalCount
          edges {
            node {
              id
              slug
              title
              category
              excerpt
              image
              publishedAt
            }
          }
        }
      }
    `,
    query,
  );
  const edges = data.news?.edges ?? [];
  if (edges.length === 0) {
    return (
      <div className={styles.empty}>
        <p>No news here yet. New games, winners and offers are posted here as they happen.</p>
      </div>
    );
  }
  return (
    <>
      <ul className={styles.grid}>
        {edges.map(({ node: article }, i) => (
          <li key={article.id}>
            <article className={styles.card}>
              <ContentImage
                src={article.image}
                fallback={article.title}
                size={POSTER.card}
                sizes="(max-width: 599px) 92vw, (max-width: 1100px) 45vw, 400px"
                priority={i < EAGER}
              />
              <div className={styles.cardBody}>
                <p className={styles.meta}>
                  {showCategory && (
                    <>
                      <Link to={`/news/category/${encodeURIComponent(article.category)}`}>
                        {newsCategoryLabel(article.category)}
                      </Link>
                      {' · '}
                    </>
                  )}
                  <time dateTime={article.publishedAt}>{formatDate(article.publishedAt, timeZone)}</time>
                </p>
                <h2 className={styles.cardTitle}>
                  <Link to={`/news/${encodeURIComponent(article.slug)}`} className={styles.cardLink}>
                    {article.title}
                  </Link>
                </h2>
                {article.excerpt && <p className={styles.excerpt}>{article.excerpt}</p>}
              </div>
            </article>
          </li>
        ))}
      </ul>
      <div className={styles.more}>
        <p aria-live="polite">
          Showing {edges.length} of {data.news?.totalCount ?? edges.length}
        </p>
        {hasNext && (
          <Button variant="ghost" onClick={() => loadNext(NEWS_PAGE_SIZE)} disabled={isLoadingNext}>
            {isLoadingNext ? 'Loading…' : 'Show more'}
          </Button>
        )}
      </div>
    </>
  );
}
