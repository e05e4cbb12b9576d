import type { ServerResponse } from 'node:http';

/*
 * The files search engines read (contract of issue 27, "Head tags"): /robots.txt and /sitemap.xml, both cacheable
 * for five minutes: the catalogue changes by the day, and a crawler asking often costs the gateway one walk of it.
 */

const CACHEABLE = 'public, max-age=300';

/** The player's own pages, the cashier's returns, password resets and the API: nothing for a search engine. */
const PRIVATE_PATHS = [
  '/account/',
  '/capitec',
  '/password/',
  '/graphql',
  '/webplay/favourites',
  '/webplay/recent-games',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sendRobotsTxt(res: ServerResponse, origin: string, head: boolean): void {
  send(res, 200, 'text/plain; charset=utf-8', robotsTxt(origin), head, CACHEABLE);
}

/** What makes the sitemap: the server build's entry (web/src/entry-server.tsx, loaded by ./render-page.ts), which reads the gateway. */
export type MakeSitemap = (origin: string) => Promise<string>;

/**
 * /sitemap.xml from the gateway's catalogue. Without a server build, or when the gateway cannot be read, a 503 in
 * plain words (a crawler tries again later), never a stale or empty sitemap.
 */
export async function sendSitemap(
  res: ServerResponse,
  options: { origin: string; make: MakeSitemap | null; head: boolean; logger: Pick<Console, 'warn'> },
): Promise<void> {
  if (!options.make) {
    return send(
      res,
      503,
      'text/plain; charset=utf-8',
      'The sitemap needs the server build of the site (npm run build -w web).',
      options.head,
    );
  }
  let body: string;
  try {
    body = await options.make(options.origin);
  } catch (err) {
    options.logger.warn(`sitemap.xml: the gateway could not be read (${(err as Error).message})`);
    return send(
      res,
      503,
      'text/plain; charset=utf-8',
      'The sitemap is not available right now. Please try again in a few minutes.',
      options.head,
    );
  }
  send(res, 200, 'application/xml; charset=utf-8', body, options.head, CACHEABLE);
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  head: boolean,
  cacheControl = 'no-store',
): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': cacheControl,
    ...(status === 503 ? { 'Retry-After': '300' } : {}),
  });
  res.end(head ? undefined : body);
}
