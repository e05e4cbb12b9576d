/**
 * The gateway's own counts, read from its `/metrics` (docs/operations.md#metrics): what it asked of the casino's
 * REST API per resource, the operations it ran per name, and its live channels upstream. The scaling bench reads them
 * before and after a player's session, so the backend's load per player is what the gateway itself counted.
 */
export interface MetricsSnapshot {
  /** Upstream REST calls so far per resource (`GET /api/account`), all statuses. */
  upstreamCalls: Map<string, number>;
  /** Operations so far per operation name (HTTP and graphql-ws alike). */
  operations: Map<string, number>;
  /** Channels the gateway holds at the casino's live service now, and the connections carrying them. */
  liveChannels: number;
  liveConnections: number;
}

/** `name{labels} value` lines of the Prometheus text format for one metric, as (labels, value). */
function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  const found: { labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const pair of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    found.push({ labels, value: Number(m[3]) });
  }
  return found;
}

function sumBy(text: string, name: string, label: string): Map<string, number> {
  const totals = new Map<string, number>();
  for (const s of samples(text, name)) {
    const key = s.labels[label] ?? '';
    totals.set(key, (totals.get(key) ?? 0) + s.value);
  }
  return totals;
}

/** The gateway's counts now, with the metrics token the bench started it with. */
export async function readMetrics(gatewayUrl: string, token: string): Promise<MetricsSnapshot> {
  const res = await fetch(`${gatewayUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /metrics responded ${res.status}`);
  const text = await res.text();
  const gauge = (name: string) => samples(text, name).reduce((sum, s) => sum + s.value, 0);
  return {
    upstreamCalls: sumBy(text, 'gateway_upstream_request_duration_seconds_count', 'resource'),
    operations: sumBy(text, 'gateway_operation_duration_seconds_count', 'operation'),
    liveChannels: gauge('gateway_live_channels'),
    liveConnections: gauge('gateway_live_connections'),
  };
}

/** What each key grew by from `before` to `after` (keys that did not grow left out), largest first. */
export function growth(before: Map<string, number>, after: Map<string, number>): [string, number][] {
  return [...after]
    .map(([key, n]): [string, number] => [key, n - (before.get(key) ?? 0)])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
}
