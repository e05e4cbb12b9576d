import { absoluteUrl, type JsonLd } from './PageHead';

/*
 * schema.org data for search engines (https://schema.org/VideoGame, /Organization, /ItemList), built in one place
 * from what the screens' queries read. Every address in it is absolute, on the site's public origin.
 */

interface Provider {
  shortname: string;
  product: string;
  description?: string | null;
}

const providerPath = (product: string) => `/webplay/provider/${encodeURIComponent(product)}`;
export const gamePath = (code: string) => `/game/${encodeURIComponent(code)}`;

function organization(origin: string, provider: Provider): JsonLd {
  return {
    '@type': 'Organization',
    name: provider.shortname,
    url: absoluteUrl(origin, providerPath(provider.product)),
    ...(provider.description ? { description: provider.description } : {}),
  };
}

/** A game page's subject: the game, its art, and its studio as publisher and author. */
export function videoGameData(
  origin: string,
  game: { name: string; code: string; image?: string | null; provider?: Provider | null },
): JsonLd {
  const studio = game.provider ? organization(origin, game.provider) : null;
  return {
    '@type': 'VideoGame',
    name: game.name,
    url: absoluteUrl(origin, gamePath(game.code)),
    ...(game.image ? { image: absoluteUrl(origin, game.image) } : {}),
    ...(studio ? { publisher: studio, author: studio } : {}),
    genre: 'Casino game',
    gamePlatform: ['Web browser', 'Mobile'],
  };
}

/** A provider page's subject: the studio, and the list of its games' pages. */
export function providerData(origin: string, provider: Provider, gameCodes: readonly string[]): JsonLd[] {
  return [
    organization(origin, provider),
    {
      '@type': 'ItemList',
      name: `${provider.shortname} games`,
      numberOfItems: gameCodes.length,
      itemListElement: gameCodes.map((code, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        url: absoluteUrl(origin, gamePath(code)),
      })),
    },
  ];
}

/** A news article page's subject: the article, when it was published, and its picture. */
export function articleData(
  origin: string,
  article: { title: string; path: string; publishedAt: string; image?: string | null },
): JsonLd {
  return {
    '@type': 'NewsArticle',
    headline: article.title,
    url: absoluteUrl(origin, article.path),
    datePublished: article.publishedAt,
    ...(article.image ? { image: absoluteUrl(origin, article.image) } : {}),
    publisher: { '@type': 'Organization', name: 'PlayLive Casino', url: absoluteUrl(origin, '/') },
  };
}
