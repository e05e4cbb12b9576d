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

export function threadBlockingTime(trace: { traceEvents: TraceEvent[] }, cpuSlowdown = 4): number {
  const events = trace.traceEvents;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return NaN;
  // The page's main thread: the renderer main thread with the most events (the tab's, not a worker's or another
  // page's).
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
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  let blocking = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || `${e.pid}:${e.tid}` !== main || e.ts < fcp.ts) continue;
    const cpuMs = ((e.tdur ?? e.dur ?? 0) / 1000) * cpuSlowdown;
    blocking += Math.max(0, cpuMs - LONG_TASK_MS);
  }
  return Math.round(blocking);
}
