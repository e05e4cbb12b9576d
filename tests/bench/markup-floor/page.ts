import { bundleFloorClient } from '../floor-bundle.js';
import { fetchSitePage, servePage } from '../floor-page.js';

const SCRIPT = '/markup-floor.js';

/**
 * A page's markup hydrated by React alone (docs/benchmarks.md#lighthouse): the site's server-rendered page at
 * `pagePath` as it is (head, inline CSS, markup, pictures; a <base> at the site), its code list naming one script of
 * this server's instead of the app's, started by the site's own starter (web/server/page-start.ts: once the picture
 * is on screen). The script (./client.ts: React and React DOM only) reads the app's root element into React
 * elements (./react-tree.ts) and hydrates them, between the marks the site sets (../hydration-marks.ts), with no
 * component or handler of the app's. Its hydration figure is what React alone costs to take that page's DOM over on
 * this machine: the floor of the app's own on that page.
 *
 * `development` serves React's development build, for the test that the hydration matches (only that build
 * reports an attribute that differs).
 */
export async function startPageHydratedByReact(
  siteUrl: string,
  pagePath: string,
  options: { development?: boolean } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const [script, page] = await Promise.all([
    bundleFloorClient(
      new URL('./client.ts', import.meta.url),
      options.development ? 'development' : 'production',
    ),
    fetchSitePage(siteUrl, pagePath),
  ]);
  let html = '';
  const server = await servePage(() => html, { path: SCRIPT, code: script });
  // By its full address: the page's <base> is the site's.
  html = page.withCode(new URL(SCRIPT, server.url).href);
  return server;
}
