import { fetchQuery, graphql } from 'react-relay';
import type { IEnvironment } from 'relay-runtime';
import type { sitemapGamesQuery } from '../../__generated__/sitemapGamesQuery.graphql';
import type { sitemapNewsQuery } from '../../__generated__/sitemapNewsQuery.graphql';
import type { sitemapQuery } from '../../__generated__/sitemapQuery.graphql';

/*
 * /sitemap.xml (https://www.sitemaps.org/protocol.html): every public page a search engine should find, from the
 * gateway's catalogue, providers, news and promotional pages. The queries are persisted operations like every other
 * of the site's (relay.config.js), so a gateway that runs only those (PERSISTED_OPERATIONS_ONLY) answers them.
 */

const SitemapQuery = graphql`
  query sitemapQuery {
    gameCategories {
      slug
    }
    gameSubGroups {
      id
    }
    gameProviders {
      product
    }
    site {
      promotionPages {
        path
        enabled
        requiresSignIn
      }
    }
  }
`;

const SitemapGamesQuery = graphql`
  query sitemapGamesQuery($after: String) {
    games(first: 100, after: $after) {
      edges {
        node {
          code
          createdAt
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

const SitemapNewsQuery = graphql`
  query sitemapNewsQuery($after: String) {
    news(first: 100, after: $after) {
      edges {
        node {
          slug
          category
          publishedAt
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

/** The pages every visitor can open whatever the catalogue holds (app/routes.tsx). */
const FIXED_PATHS = [
  '/',
  '/webplay/all',
  '/webplay/live-casino',
  '/webplay/most-popular',
  '/webplay/new-games',
  '/webplay/featured-games',
  '/webplay/game-providers',
  '/platform/desktop',
  '/platform/mobile',
  '/bonus-play-games',
  '/free-bet-support-games',
  '/promotions',
  '/tournaments',
  '/news',
  '/how-to',
  '/about-us',
  '/privacy-policy',
  '/terms-and-conditions',
  '/responsible-gambling',
  '/help',
];

/** A sitemap holds at most 50,000 addresses; 500 pages of 100 games stop well before, whatever a cursor does. */
const MAX_PAGES = 500;

interface Entry {
  path: string;
  lastmod?: string;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
const segment = encodeURIComponent;

/** Every page of a connection, one request per hundred. */
async function everyPage<N>(
  load: (after: string | null) => Promise<{
    edges: readonly { node: N }[];
    pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  } | null>,
): Promise<N[]> {
  const nodes: N[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const connection = await load(after);
    if (!connection) break;
    nodes.push(...connection.edges.map((e) => e.node));
    if (!connection.pageInfo.hasNextPage || !connection.pageInfo.endCursor) break;
    after = connection.pageInfo.endCursor;
  }
  return nodes;
}

/**
 * The sitemap of the site at `origin` (its public origin, e.g. https://playlive.example), read through `environment`
 * (a guest's: the sitemap lists what anyone may open). Rejects when the gateway cannot be reached; a part the
 * gateway cannot read just now (null) is left out.
 */
export async function sitemap(environment: IEnvironment, origin: string): Promise<string> {
  const read = <T extends { response: unknown; variables: Record<string, unknown> }>(
    query: Parameters<typeof fetchQuery<T>>[1],
    variables: T['variables'],
  ) => fetchQuery<T>(environment, query, variables, { fetchPolicy: 'network-only' }).toPromise();

  const [data, games, news] = await Promise.all([
    read<sitemapQuery>(SitemapQuery, {}),
    everyPage(async (after) => (await read<sitemapGamesQuery>(SitemapGamesQuery, { after }))?.games ?? null),
    everyPage(async (after) => (await read<sitemapNewsQuery>(SitemapNewsQuery, { after }))?.news ?? null),
  ]);

  const entries: Entry[] = [
    ...FIXED_PATHS.map((path) => ({ path })),
    ...(data?.gameCategories ?? []).map((c) => ({ path: `/webplay/category/${segment(c.slug)}` })),
    ...(data?.gameSubGroups ?? []).map((s) => ({ path: `/webplay/subgroup/${segment(s.id)}` })),
    ...(data?.gameProviders ?? []).map((p) => ({ path: `/webplay/provider/${segment(p.product)}` })),
    ...games.map((g) => ({ path: `/game/${segment(g.code)}`, lastmod: String(g.createdAt) })),
    ...(data?.site?.promotionPages ?? [])
      .filter((p) => p.enabled && !p.requiresSignIn)
      .map((p) => ({ path: p.path })),
    ...[...new Set(news.map((a) => a.category))].map((c) => ({ path: `/news/category/${segment(c)}` })),
    ...news.map((a) => ({ path: `/news/${segment(a.slug)}`, lastmod: String(a.publishedAt) })),
  ];

  const base = origin.replace(/\/$/, '');
  const seen = new Set<string>();
  const urls = entries
    .filter((e) => !seen.has(e.path) && seen.add(e.path))
    .map(
      (e) =>
        `  <url><loc>${xml(base + e.path)}</loc>${e.lastmod ? `<lastmod>${xml(e.lastmod)}</lastmod>` : ''}</url>`,
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
