import { PAGE_CODE_ID, START_PAGE_CODE } from './page-start.js';

/** What a server render gives the document (web/src/entry-server.tsx's RenderResult), with the page's assets. */
export interface PageParts {
  /** React's hoisted head elements: the page's title, description, canonical and Open Graph tags. */
  head: string;
  /** The root element's markup: the whole page, or a streamed page's shell. */
  body: string;
  /** CSS to inline. */
  styles: string;
  /** The CSS files inlined in `styles`, marked as loaded for the client's chunk loader. */
  inlinedStyles: readonly string[];
  /** Route chunks to preload. */
  scripts: readonly string[];
  /** A streamed page's nonce (its CSP's), carried by its inline script. */
  nonce?: string | undefined;
}

/**
 * A page's document in two halves: `start` up to the end of the root element and the code's starter; whatever a
 * streamed page sends after its shell (its deferred parts) goes between the two; `end` holds the records.
 */
export interface PageDocument {
  start: string;
  /** The rest of the document, with the Relay records as JSON, `<` already escaped. */
  end(records: string): string;
}

const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;
// The app's entry script and the chunks index.html preloads for it. The entry is the last module script: in
// development Vite's client comes before it (web/server/dev-site.ts), and stays where it is.
const ENTRY = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;
// index.html's title carries data-shell (shared/page/PageHead.tsx removes it on pages the server did not render).
const TITLE = /\s*<title\b[^>]*>[\s\S]*?<\/title>/;
const DESCRIPTION = /\s*<meta\s+name="description"[^>]*>/;
const ROOT = '<div id="root">';

/**
 * The document of a server-rendered page, from the client build's index.html (docs/architecture.md#server-rendering):
 * the head React hoisted in place of index.html's default title and description, the CSS inline instead of its
 * render-blocking stylesheets, its largest image preloaded, the markup in the root element in place of the loading
 * placeholder, and the records in a JSON script element (not executed) at the very end, once every part is rendered.
 *
 * The page arrives rendered, so its code only takes it over: index.html's entry script and module preloads, and the
 * route's chunks, are listed in a JSON element and started by START_PAGE_CODE once the first screen's picture is
 * on screen (./page-start.ts), right after the root element: a streamed page's code is then fetched while its slow
 * parts come, and runs once the document is whole. The client shell (a player's tab) keeps index.html's scripts as
 * they are: nothing is on screen until its code runs.
 */
export function pageDocument(indexHtml: string): (parts: PageParts) => PageDocument {
  const entryScript = [...indexHtml.matchAll(ENTRY)].at(-1);
  if (!entryScript) throw new Error('index.html has no <script type="module" src>: not the site build.');
  const entryCode = [entryScript[1]!, ...[...indexHtml.matchAll(MODULE_PRELOAD)].map((m) => m[1]!)];
  const template = indexHtml.replace(STYLESHEET, '').replace(entryScript[0], '').replace(MODULE_PRELOAD, '');
  const headEnd = template.indexOf('</head>');
  const rootStart = template.indexOf(ROOT) + ROOT.length;
  const bodyEnd = template.lastIndexOf('</body>');
  const rootEnd = template.lastIndexOf('</div>', bodyEnd);
  if (headEnd < 0 || rootStart < ROOT.length || bodyEnd < 0 || rootEnd < rootStart) {
    throw new Error('index.html has no <head> or no <div id="root"> in its <body>: not the site build.');
  }
  const head = template.slice(0, headEnd);
  const betweenHeadAndRoot = template.slice(headEnd, rootStart);
  const afterRoot = template.slice(rootEnd, bodyEnd);
  const end = template.slice(bodyEnd);

  return (parts) => {
    let defaults = head;
    if (/<title[\s>]/.test(parts.head)) defaults = defaults.replace(TITLE, '');
    if (/<meta name="description"/.test(parts.head)) defaults = defaults.replace(DESCRIPTION, '');
    // React preloads the images a screen marks fetchPriority="high" itself (in its hoisted head).
    const preloads = /<link rel="preload" as="image"/.test(parts.head) ? [] : imagePreloads(parts.body);
    const code = [...new Set([...entryCode, ...parts.scripts])];
    const nonce = parts.nonce ? ` nonce="${parts.nonce}"` : '';
    const start = [
      defaults,
      parts.head,
      ...preloads,
      `<style>${parts.styles.replaceAll('</style', '<\\/style')}</style>`,
      // The CSS is inlined above; when the client loads a chunk, Vite's loader adds a stylesheet link for each of its
      // CSS files it finds no <link rel="stylesheet"> for: a second download and a style recalculation
      // during hydration. A disabled link is never fetched nor applied, and tells the loader the file is here.
      ...parts.inlinedStyles.map((file) => `<link rel="stylesheet" href="${file}" disabled>`),
      betweenHeadAndRoot,
      parts.body,
      afterRoot,
      `<script type="application/json" id="${PAGE_CODE_ID}">${JSON.stringify(code).replaceAll('<', '\\u003c')}</script>`,
      `<script${nonce}>${START_PAGE_CODE}</script>`,
    ].join('');
    return {
      start,
      end: (records) => `<script type="application/json" id="relay-records">${records}</script>${end}`,
    };
  };
}

const MAIN = /<main\b/;
const IMG = /<img\b[^>]*>/;
const PICTURE_SOURCE = /<source\b[^>]*>/g;
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? null;

/**
 * The page's largest paint is its first image in <main> (the first banner, or the first game's art): preloaded at
 * high priority so the browser asks for it with the document, not once the layout has been computed. Inside a
 * <picture>, each source's image with its media query, so a phone fetches only its own.
 */
function imagePreloads(body: string): string[] {
  const main = MAIN.exec(body);
  if (!main) return [];
  const rest = body.slice(main.index);
  const img = IMG.exec(rest);
  const src = img && attribute(img[0], 'src');
  if (!img || !src) return [];
  const before = rest.slice(0, img.index);
  const picture = before.lastIndexOf('<picture');
  const sources =
    picture >= 0 && before.lastIndexOf('</picture>') < picture
      ? [...before.slice(picture).matchAll(PICTURE_SOURCE)].map((m) => ({
          href: attribute(m[0], 'srcSet') ?? attribute(m[0], 'srcset'),
          media: attribute(m[0], 'media'),
        }))
      : [];
  const link = (
    href: string,
    media: string | null,
    srcset: string | null = null,
    sizes: string | null = null,
  ) =>
    `<link rel="preload" as="image" fetchpriority="high" href="${href}"` +
    (srcset ? ` imagesrcset="${srcset}"` : '') +
    (sizes ? ` imagesizes="${sizes}"` : '') +
    (media ? ` media="${media}"` : '') +
    '>';
  const srcset = attribute(img[0], 'srcSet');
  const sizes = attribute(img[0], 'sizes');
  const chosen = sources.filter((s): s is { href: string; media: string } => Boolean(s.href && s.media));
  // The <img> serves the screens its one source's query does not match (the banner: desktop art beside phone art).
  if (chosen.length === 1) {
    return [
      link(chosen[0]!.href, chosen[0]!.media),
      link(src, `not all and ${chosen[0]!.media}`, srcset, sizes),
    ];
  }
  return [link(src, null, srcset, sizes)];
}
