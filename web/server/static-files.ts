import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';

/** Vite names each file under assets/ by its content hash: a changed file is a new address, so it never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) may change with a deploy: the browser revalidates it with its ETag. */
const REVALIDATE = 'no-cache';

/**
 * The built site: hashed files under /assets/ cached for a year, any other file revalidated, and any other path
 * handed to `page` (the app's own routes: /games/…, /tournaments/…), which renders it or serves `shell`,
 * index.html, so the client-side routes load the app. A missing file under /assets/ stays a 404: an old page asking
 * for a removed bundle must fail visibly, not get HTML as script.
 *
 * The file list is read once, at start (sirv without `dev`): serving is a map lookup, and no path can leave the
 * folder; dot folders (the server build, Vite's manifest) are never served. A new build needs a restart, which
 * `npm start` does anyway.
 */
export function staticFiles(distDir: string) {
  // The build writes .br and .gz beside each text file (web/build/precompress.ts); sirv picks the one the browser
  // accepts and sends Vary: Accept-Encoding.
  const files = sirv(distDir, { etag: true, dev: false, brotli: true, gzip: true });

  const notFound = (res: ServerResponse) => {
    res.statusCode = 404;
    res.setHeader('Cache-Control', REVALIDATE);
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Not found');
  };

  /** index.html, the app without a page rendered in it. sirv reads the path from req.url again. */
  const shell = (req: IncomingMessage, res: ServerResponse): void => {
    res.setHeader('Cache-Control', REVALIDATE);
    req.url = '/index.html';
    files(req, res, () => notFound(res));
  };

  type Page = (req: IncomingMessage, res: ServerResponse, pathname: string) => void;
  const serve = (req: IncomingMessage, res: ServerResponse, pathname: string, page: Page = shell): void => {
    if (pathname.startsWith('/assets/')) {
      // Set before sirv so a 304 carries it too; a 404 replaces it.
      res.setHeader('Cache-Control', IMMUTABLE);
      files(req, res, () => notFound(res));
      return;
    }
    // The home page is a page, not the file index.html.
    if (pathname === '/') return page(req, res, pathname);
    res.setHeader('Cache-Control', REVALIDATE);
    files(req, res, () => page(req, res, pathname));
  };
  return { serve, shell };
}
