/*
 * The data meter's counting (docs/architecture.md#low-data-mode), loaded once the app has the page (./DataMeter.tsx).
 * A visit's bytes are what the browser fetched for the page since it was asked for, by its own Resource Timing
 * entries (the document and everything it loaded), plus what the service worker fetched for itself (its precache and
 * what it asks for on the page's behalf), which the worker counts by its own entries and reports on request
 * (web/public/sw-meter.js).
 *
 * An entry counts its transferSize: headers and body as they crossed the network, 0 when the browser's cache or the
 * service worker answered. A response from another origin that does not allow timing (no Timing-Allow-Origin)
 * reports no sizes at all and is not counted: the casino's images host allows it (sandbox/src/routes/images.ts).
 * A response the worker answered is the worker's to count (it went to the network, or it came from its cache).
 */

/** "This visit: 84 kB": kB of 1,024 bytes, one decimal place under 10 kB, whole numbers from there. */
export function formatVisit(bytes: number): string {
  const kB = bytes / 1024;
  if (kB >= 1024) return `This visit: ${(kB / 1024).toFixed(1)} MB`;
  return `This visit: ${kB < 10 ? kB.toFixed(1) : Math.round(kB)} kB`;
}

interface TimedEntry {
  transferSize: number;
  workerStart: number;
}

/** The bytes one of the page's entries fetched itself: none when the service worker answered it (it counts those). */
const pageEntryBytes = (entry: TimedEntry): number => (entry.workerStart > 0 ? 0 : entry.transferSize);

/** The message the worker answers with its bytes since `since` (an epoch in ms: this page's timeOrigin). */
const METER_REQUEST = 'playlive:data-meter';
/** What the worker posts: its bytes since the asked instant, or (no `bytes`) that it has fetched more. */
interface WorkerReport {
  type: typeof METER_REQUEST;
  bytes?: number;
}

/** How often the figure may change: a screen reader hears each change (the meter is a status). */
const UPDATE_MS = 1_000;

/** Counts this visit's bytes and calls `show` with the meter's text as it grows; returns how to stop. */
export function watchVisit(show: (text: string) => void): () => void {
  let pageBytes = 0;
  let workerBytes = 0;
  let timer: number | null = null;
  let last = '';
  const update = () => {
    timer = null;
    const text = formatVisit(pageBytes + workerBytes);
    if (text !== last) show((last = text));
  };
  const changed = () => {
    timer ??= window.setTimeout(update, last ? UPDATE_MS : 0);
  };

  const add = (entries: PerformanceEntryList) => {
    for (const entry of entries) pageBytes += pageEntryBytes(entry as PerformanceResourceTiming);
    changed();
  };
  add(performance.getEntriesByType('navigation'));
  const observer = new PerformanceObserver((list) => add(list.getEntries()));
  observer.observe({ type: 'resource', buffered: true });

  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  const ask = () => {
    void container?.ready
      .then((registration) =>
        registration.active?.postMessage({ type: METER_REQUEST, since: performance.timeOrigin }),
      )
      .catch(() => {});
  };
  // A worker restarted since it last answered counts from nought again: what it had said stays counted.
  let workerBase = 0;
  let workerLast = 0;
  const onMessage = (event: MessageEvent<WorkerReport>) => {
    if (event.data?.type !== METER_REQUEST) return;
    if (typeof event.data.bytes !== 'number') return ask();
    if (event.data.bytes < workerLast) workerBase += workerLast;
    workerLast = event.data.bytes;
    workerBytes = workerBase + workerLast;
    changed();
  };
  container?.addEventListener('message', onMessage);
  ask();
  update();

  return () => {
    observer.disconnect();
    container?.removeEventListener('message', onMessage);
    if (timer !== null) window.clearTimeout(timer);
  };
}
