import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useParams } from 'react-router';
import type { NewsPagesArticleQuery as NewsPagesArticleQueryType } from '../../__generated__/NewsPagesArticleQuery.graphql';
import type { NewsPagesListQuery as NewsPagesListQueryType } from '../../__generated__/NewsPagesListQuery.graphql';
import { newsCategoryLabel } from './category-label';
import NotFoundPage from '../../shared/page/NotFoundPage';
import { Page } from '../../shared/page/Page';
import { useSiteOrigin } from '../../shared/page/site-origin';
import { articleData } from '../../shared/page/structured-data';
import { ContentImage, POSTER } from '../../shared/content/ContentImage';
import { PartError } from '../../shared/content/PartError';
import { useRetry } from '../../shared/relay/useRetry';
import { CategoryNav } from './CategoryNav';
import { formatDate } from '../../ui/format-date';
import { NewsList } from './NewsList';
import styles from './NewsPages.module.css';
import { Link } from '../../ui/Link';

/*
 * The news: every article (/news), one category's (/news/category/{category}) and one article (/news/{article}).
 * Dates are on the site's clock (Africa/Johannesburg). An unknown category or article is not found.
 */

export const NewsPagesListQuery = graphql`
  query NewsPagesListQuery($category: String, $count: Int!) @preloadable {
    site {
      timeZone
    }
    # Every category there is, for the navigation and to tell an unknown category from an empty one.
    categories: news(first: 100) @catch(to: RESULT) {
      edges {
        node {
          category
        }
      }
    }
    news(category: $category, first: $count) {
      totalCount
    }
    ...NewsList_query @arguments(category: $category, count: $count)
  }
`;

export const NewsPagesArticleQuery = graphql`
  query NewsPagesArticleQuery($slug: String!) @preloadable {
    site {
      timeZone
    }
    newsArticle(slug: $slug) @catch(to: RESULT) {
      title
      category
      excerpt
      body
      image
      publishedAt
    }
  }
`;

const JOHANNESBURG = 'Africa/Johannesburg';

export function NewsListPage() {
  return <NewsListScreen category={null} />;
}

export function NewsCategoryPage() {
  const { category = '' } = useParams();
  return <NewsListScreen category={category} />;
}

function NewsListScreen({ category }: { category: string | null }) {
  const ref = useLoaderData() as PreloadedQuery<NewsPagesListQueryType>;
  return <NewsListBody queryRef={ref} category={category} />;
}

function NewsListBody({
  queryRef,
  category,
}: {
  queryRef: PreloadedQuery<NewsPagesListQueryType>;
  category: string | null;
}) {
  const data = usePreloadedQuery<NewsPagesListQueryType>(NewsPagesListQuery, queryRef);
  const { retry, retrying } = useRetry<NewsPagesListQueryType>(NewsPagesListQuery, queryRef.variables);
  const timeZone = data.site?.timeZone ?? JOHANNESBURG;
  const categories = data.categories.ok
    ? (data.categories.value?.edges.map((e) => e.node.category) ?? [])
    : null;

  // A category no article has (or a name that could not be one) does not exist; one whose articles the list
  // holds does, even beyond the first hundred articles the navigation reads.
  if (
    category !== null &&
    categories !== null &&
    !categories.includes(category) &&
    (data.news?.totalCount ?? 0) === 0
  ) {
    return <NotFoundPage />;
  }

  const title = category === null ? 'News' : `News: ${newsCategoryLabel(category)}`;
  return (
    <Page
      title={title}
      lead={
        category === null
          ? 'New games, big winners, promotions and guides from PlayLive.'
          : `Stories filed under ${newsCategoryLabel(category)}, newest first.`
      }
      wide
      head={{
        description:
          category === null
            ? 'News from PlayLive Casino: new games, big winners, promotions and guides for South African players.'
            : `${newsCategoryLabel(category)}: the PlayLive Casino news filed under it, newest first.`,
      }}
    >
      {categories === null || data.news == null ? (
        <PartError message="We could not load the news just now." retry={retry} retrying={retrying} />
      ) : (
        <>
          <CategoryNav categories={categories} />
          <NewsList query={data} timeZone={timeZone} showCategory={category === null} />
        </>
      )}
    </Page>
  );
}

export function NewsArticlePage() {
  const ref = useLoaderData() as PreloadedQuery<NewsPagesArticleQueryType>;
  return <NewsArticle queryRef={ref} />;
}

function NewsArticle({ queryRef }: { queryRef: PreloadedQuery<NewsPagesArticleQueryType> }) {
  const data = usePreloadedQuery<NewsPagesArticleQueryType>(NewsPagesArticleQuery, queryRef);
  const { retry, retrying } = useRetry<NewsPagesArticleQueryType>(NewsPagesArticleQuery, queryRef.variables);
  const timeZone = data.site?.timeZone ?? JOHANNESBURG;
  const origin = useSiteOrigin();
  const slug = queryRef.variables.slug;

  if (!data.newsArticle.ok) {
    return (
      <Page title="News">
        <PartError message="We could not load this article just now." retry={retry} retrying={retrying} />
      </Page>
    );
  }
  const article = data.newsArticle.value;
  if (!article) return <NotFoundPage />;

  const categoryPath = `/news/category/${encodeURIComponent(article.category)}`;
  const pathname = `/news/${encodeURIComponent(slug)}`;
  return (
    <>
      <Breadcrumb
        trail={[
          { label: 'News', to: '/news' },
          { label: newsCategoryLabel(article.category), to: categoryPath },
        ]}
        current={article.title}
      />
      <Page
        title={article.title}
        head={{
          description:
            article.excerpt ?? firstParagraph(article.body) ?? `${article.title}: news from PlayLive Casino.`,
          image: article.image,
          type: 'article',
          jsonLd: articleData(origin, { ...article, path: pathname }),
        }}
      >
        <p className={styles.meta}>
          <Link to={categoryPath}>{newsCategoryLabel(article.category)}</Link>
          {' · '}
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt, timeZone)}</time>
        </p>
        <div className={styles.hero}>
          <ContentImage
            src={article.image}
            fallback={article.title}
            size={POSTER.card}
            sizes="(max-width: 599px) 92vw, 860px"
            priority
          />
        </div>
        {article.excerpt && <p className={styles.standfirst}>{article.excerpt}</p>}
        <div className={styles.body}>
          {(article.body ?? '')
            .split(/\n{2,}/)
            .filter((paragraph) => paragraph.trim() !== '')
            .map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
        </div>
        <p className={styles.back}>
          <Link to={categoryPath}>More in {newsCategoryLabel(article.category)}</Link>
          <Link to="/news">All news</Link>
        </p>
      </Page>
    </>
  );
}

/**
 * Where the page sits: each step a link, the page itself last (aria-current). A step that reads as the one before
 * it is left out, so the trail never says the same word twice.
 */
function Breadcrumb({ trail, current }: { trail: { label: string; to: string }[]; current: string }) {
  const steps = trail.filter(
    (step, i) => i === 0 || step.label.toLowerCase() !== trail[i - 1]!.label.toLowerCase(),
  );
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      <ol>
        {steps.map((step) => (
          <li key={step.to}>
            <Link to={step.to}>{step.label}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

/** An article's first paragraph, for its description when it has no excerpt. */
function firstParagraph(body: string | null | undefined): string | null {
  return body?.split(/\n{2,}/).find((p) => p.trim() !== '') ?? null;
}
