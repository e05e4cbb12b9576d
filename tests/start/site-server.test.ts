/**
 * The site server (web/server) as the browser meets it: the built site from a folder, and /graphql on the same
 * origin passed to a real gateway over a real sandbox (HTTP and graphql-ws), or a clear 502 without one.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createClient } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { siteConfigFromEnv } from '../../web/server/config.js';
import { START_PAGE_CODE_SOURCE } from '../../web/server/page-start.js';
import { createSiteServer, SiteNotBuiltError, type SiteServer } from '../../web/server/site-server.js';
import { repoRoot, startGateway, startSandbox, type Server } from '../bench/processes.js';
import { cleanEnv, freePorts, occupy, runEntry, stopLeftovers, stubSite, upgradeStatus } from './harness.js';

const TOURNAMENT_ID = Buffer.from('Tournament:1').toString('base64');

let sandbox: Server;
let gateway: Server;
let site: SiteServer;
let dist: ReturnType<typeof stubSite>;

beforeAll(async () => {
  dist = stubSite();
  sandbox = await startSandbox();
  gateway = await startGateway(sandbox.url);
  site = await createSiteServer({ port: 0, host: '127.0.0.1', distDir: dist.dir, gatewayUrl: gateway.url });
});

afterAll(async () => {
  await site?.close();
  await gateway?.stop();
  await sandbox?.stop();
  dist?.remove();
});

afterEach(() => stopLeftovers());

/**
 * The site's own policy with no images host and no third-party origins (as `site` above runs); the one inline
 * script it allows is the server-rendered pages' starter (the browser tests run it under this policy).
 */
const SITE_POLICY =
  `default-src 'self'; script-src 'self' ${START_PAGE_CODE_SOURCE}; ` +
  "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "media-src 'self'; font-src 'self' data:; connect-src 'self'; frame-src 'self' https:; worker-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('content-security-policy')).toBe(SITE_POLICY);
}

/** What the gateway sends with its responses, passed through the site's /graphql unchanged. */
function expectGatewayHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
}

function graphql(url: string, query: string, headers: Record<string, string> = {}) {
  return fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });
}

/** A graphql-ws client whose socket says it comes from a page of `origin`, as a browser's does. */
function wsClient(url: string, origin: string) {
  class BrowserSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { origin });
    }
  }
  return createClient({
    url: `${url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: BrowserSocket,
    retryAttempts: 0,
  });
}

/** A GET with the Host header a proxy or a browser elsewhere would send (fetch always sends the address's own). */
function withHost(url: string, host: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .get(url, { headers: { host } }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        })
        .on('error', reject);
    },
  );
}

describe('the built site', () => {
  it('serves / and any client-side route with index.html, revalidated each time', async () => {
    for (const route of ['/', '/tournaments/42?tab=rules', '/games/book-of-dead']) {
      const res = await fetch(`${site.url}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expectSecurityHeaders(res);
      expect(await res.text()).toContain('<title>PlayLive stub</title>');
    }
    const first = await fetch(`${site.url}/`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${site.url}/`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the service worker and the web manifest revalidated each time, so a new build is found', async () => {
    const worker = await fetch(`${site.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(worker);
    const manifest = await fetch(`${site.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves hashed assets for a year, immutable; a missing one is a 404, not the page', async () => {
    const asset = await fetch(`${site.url}${dist.asset}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(asset);
    expect(await asset.text()).toContain('console.log("app")');

    const missing = await fetch(`${site.url}/assets/index-0ld0ne.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).not.toContain('immutable');
    expect(await missing.text()).not.toContain('<html');
  });

  it('refuses other methods than GET and HEAD on its pages', async () => {
    const res = await fetch(`${site.url}/`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect((await fetch(`${site.url}/games`, { method: 'HEAD' })).status).toBe(200);
  });

  it('tells search engines what to leave alone and where the sitemap is, on the request’s own origin', async () => {
    const res = await withHost(`${site.url}/robots.txt`, 'playlive.test:8443');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /account/',
        'Disallow: /capitec',
        'Disallow: /password/',
        'Disallow: /graphql',
        'Sitemap: http://playlive.test:8443/sitemap.xml',
      ]),
    );
    // A Host that is no host name cannot write its text into the file: the site's own address stands instead.
    const forged = await withHost(`${site.url}/robots.txt`, 'evil.example/x?');
    expect(forged.body).toContain(`Sitemap: ${site.url}/sitemap.xml`);
  });

  it('answers the sitemap with a 503 in plain words when the build has no server part', async () => {
    const res = await fetch(`${site.url}/sitemap.xml`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('300');
    expect(await res.text()).toMatch(/^The sitemap needs the server build of the site/);
  });
});

describe('the production build, as a phone downloads it', () => {
  /** A raw GET (fetch would unpack the body itself): status, headers and the bytes as sent. */
  const get = (url: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });

  /** The site server over the production build (web/dist), in front of the real gateway and sandbox. */
  const serveBuild = () =>
    createSiteServer({
      port: 0,
      host: '127.0.0.1',
      distDir: path.join(repoRoot, 'web/dist'),
      gatewayUrl: gateway.url,
      assetsUrl: `${sandbox.url}/`,
    });

  it('sends the app compressed (brotli, else gzip) and tells pages to connect to the images’ origin early', async () => {
    const built = await serveBuild();
    try {
      const page = await get(`${built.url}/webplay/all`, { 'accept-encoding': 'gzip' });
      expect(page.headers.link).toBe(`<${sandbox.url}>; rel=preconnect`);
      const html = zlib.gunzipSync(page.body).toString();
      const script = /<script type="application\/json" id="page-code">\["(\/assets\/index-[^"]+\.js)"/.exec(
        html,
      )?.[1];
      expect(script).toBeTruthy();
      const original = fs.readFileSync(path.join(repoRoot, 'web/dist', script!));

      const br = await get(`${built.url}${script}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.link).toBeUndefined();
      expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);
      expect(br.body.length).toBeLessThan(original.length / 3);

      const gz = await get(`${built.url}${script}`, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.body).equals(original)).toBe(true);

      const plain = await get(`${built.url}${script}`, {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(original)).toBe(true);
    } finally {
      await built.close();
    }
  });
  it('names the site’s icon on every page and in the web manifest, each served as the picture it says', async () => {
    const built = await serveBuild();
    try {
      for (const address of ['/', '/webplay/all']) {
        const html = (await get(`${built.url}${address}`, {})).body.toString();
        expect(html, address).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"');
        expect(html, address).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');
      }
      const icon = await get(`${built.url}/favicon.svg`, {});
      expect(icon.status).toBe(200);
      expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
      const manifest = JSON.parse((await get(`${built.url}/manifest.webmanifest`, {})).body.toString()) as {
        icons: { src: string; sizes: string; type: string }[];
      };
      expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
      for (const { src, sizes, type } of [
        ...manifest.icons,
        { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
      ]) {
        const png = await get(`${built.url}${src}`, {});
        expect(png.status, src).toBe(200);
        expect(png.headers['content-type'], src).toBe(type);
        // A PNG's width and height are the IHDR chunk's first two 32-bit numbers.
        expect(`${png.body.readUInt32BE(16)}x${png.body.readUInt32BE(20)}`, src).toBe(sizes);
      }
    } finally {
      await built.close();
    }
  });
});

describe('the content security policy', () => {
  it('lets the images and videos come from the casino, and third-party services only where they need to', async () => {
    const served = await createSiteServer({
      port: 0,
      host: '127.0.0.1',
      distDir: dist.dir,
      gatewayUrl: gateway.url,
      assetsUrl: 'https://cdn.playlive.example/casino/',
      thirdPartyOrigins: ['https://chat.example', 'http://games.casino.test:8080'],
    });
    try {
      const res = await fetch(`${served.url}/games`);
      const policy = Object.fromEntries(
        res.headers
          .get('content-security-policy')!
          .split('; ')
          .map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
      );
      const thirdParty = 'https://chat.example http://games.casino.test:8080';
      expect(policy).toEqual({
        'default-src': "'self'",
        'script-src': `'self' ${START_PAGE_CODE_SOURCE} ${thirdParty}`,
        'style-src': `'self' 'unsafe-inline' ${thirdParty}`,
        'img-src': `'self' data: blob: https://cdn.playlive.example ${thirdParty}`,
        'media-src': `'self' https://cdn.playlive.example ${thirdParty}`,
        'font-src': `'self' data: ${thirdParty}`,
        'connect-src': `'self' https://cdn.playlive.example ${thirdParty}`,
        'frame-src': `'self' https: https://cdn.playlive.example ${thirdParty}`,
        'worker-src': "'self'",
        'object-src': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
        'frame-ancestors': "'none'",
      });
      expect(policy['script-src']).not.toMatch(/unsafe|https:(?!\/\/)/);
    } finally {
      await served.close();
    }
  });
});

describe('/graphql on the site’s origin', () => {
  it('serves queries from the gateway, for a page of the site as for a tool', async () => {
    const asked: Record<string, string>[] = [{}, { origin: site.url }];
    for (const headers of asked) {
      const res = await graphql(site.url, '{ site { timeZone } }', headers);
      expect(res.status).toBe(200);
      expectGatewayHeaders(res);
      expect(await res.json()).toEqual({
        data: { site: { timeZone: 'Africa/Johannesburg' } },
        extensions: { cost: 1 },
      });
    }
  });

  it('serves GraphiQL to a browser', async () => {
    const res = await fetch(`${site.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    // GraphiQL's own policy (its inline script by hash), not the site's, under which it could not run.
    expectGatewayHeaders(res);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);
    expect(await res.text()).toContain('PlayLive GraphQL');
  });

  it('carries a graphql-ws subscription for a page of the site, and still refuses other origins', async () => {
    const client = wsClient(site.url, site.url);
    try {
      const update = new Promise<any>((resolve, reject) => {
        client.subscribe(
          {
            query: 'subscription($id: ID!) { tournamentUpdated(id: $id) { id usersCount } }',
            variables: { id: TOURNAMENT_ID },
          },
          { next: resolve, error: reject, complete: () => reject(new Error('completed without an update')) },
        );
      });
      let received: any;
      void update.then((u) => (received = u));
      // The socket is acknowledged before the gateway has joined the upstream channel: publish until one arrives.
      for (let i = 0; i < 20 && received === undefined; i++) {
        const res = await fetch(`${sandbox.url}/sandbox/publish`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            channel: 'tournament.1',
            event: 'tournamentUpdated',
            data: { refresh: true },
          }),
        });
        expect(res.status).toBe(200);
        await Promise.race([update, new Promise((r) => setTimeout(r, 500))]);
      }
      expect(received).toMatchObject({ data: { tournamentUpdated: { id: TOURNAMENT_ID } } });
    } finally {
      await client.dispose();
    }
    // Host and Origin pass through unchanged, so the gateway's origin check applies to the site's pages.
    expect(await upgradeStatus(site.url, '/graphql', 'graphql-transport-ws', 'https://evil.example')).toBe(
      403,
    );
  });

  it('refuses WebSocket upgrades anywhere else, development’s hot-reload socket among them', async () => {
    // What Vite's client asks `npm run dev`'s site server for (web/server/dev-site.ts): no such thing here.
    const status = await upgradeStatus(site.url, '/', 'vite-hmr');
    expect(status).toBe(404);
  });

  it('responds with a clear 502 when the gateway does not respond', async () => {
    const [closedPort] = await freePorts(1);
    const alone = await createSiteServer({
      port: 0,
      host: '127.0.0.1',
      distDir: dist.dir,
      gatewayUrl: `http://127.0.0.1:${closedPort}`,
      logger: { warn: () => {} },
    });
    try {
      const res = await graphql(alone.url, '{ site { timeZone } }');
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({
        errors: [
          {
            message: 'The casino is not responding right now. Please try again in a moment.',
            extensions: { code: 'UPSTREAM_UNAVAILABLE', unavailable: 'gateway' },
          },
        ],
      });
      expect(await upgradeStatus(alone.url, '/graphql', 'graphql-transport-ws', alone.url)).toBe(502);
      // The pages still load: the app shows its own message.
      expect((await fetch(`${alone.url}/`)).status).toBe(200);
    } finally {
      await alone.close();
    }
  });
});

describe('starting the site server', () => {
  it('refuses a folder without a build, saying how to make one', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'site-empty-'));
    try {
      const attempt = createSiteServer({
        port: 0,
        host: '127.0.0.1',
        distDir: empty,
        gatewayUrl: gateway.url,
      });
      await expect(attempt).rejects.toBeInstanceOf(SiteNotBuiltError);
      await expect(attempt).rejects.toThrow(/index\.html is missing\. Run `npm run build -w web` first\./);

      const run = runEntry('web/server/main.ts', [], cleanEnv({ WEB_PORT: '0', WEB_DIST_DIR: empty }));
      expect(await run.exited).toBe(2);
      expect(run.output()).toContain('Run `npm run build -w web` first.');
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('reports its port already in use as one line naming WEB_PORT, exit code 2', async () => {
    const [port] = await freePorts(1);
    const release = await occupy(port!);
    try {
      const run = runEntry(
        'web/server/main.ts',
        [],
        cleanEnv({ WEB_PORT: String(port), WEB_DIST_DIR: dist.dir }),
      );
      expect(await run.exited).toBe(2);
      expect(run.output()).toBe(
        `WEB_PORT ${port} is already in use: stop what is listening there or set WEB_PORT to a free port.\n`,
      );
    } finally {
      await release();
    }
  });

  it('reads WEB_PORT, WEB_HOST, WEB_DIST_DIR, GATEWAY_URL (else GATEWAY_PORT) and SITE_URL, naming a bad one', () => {
    expect(siteConfigFromEnv({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      distDir: path.join(repoRoot, 'web/dist'),
      gatewayUrl: ['http://127.0.0.1:4000'],
      shutdownGraceMs: 10_000,
    });
    expect(siteConfigFromEnv({ GATEWAY_PORT: '4950', WEB_PORT: '4952' })).toMatchObject({
      port: 4952,
      gatewayUrl: ['http://127.0.0.1:4950'],
    });
    expect(
      siteConfigFromEnv({ GATEWAY_PORT: '4950', GATEWAY_URL: 'http://gateway.internal:4000/' }),
    ).toMatchObject({ gatewayUrl: ['http://gateway.internal:4000'] });
    expect(() => siteConfigFromEnv({ WEB_PORT: 'web' })).toThrow(/Invalid site environment:\n\s+WEB_PORT: /);
    expect(() => siteConfigFromEnv({ GATEWAY_URL: 'ftp://x' })).toThrow(/\n\s+GATEWAY_URL: /);
    expect(() => siteConfigFromEnv({ GATEWAY_PORT: '0' })).toThrow(/\n\s+GATEWAY_PORT: .*or set GATEWAY_URL/);
    expect(siteConfigFromEnv({ CASINO_ASSETS_URL: 'https://cdn.example.com' })).toMatchObject({
      assetsUrl: 'https://cdn.example.com',
    });
    expect(() => siteConfigFromEnv({ CASINO_ASSETS_URL: 'cdn' })).toThrow(
      /\n\s+CASINO_ASSETS_URL: must be an http/,
    );
    expect(
      siteConfigFromEnv({
        SITE_OUTSIDE_ORIGINS: 'https://cdn.livechat.example/, https://errors.example:8443',
      }),
    ).toMatchObject({ thirdPartyOrigins: ['https://cdn.livechat.example', 'https://errors.example:8443'] });
    for (const bad of ['cdn.example', 'https://a.example/path', "https://a.example 'unsafe-inline'"])
      expect(() => siteConfigFromEnv({ SITE_OUTSIDE_ORIGINS: bad }), bad).toThrow(
        /\n\s+SITE_OUTSIDE_ORIGINS: must be a comma-separated list of origins/,
      );
    expect(siteConfigFromEnv({ SITE_URL: 'https://playlive.example/' })).toMatchObject({
      siteUrl: 'https://playlive.example',
    });
    for (const bad of ['playlive.example', 'https://playlive.example/za', 'ftp://playlive.example'])
      expect(() => siteConfigFromEnv({ SITE_URL: bad }), bad).toThrow(
        /\n\s+SITE_URL: must be the site's public origin such as https:\/\/playlive.example/,
      );
  });
});
