import { PAGE_CODE_ID, START_PAGE_CODE } from '../../web/server/page-start.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A search engine's crawler, as it names itself. */
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * The floor Lighthouse's time budgets are read against (docs/benchmarks.md#lighthouse): a page with no JavaScript at
 * all, one heading, one paragraph and one game's art from the same assets host as the site's, on a plain node:http
 * server. Whatever it scores is what the machine and Lighthouse's simulation allow any page; a site page's figures
 * above it are the site's own cost.
 */
export async function startFloorPage(artUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const html =
    '<!doctype html><html lang="en-ZA"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Floor · PlayLive Casino</title><meta name="description" content="The Lighthouse floor page.">' +
    '<style>body{margin:0;font:16px system-ui,sans-serif;background:#0e1120;color:#f2f3f8}' +
    'main{padding:12px}img{width:45vw;height:auto;aspect-ratio:4/3}</style></head>' +
    '<body><main><h1>PlayLive</h1><p>One game, no JavaScript.</p>' +
    `<img src="${artUrl}" width="400" height="300" alt="A game" fetchpriority="high"></main></body></html>`;
  return servePage(() => html);
}

/**
 * The site's own floor: a page of the site exactly as its server renders it (markup, inline CSS, pictures), with
 * its code taken out (the code list and its starter, web/server/page-start.ts), served from a plain server with a
 * <base> at the site. What this page's markup, styles and pictures cost on this machine before any JavaScript: a
 * blocking time here is the page's rendering, not its code.
 */
export async function startSitePageWithoutCode(
  siteUrl: string,
  pagePath: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const html = (await fetchSitePage(siteUrl, pagePath)).withoutCode;
  return servePage(() => html);
}

/**
 * A page of the site as its server renders it, with a <base> at the site (its pictures, styles and links resolve
 * there), either without its code (the code list and its starter taken out), or with the starter kept and its
 * code list naming `entry` alone: a floor's own script, started as the site's code is (web/server/page-start.ts).
 */
export async function fetchSitePage(
  siteUrl: string,
  pagePath: string,
): Promise<{ withoutCode: string; withCode(entry: string): string }> {
  // Asked as a crawler asks (web/server/crawler.ts): the page whole, with no script of React's streaming render
  // to take out, whatever part of it a browser would get later than the rest.
  const served = await (
    await fetch(new URL(pagePath, siteUrl), { headers: { 'user-agent': CRAWLER_UA } })
  ).text();
  // Found as the site's document puts them in (web/server/page-document.ts).
  const codeList = new RegExp(`<script type="application/json" id="${PAGE_CODE_ID}">[^<]*</script>`);
  // A streamed page's starter carries the response's nonce too (web/server/page-document.ts).
  const starter = new RegExp(
    `<script(?: nonce="[^"]*")?>${START_PAGE_CODE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script>`,
  );
  if (!codeList.test(served) || !starter.test(served)) {
    throw new Error(`${pagePath} has no code list and starter to take out`);
  }
  const html = served.replace('<head>', `<head><base href="${new URL('/', siteUrl).href}">`);
  return {
    withoutCode: html.replace(codeList, '').replace(starter, ''),
    // A function as replacement: the list's text is not read for `$` patterns.
    withCode: (entry) =>
      html.replace(
        codeList,
        () => `<script type="application/json" id="${PAGE_CODE_ID}">${JSON.stringify([entry])}</script>`,
      ),
  };
}

/**
 * A floor page's server: node:http on an ephemeral loopback port, answering `script.path` with the floor's script
 * and any other address with the page (`html` read per request: a page may name this server's own address).
 */
export async function servePage(
  html: () => string,
  script?: { path: string; code: string | Uint8Array },
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const isScript = script !== undefined && req.url === script.path;
    res.writeHead(200, {
      'Content-Type': isScript ? 'text/javascript' : 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
    res.end(isScript ? script.code : html());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
