import net from 'node:net';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { HYDRATED_EVENT } from '../../web/src/shared/page-events.js';

/**
 * What a first and a repeat visit to home cost a player on prepaid data: the bytes that cross the network, art left
 * out (it is the casino's images origin's, cached for a year, and its size follows the screen rather than the
 * site's code).
 *
 * The site's origin is reached through a counting TCP relay, so every byte it sends is counted as it crosses the
 * wire (headers, compressed bodies, and what a service worker fetches for itself); other origins' responses (the
 * third-party services) are counted from Chromium's own figures (CDP Network.loadingFinished's encodedDataLength,
 * zero for a response from the cache). The repeat visit is a new tab in the same browser context after the first
 * visit has settled: the HTTP cache and any service worker are the first visit's.
 */
export interface VisitBytes {
  firstVisit: VisitFigures;
  repeatVisit: VisitFigures;
}

export interface VisitFigures {
  /** Bytes over the network, art left out. */
  bytes: number;
  /** Of those, the site's own origin's. */
  siteBytes: number;
  /** Art's bytes, left out of `bytes` (for reading only). */
  artBytes: number;
}

/** The phone Lighthouse emulates (a Moto G Power): the layout the bytes are measured at. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
/** The network is quiet once nothing has crossed it for this long (the service worker installs after the load). */
const QUIET_MS = 1_000;
/** How long a visit may take to settle. */
const SETTLE_TIMEOUT_MS = 60_000;

export async function measureVisitBytes(options: {
  chromePort: number;
  siteUrl: string;
  /** The images' origin: its /images/ responses are art. */
  artOrigin: string;
}): Promise<VisitBytes> {
  const relay = await countingRelay(new URL(options.siteUrl));
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${options.chromePort}`);
  try {
    const context = await browser.newContext(PHONE);
    try {
      const artOrigin = new URL(options.artOrigin).origin;
      const firstVisit = await visit(context, relay, artOrigin);
      const repeatVisit = await visit(context, relay, artOrigin);
      return { firstVisit, repeatVisit };
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
    await relay.close();
  }
}

/** Opens home in a new tab of `context` and counts until the network is quiet. */
async function visit(context: BrowserContext, relay: Relay, artOrigin: string): Promise<VisitFigures> {
  const page = await context.newPage();
  try {
    const other = await countOtherOrigins(page, relay.url, artOrigin);
    relay.reset();
    await page.goto(`${relay.url}/`, { waitUntil: 'load', timeout: SETTLE_TIMEOUT_MS });
    // The page starts its code only once its first picture is painted (web/server/page-start.ts), and the network
    // can be quiet before that: a visit counted then missed the code (18.6 kB read once). Counted from when the app
    // has taken the page over.
    await page.waitForFunction(
      (mark) => performance.getEntriesByName(mark, 'mark').length > 0,
      HYDRATED_EVENT,
      {
        timeout: SETTLE_TIMEOUT_MS,
      },
    );
    await page.waitForLoadState('networkidle', { timeout: SETTLE_TIMEOUT_MS });
    await relay.quiet(QUIET_MS, SETTLE_TIMEOUT_MS);
    const { bytes: otherBytes, artBytes } = other.stop();
    return { bytes: relay.bytes() + otherBytes, siteBytes: relay.bytes(), artBytes };
  } finally {
    await page.close();
  }
}

/** Counts the responses of origins other than the site's, art apart, as Chromium reports them for `page`. */
async function countOtherOrigins(page: Page, siteOrigin: string, artOrigin: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  let bytes = 0;
  let artBytes = 0;
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => {
    const address = urls.get(e.requestId);
    if (!address || !/^https?:/.test(address)) return;
    const url = new URL(address);
    if (url.origin === siteOrigin) return;
    if (url.origin === artOrigin && url.pathname.startsWith('/images/')) artBytes += e.encodedDataLength;
    else bytes += e.encodedDataLength;
  });
  return { stop: () => ({ bytes, artBytes }) };
}

interface Relay {
  /** The relay's origin, standing for the site's. */
  url: string;
  /** Bytes the site has sent through the relay since the last reset. */
  bytes(): number;
  reset(): void;
  /** Resolves once nothing has crossed for `ms`. */
  quiet(ms: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** A TCP relay to `target` on an ephemeral port of 127.0.0.1 counting the bytes the target sends back. */
async function countingRelay(target: URL): Promise<Relay> {
  let count = 0;
  let lastByteAt = Date.now();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      // A tab closing mid-response resets its connection: not the bench's failure.
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', () => {
      lastByteAt = Date.now();
    });
    upstream.on('data', (chunk: Buffer) => {
      count += chunk.length;
      lastByteAt = Date.now();
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bytes: () => count,
    reset: () => {
      count = 0;
    },
    async quiet(ms, timeoutMs) {
      const began = Date.now();
      while (Date.now() - lastByteAt < ms) {
        if (Date.now() - began > timeoutMs)
          throw new Error(`the site's traffic did not settle in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
