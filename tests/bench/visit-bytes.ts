import net from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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
  /**
   * A first visit to home on a 390 px phone, everything counted (art too) for 15 s after the load
   * (docs/architecture.md#low-data-mode): with the browser's `Save-Data: on`, and without it, side by side.
   */
  lowData: { saveData: PhoneVisit; standard: PhoneVisit } | null;
}

export interface PhoneVisit {
  /** Every byte of the visit: the site's, the art's, other origins', and the service worker's own. */
  bytes: number;
  /** Of those, art's (the casino's /images/). */
  artBytes: number;
  /** Of those, JavaScript's. */
  codeBytes: number;
  /** Of those, what the service worker fetched for itself (its precache). */
  workerBytes: number;
  /** Requests counted. */
  requests: number;
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
/** The phone of the low-data budget (issue 43): 390 px wide, as the e2e tests' PHONE. */
const SMALL_PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
};
/** How long after the load a phone visit's bytes are counted: what the page and its worker fetch in the background. */
const PHONE_VISIT_MS = 15_000;
/** The network is quiet once nothing has crossed it for this long (the service worker installs after the load). */
const QUIET_MS = 1_000;
/** How long a visit may take to settle. */
const SETTLE_TIMEOUT_MS = 60_000;

export async function measureVisitBytes(options: {
  chromePort: number;
  siteUrl: string;
  /** The images' origin: its /images/ responses are art. */
  artOrigin: string;
  /** Measure the low-data figures too (default true; two visits of 15 s: the plumbing test leaves them out). */
  lowData?: boolean;
}): Promise<VisitBytes> {
  const relay = await countingRelay(new URL(options.siteUrl));
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${options.chromePort}`);
  try {
    const context = await browser.newContext(PHONE);
    try {
      const artOrigin = new URL(options.artOrigin).origin;
      const firstVisit = await visit(context, relay, artOrigin);
      const repeatVisit = await visit(context, relay, artOrigin);
      if (options.lowData === false) return { firstVisit, repeatVisit, lowData: null };
      const saveData = await phoneVisit(browser, options.siteUrl, artOrigin, true);
      const standard = await phoneVisit(browser, options.siteUrl, artOrigin, false);
      return { firstVisit, repeatVisit, lowData: { saveData, standard } };
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

/**
 * A first visit to home at 390 px in a context of its own (no cache, no worker), counted for PHONE_VISIT_MS after the
 * load: every response that crossed the network, as Chromium reports it to Playwright (headers and encoded body),
 * the service worker's own requests included; a response the worker answered is not counted again (its fetch was).
 */
async function phoneVisit(
  browser: Browser,
  siteUrl: string,
  artOrigin: string,
  saveData: boolean,
): Promise<PhoneVisit> {
  const context = await browser.newContext({
    ...SMALL_PHONE,
    serviceWorkers: 'allow',
    ...(saveData ? { extraHTTPHeaders: { 'Save-Data': 'on' } } : {}),
  });
  const figures: PhoneVisit = { bytes: 0, artBytes: 0, codeBytes: 0, workerBytes: 0, requests: 0 };
  const counted: Promise<void>[] = [];
  context.on('requestfinished', (request) => {
    counted.push(
      (async () => {
        const response = await request.response();
        if (!response || response.fromServiceWorker()) return;
        const sizes = await request.sizes();
        const size = sizes.responseHeadersSize + sizes.responseBodySize;
        const url = new URL(request.url());
        figures.bytes += size;
        figures.requests += 1;
        if (url.origin === artOrigin && url.pathname.startsWith('/images/')) figures.artBytes += size;
        if (request.resourceType() === 'script' || /\.js$/.test(url.pathname)) figures.codeBytes += size;
        if (request.serviceWorker()) figures.workerBytes += size;
      })().catch(() => {}),
    );
  });
  try {
    const page = await context.newPage();
    await page.goto(`${siteUrl}/`, { waitUntil: 'load', timeout: SETTLE_TIMEOUT_MS });
    await page.waitForTimeout(PHONE_VISIT_MS);
    await Promise.all(counted);
    return figures;
  } finally {
    await context.close();
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
