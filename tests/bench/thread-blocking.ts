/**
 * The page's blocking time as its own main thread's CPU time makes it (docs/benchmarks.md#lighthouse), beside
 * Lighthouse's TBT: each top-level task after the first contentful paint, its thread time (`tdur`, not wall time)
 * multiplied by the simulated CPU slowdown, less the 50 ms a task may take. Lighthouse's simulation reads wall time,
 * which on a two-core machine also counts the time the page's thread waited for a core (image decoding and raster,
 * the browser's other processes, the servers, Lighthouse itself); this figure is the page's own work.
 */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { isLoadingMainFrame?: boolean } };
}

const LONG_TASK_MS = 50;

/** The page's main thread: the renderer main thread with the most events (the tab's, not a worker's or another page's). */
function mainThread(events: TraceEvent[]): string | undefined {
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const counts = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (mains.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export function threadBlockingTime(trace: { traceEvents: TraceEvent[] }, cpuSlowdown = 4): number {
  const events = trace.traceEvents;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return NaN;
  const main = mainThread(events);
  let blocking = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || `${e.pid}:${e.tid}` !== main || e.ts < fcp.ts) continue;
    const cpuMs = ((e.tdur ?? e.dur ?? 0) / 1000) * cpuSlowdown;
    blocking += Math.max(0, cpuMs - LONG_TASK_MS);
  }
  return Math.round(blocking);
}

/** The User Timing marks the site sets around its hydration (web/src/shared/page-events.ts). */
const HYDRATING = 'playlive:hydrating';
const HYDRATED = 'playlive:hydrated';

/**
 * The hydration's work at the simulated CPU slowdown: the thread time of the main-thread tasks from the app's
 * `playlive:hydrating` mark (hydrateRoot called) to its `playlive:hydrated` mark (the first screen's effects run),
 * multiplied by the slowdown. Everything the page's thread did meanwhile counts, React's renders and commits and the
 * style, layout and paint between them. The React floors set the same marks (./hydration-marks.ts). NaN for a page
 * that sets none (the floors without JavaScript, a page rendered from scratch).
 */
export function hydrationWork(trace: { traceEvents: TraceEvent[] }, cpuSlowdown = 4): number {
  const events = trace.traceEvents;
  const start = events.find((e) => e.name === HYDRATING);
  const end = events.find((e) => e.name === HYDRATED);
  if (!start || !end) return NaN;
  const thread = `${start.pid}:${start.tid}`;
  let work = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || `${e.pid}:${e.tid}` !== thread) continue;
    if (e.ts + (e.dur ?? 0) < start.ts || e.ts > end.ts) continue;
    work += (e.tdur ?? e.dur ?? 0) / 1000;
  }
  return Math.round(work * cpuSlowdown);
}
