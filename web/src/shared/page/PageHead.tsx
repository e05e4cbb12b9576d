import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { useSiteOrigin } from './site-origin';

export const SITE_NAME = 'PlayLive Casino';

/** The site's own picture for link previews of pages that have none of their own (web/public/og-image.png). */
export const SITE_IMAGE_PATH = '/og-image.png';

/** A schema.org object (https://schema.org), as JSON-LD. */
export type JsonLd = Record<string, unknown>;

export interface PageHeadProps {
  /** The page's own title; the site's name is added after it. */
  title: string;
  /**
   * What the page holds, in a sentence or two, for search results and link previews. A screen without one is a
   * private screen (an account page, a cashier return): it gets its title only, nothing for search engines.
   */
  description?: string;
  /** The canonical path; left out, the current path without its query. */
  path?: string;
  /** The page's picture (a game's art, an article's image); left out or null, the site's. */
  image?: string | null;
  type?: 'website' | 'article';
  /** schema.org data about the page's subject: a game, a provider and its games. */
  jsonLd?: JsonLd | readonly JsonLd[];
}

/** Search results cut a description near 160 characters: a longer one is cut at a word, saying so. */
const MAX_DESCRIPTION = 160;

function clampDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_DESCRIPTION) return flat;
  const cut = flat.slice(0, MAX_DESCRIPTION - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > 80 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** An address as an absolute URL on the site's origin (a game's art comes absolute from the casino already). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, origin || undefined).href;
  } catch {
    return pathOrUrl;
  }
}

/**
 * JSON-LD inside a script element: `<` written as \u003c, so no text in the data (a game's name) can close the
 * script early. Browsers never run this type, so the site's CSP (script-src 'self') has nothing to refuse.
 */
function jsonLdText(data: JsonLd | readonly JsonLd[]): string {
  const body = Array.isArray(data)
    ? { '@context': 'https://schema.org', '@graph': data }
    : { '@context': 'https://schema.org', ...(data as JsonLd) };
  return JSON.stringify(body).replace(/</g, '\\u003c');
}

/**
 * A page's head tags: the title, and for a public page its description, canonical link, Open Graph and Twitter
 * card tags and JSON-LD. React 19 moves <title>, <meta> and <link> into the document's head wherever they are
 * rendered (on the server, to the start of the stream; the site server puts them in the head), updates them as the
 * page changes and removes them with the page, so each page has exactly one of each.
 */
export function PageHead({ title, description, path, image, type = 'website', jsonLd }: PageHeadProps) {
  const origin = useSiteOrigin();
  const { pathname } = useLocation();
  useWithoutShellTitle();
  const fullTitle = title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`;
  if (description === undefined) return <title>{fullTitle}</title>;
  const text = clampDescription(description);
  const url = absoluteUrl(origin, path ?? pathname);
  const picture = absoluteUrl(origin, image || SITE_IMAGE_PATH);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <link rel="canonical" href={url} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      <meta property="og:type" content={type} />
      <meta property="og:image" content={picture} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta name="twitter:card" content="summary_large_image" />
      {jsonLd && (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(jsonLd) }} />
      )}
    </>
  );
}

/**
 * The client shell's title (index.html's, marked data-shell) goes once a page's own is in the head. React takes an
 * existing title over only when it hydrates (a server-rendered page, whose head the server wrote); rendering the
 * shell afresh, it puts the page's title before the shell's, which would stay behind as a second one.
 */
function useWithoutShellTitle() {
  useLayoutEffect(() => {
    const [, ...later] = document.head.querySelectorAll('title');
    for (const title of later) if (title.hasAttribute('data-shell')) title.remove();
  }, []);
}
