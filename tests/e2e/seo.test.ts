/**
 * What search engines and link previews read of the site, fetched as they fetch it (no JavaScript): the head of a
 * server-rendered page (one title, description and canonical link, Open Graph, JSON-LD) and sitemap.xml, on the
 * public origin SITE_URL names, from a gateway that runs only the site's persisted operations, as in production.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../gateway/src/server.js';
import { createSandbox, type Sandbox } from '../../sandbox/src/app.js';
import { GUEST_HIDDEN_PROVIDER } from '../../sandbox/src/seed/generate-games.js';
import { createSiteServer, type SiteServer } from '../../web/server/site-server.js';
import { DIST_DIR } from './stack.js';

const ORIGIN = 'https://playlive.example';
const GAME = 'playngo-3d-roulette';

let dataDir: string;
let sandbox: Sandbox;
let gateway: Gateway;
let site: SiteServer;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seo-'));
  const quiet = { info: () => {}, warn: () => {} };
  sandbox = await createSandbox({ config: { port: 0, host: '127.0.0.1', dataDir, control: false } });
  gateway = await createGateway({
    config: {
      port: 0,
      host: '127.0.0.1',
      casinoApiUrl: sandbox.url,
      pusherUrl: sandbox.url,
      guestHiddenProviders: [GUEST_HIDDEN_PROVIDER],
      persistedOperationsOnly: true,
    },
    logger: quiet,
  });
  site = await createSiteServer({
    port: 0,
    host: '127.0.0.1',
    distDir: DIST_DIR,
    gatewayUrl: gateway.url,
    assetsUrl: sandbox.url,
    siteUrl: ORIGIN,
    logger: quiet,
  });
});

afterAll(async () => {
  await site?.close();
  await gateway?.close();
  await sandbox?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** Text as the page's HTML escapes it (React writes ' as &#x27;), read back. */
const decode = (text: string) =>
  text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (whole, hex: string, dec: string, name: string) =>
    hex
      ? String.fromCodePoint(parseInt(hex, 16))
      : dec
        ? String.fromCodePoint(Number(dec))
        : (ENTITIES[name] ?? whole),
  );

/** The tags of a page's head as a crawler reads them: each element's attributes, by tag. */
function headOf(html: string) {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  const attributes = (tag: string) =>
    [...head.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((m) =>
      Object.fromEntries([...m[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1], decode(a[2]!)])),
    );
  const meta = attributes('meta');
  const content = (key: string) =>
    meta.filter((m) => m.name === key || m.property === key).map((m) => m.content);
  return {
    titles: [...head.matchAll(/<title\b[^>]*>([^<]*)<\/title>/g)].map((m) => decode(m[1]!)),
    description: content('description'),
    canonical: attributes('link')
      .filter((l) => l.rel === 'canonical')
      .map((l) => l.href),
    og: (key: string) => content(`og:${key}`),
  };
}

/** The JSON-LD objects of a page (anywhere in it: React leaves scripts where the screen renders them). */
function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const data = JSON.parse(m[1]!) as Record<string, unknown> & { '@graph'?: Array<Record<string, unknown>> };
    return data['@graph'] ?? [data];
  });
}

describe('a public page as a search engine reads it', () => {
  it('gives a game page one title, description and canonical, Open Graph with its art, and VideoGame data', async () => {
    const res = await fetch(`${site.url}/game/${GAME}?utm_source=x`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const head = headOf(html);
    expect(head.titles).toEqual(['3D Roulette · PlayLive Casino']);
    expect(head.description).toEqual([
      expect.stringMatching(/^Play 3D Roulette by Play'n GO at PlayLive Casino/),
    ]);
    expect(head.canonical).toEqual([`${ORIGIN}/game/${GAME}`]);
    expect(head.og('title')).toEqual(['3D Roulette']);
    expect(head.og('url')).toEqual([`${ORIGIN}/game/${GAME}`]);
    expect(head.og('type')).toEqual(['website']);
    expect(head.og('image')).toEqual([`${sandbox.url}/images/games/${GAME}.webp`]);
    expect(jsonLdOf(html)).toEqual([
      expect.objectContaining({
        '@type': 'VideoGame',
        name: '3D Roulette',
        url: `${ORIGIN}/game/${GAME}`,
        image: `${sandbox.url}/images/games/${GAME}.webp`,
        publisher: expect.objectContaining({ '@type': 'Organization', name: "Play'n GO" }),
      }),
    ]);
  });

  it('describes a provider with Organization data and the list of its games, an article as an article', async () => {
    const provider = await (await fetch(`${site.url}/webplay/provider/pragmatic`)).text();
    expect(headOf(provider).titles).toEqual(['Pragmatic Play · PlayLive Casino']);
    const [organization, list] = jsonLdOf(provider);
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: 'Pragmatic Play',
      url: `${ORIGIN}/webplay/provider/pragmatic`,
    });
    expect(list).toMatchObject({ '@type': 'ItemList' });
    const games = (list!.itemListElement as Array<{ url: string }>).map((item) => item.url);
    expect(games.length).toBeGreaterThan(0);
    for (const url of games) expect(url).toMatch(new RegExp(`^${ORIGIN}/game/[\\w-]+$`));

    const article = headOf(await (await fetch(`${site.url}/news/mobile-site-refresh`)).text());
    expect(article.titles).toEqual(['A faster mobile site · PlayLive Casino']);
    expect(article.og('type')).toEqual(['article']);
    expect(article.og('image')).toEqual([`${sandbox.url}/images/news/mobile-site-refresh.webp`]);
  });
});

/**
 * A sitemap as the site writes it (https://www.sitemaps.org/protocol.html), checked whole: the XML declaration, one
 * urlset, and url elements whose text is escaped (no bare & or <), each with an absolute https address and maybe a
 * date. Anything else in the file fails the match.
 */
const TEXT = String.raw`(?:[^<>&]|&(?:amp|lt|gt|quot|apos);)*`;
const SITEMAP = new RegExp(
  String.raw`^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http://www\.sitemaps\.org/schemas/sitemap/0\.9">\n` +
    String.raw`(?:  <url><loc>https://${TEXT}</loc>(?:<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z</lastmod>)?</url>\n)+</urlset>\n$`,
);

describe('sitemap.xml', () => {
  it('lists every public page on SITE_URL: the catalogue, each provider, every game and article', async () => {
    const res = await fetch(`${site.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const xml = await res.text();
    expect(xml).toMatch(SITEMAP);
    const addresses = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(addresses).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/webplay/all`,
        `${ORIGIN}/webplay/provider/pragmatic`,
        `${ORIGIN}/game/${GAME}`,
        `${ORIGIN}/news/mobile-site-refresh`,
        `${ORIGIN}/responsible-gambling`,
      ]),
    );
    expect(addresses.filter((a) => a.includes('/account/'))).toEqual([]);
    expect(new Set(addresses).size).toBe(addresses.length);
    // Every game a guest can open (the casino's whole catalogue but the guest-hidden provider's), over as many
    // pages of the catalogue as that takes.
    const catalogue = (await (await fetch(`${sandbox.url}/api/allgames`)).json()) as Array<{
      game_code: string;
      product: string;
    }>;
    const open = catalogue.filter((g) => g.product !== GUEST_HIDDEN_PROVIDER);
    expect(open.length).toBeGreaterThan(100);
    expect(addresses.filter((a) => a.startsWith(`${ORIGIN}/game/`)).sort()).toEqual(
      open.map((g) => `${ORIGIN}/game/${encodeURIComponent(g.game_code)}`).sort(),
    );

    const robots = await (await fetch(`${site.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
