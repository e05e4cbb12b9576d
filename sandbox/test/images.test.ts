import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startSandbox } from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let games: any[];
beforeAll(async () => {
  sb = await startSandbox();
  games = (await api(sb.url, 'GET', '/api/allgames')).body;
});
afterAll(() => sb.close());

/** One image as a browser fetches it: status, headers and the bytes. */
async function fetchImage(address: string, headers: Record<string, string> = {}) {
  const res = await fetch(sb.url + address, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Fetches a WebP and reads its real format and size from the file. */
async function webpSize(address: string) {
  const res = await fetchImage(address);
  expect(res.status, address).toBe(200);
  expect(res.headers.get('content-type'), address).toBe('image/webp');
  const meta = await sharp(res.bytes).metadata();
  expect(meta.format, address).toBe('webp');
  return { width: meta.width, height: meta.height };
}

/** Runs `task` over `items`, a few at a time, as a browser loading a page would. */
async function inBatches<T>(items: T[], task: (item: T) => Promise<unknown>, size = 16) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(task));
}

describe('game art', () => {
  it('serves every game’s image as a 400 × 300 WebP', async () => {
    expect(games.length).toBeGreaterThan(300);
    await inBatches(games, async (game) => {
      expect(await webpSize(game.image)).toEqual({ width: 400, height: 300 });
    });
    // Renders the whole catalogue (about 10 ms a tile): a few seconds, more on a busy machine.
  }, 60_000);

  it('draws each game its own art, the same bytes every time, with caching headers', async () => {
    const [a, b] = [games[0], games[1]];
    const first = await fetchImage(a.image);
    const again = await fetchImage(a.image);
    const other = await fetchImage(b.image);
    expect(first.bytes.equals(again.bytes)).toBe(true);
    expect(first.bytes.equals(other.bytes)).toBe(false);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(first.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(other.headers.get('etag')).not.toBe(first.headers.get('etag'));

    const revalidated = await fetchImage(a.image, { 'if-none-match': first.headers.get('etag')! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);
  });

  it('gives every tile its own bytes', async () => {
    const sample = games.slice(0, 40);
    const hashes = new Set<string>();
    await inBatches(sample, async (game) =>
      hashes.add((await fetchImage(game.image)).bytes.toString('base64')),
    );
    expect(hashes.size).toBe(sample.length);
  });

  it('serves the phone size at ?w=200 and the full size for any other width', async () => {
    const { image } = games[2];
    expect(await webpSize(`${image}?w=200`)).toEqual({ width: 200, height: 150 });
    for (const w of ['400', '1000', '123', '0', 'abc', '99999999']) {
      expect(await webpSize(`${image}?w=${w}`)).toEqual({ width: 400, height: 300 });
    }
  });

  it('renders a page of 30 tiles quickly, and faster still once rendered', async () => {
    const page = games.slice(100, 130).map((g) => `${g.image}?w=200`);
    const load = async () => {
      const started = performance.now();
      await Promise.all(page.map((address) => fetchImage(address)));
      return performance.now() - started;
    };
    const cold = await load();
    const warm = await load();
    // About 0.2 s cold and 20 ms warm on two cores; the bounds leave room for a busy test machine.
    expect(cold).toBeLessThan(3000);
    expect(warm).toBeLessThan(cold);
  });
});

describe('banners, promotions and content art', () => {
  it('serves every banner’s desktop and mobile image; the video with byte ranges', async () => {
    const banners = (await api(sb.url, 'GET', '/api/promotionBanners')).body.promotionBanners as any[];
    expect(banners.length).toBeGreaterThan(0);
    const videos: string[] = [];
    for (const banner of banners) {
      expect(await webpSize(banner.image)).toEqual({ width: 1200, height: 400 });
      if (banner.image_mobile.endsWith('.mp4')) videos.push(banner.image_mobile);
      else expect(await webpSize(banner.image_mobile)).toEqual({ width: 600, height: 600 });
    }
    expect(videos).toHaveLength(1);

    const whole = await fetchImage(videos[0]!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(whole.bytes.length).toBeGreaterThan(10_000);
    expect(whole.bytes.length).toBeLessThan(1024 * 1024);

    const head = await fetchImage(videos[0]!, { range: 'bytes=0-99' });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-99/${whole.bytes.length}`);
    expect(head.bytes.equals(whole.bytes.subarray(0, 100))).toBe(true);

    const tail = await fetchImage(videos[0]!, { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(whole.bytes.subarray(-10))).toBe(true);

    const past = await fetchImage(videos[0]!, { range: `bytes=${whole.bytes.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.bytes.length}`);

    // A range asked against another version of the file gets the whole current file.
    const stale = await fetchImage(videos[0]!, { range: 'bytes=0-99', 'if-range': '"old"' });
    expect(stale.status).toBe(200);
    expect(stale.bytes.length).toBe(whole.bytes.length);
  });

  it('serves the promotional pages’ images at 1200 × 500', async () => {
    const settings = (await api(sb.url, 'GET', '/api/settings')).body;
    const images = Object.values(settings.promo_content).map((p: any) => p.image as string);
    expect(images).toHaveLength(4);
    for (const image of images) expect(await webpSize(image)).toEqual({ width: 1200, height: 500 });
  });

  it('serves the promotions’, news articles’ and tournaments’ images at 800 × 450', async () => {
    const promotions = (await api(sb.url, 'GET', '/api/promotions')).body.promotions as any[];
    const news = (await api(sb.url, 'GET', '/api/news')).body.news as any[];
    const tournaments = (await api(sb.url, 'GET', '/api/tournaments')).body.tournaments as any[];
    const images = [...promotions, ...news, ...tournaments].map((item) => item.image as string);
    expect(images.length).toBeGreaterThan(20);
    for (const image of images) {
      expect(image).toMatch(/^\/images\/(promotions|news|tournaments)\/[a-z0-9-]+\.webp$/);
      expect(await webpSize(image)).toEqual({ width: 800, height: 450 });
    }
  });

  it('responds to an address the catalogue does not hand out with a JSON 404', async () => {
    for (const address of [
      '/images/games/no-such-game.webp',
      '/images/banners/no-such-banner.webp',
      '/images/banners/no-such-banner.mp4',
      '/images/promos/no_such_promo.webp',
      '/images/elsewhere/thing.webp',
      '/images/banners/..%2f..%2fpackage.json',
      `${games[0].image.replace('.webp', '.png')}`,
    ]) {
      const res = await api(sb.url, 'GET', address);
      expect(res.status, address).toBe(404);
      expect(res.body, address).toEqual({ error: expect.any(String) });
    }
  });
});
