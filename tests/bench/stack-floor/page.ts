import { renderToString } from 'react-dom/server';
import { PAGE_CODE_ID, START_PAGE_CODE } from '../../../web/server/page-start.js';
import { bundleFloorClient } from '../floor-bundle.js';
import { servePage } from '../floor-page.js';
import { app } from './app.js';

/**
 * The React floor (docs/benchmarks.md#lighthouse): what any React 19 site pays on a phone before its own code. The
 * floor page's heading, line and game art (../floor-page.ts), rendered on the server by React and hydrated in the
 * browser (./app.ts), its one script (React and React DOM, minified for production, ~60 kB gzipped) started as the
 * site's server-rendered pages start theirs (web/server/page-start.ts: once the picture is on screen), its hydration
 * marked as the site's is (../hydration-marks.ts). A site page's figures above it are its own code, libraries and
 * markup.
 */
export async function startReactFloorPage(artUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const script = await bundleFloorClient(new URL('./client.ts', import.meta.url));
  // React writes the art's preload (fetchPriority high) before the markup; it belongs in the head, as the site's
  // server puts React's hoisted tags.
  const [, preload = '', markup = ''] = /^(<link[^>]*>)?([\s\S]*)$/.exec(renderToString(app(artUrl)))!;
  const html =
    '<!doctype html><html lang="en-ZA"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>React floor · PlayLive Casino</title><meta name="description" content="The Lighthouse React floor.">' +
    preload +
    '<style>body{margin:0;font:16px system-ui,sans-serif;background:#0e1120;color:#f2f3f8}' +
    'main{padding:12px}img{width:45vw;height:auto;aspect-ratio:4/3}</style></head>' +
    `<body><div id="root" data-art="${artUrl}">${markup}</div>` +
    `<script type="application/json" id="${PAGE_CODE_ID}">["/floor.js"]</script>` +
    `<script>${START_PAGE_CODE}</script></body></html>`;
  return servePage(() => html, { path: '/floor.js', code: script });
}
