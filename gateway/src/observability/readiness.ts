import { useReadinessCheck, type FetchAPI, type Plugin } from 'graphql-yoga';
import type { Realtime } from '../realtime/realtime.js';
import type { BackendState, UpstreamClient } from '../upstream/client.js';

/** What /readyz returns, for a load balancer (the status code) and an operator (the body). */
export interface Readiness {
  /**
   * ready and degraded respond 200 (send traffic), not ready and shutting down 503 (send it elsewhere): see
   * readiness.
   */
  status: 'ready' | 'degraded' | 'not ready' | 'shutting down';
  backend: {
    /** How the casino's REST backend responded to a ping just now (UpstreamClient.ping): up, slow, failing or down. */
    state: BackendState;
    /** Upstream resources refused at once right now (open), or about to be probed (half-open). */
    circuits: { resource: string; state: string }[];
  };
  liveChannels: {
    /** idle: no subscriber needs them yet, so none is open; up: every connection is connected; down otherwise. */
    state: 'idle' | 'up' | 'down';
    /** Each upstream connection's own state (connecting, connected, unavailable, ...). */
    connections: string[];
    /** Channels subscribed upstream. */
    channels: number;
  };
}

/**
 * Whether this replica can serve, and how well. A load balancer routes by the status code alone, so 503 means one
 * thing: this replica cannot serve at all, and players are better off on another one. Everything short of that is
 * 200, and the body says what is wrong.
 *
 * - not ready (503): the casino's REST backend cannot be reached from here (the connection is refused, the host is
 *   unknown, no connection within the ping's bound), or every circuit this replica holds is open while the backend
 *   does not respond to its ping well either (slow or failing): every call it would make is refused. Every query and
 *   mutation (money included) needs the backend, so a balancer should send players elsewhere.
 * - degraded (200): this replica responds, but not everything is well: the backend is slow (no response to the
 *   ping within a second, or the calls' own bound if shorter: queries still resolve, only later) or responds 5xx,
 *   some resources' circuits are open (those fields fail at once with UPSTREAM_UNAVAILABLE, the rest resolve, stale
 *   public responses included), or the live channels are down. A balancer should keep sending traffic: the backend
 *   and its channels are the same for every replica, so taking replicas out gains nothing and, since a slow
 *   backend slows them all at once, would take every replica out together and cut players off from their wallet.
 *   An operator reads the body (and the logs).
 * - ready (200): the backend responded at once, every circuit is closed and the live channels are up or idle.
 *
 * Only open circuits count towards not ready, not half-open ones: once an open circuit's reset time has passed, the
 * replica is 200 again, so the balancer sends it the traffic whose calls probe the backend; a replica out of
 * rotation would otherwise never learn that the backend is back. Live channels that are down never make a replica
 * unready: open subscriptions stay open, and each connection reconnects on its own and then sends its subscribers a
 * fresh snapshot.
 */
export async function readiness(client: UpstreamClient, realtime: Realtime): Promise<Readiness> {
  const backend = await client.ping();
  const circuits = client.circuits().filter((c) => c.state !== 'closed');
  const { connectionStates, channels } = realtime.stats();
  const channelsState =
    connectionStates.length === 0 ? 'idle' : connectionStates.every((s) => s === 'connected') ? 'up' : 'down';
  const everyCircuitOpen = circuits.length > 0 && client.circuits().every((c) => c.state === 'open');
  const cannotServe = backend === 'down' || (backend !== 'up' && everyCircuitOpen);
  const allWell = backend === 'up' && circuits.length === 0 && channelsState !== 'down';
  return {
    status: cannotServe ? 'not ready' : allWell ? 'ready' : 'degraded',
    backend: { state: backend, circuits },
    liveChannels: { state: channelsState, connections: connectionStates, channels },
  };
}

/** Where a load balancer asks. */
export const READINESS_PATH = '/readyz';

/**
 * Yoga's readiness check at READINESS_PATH: the readiness as JSON, 503 when not ready. Yoga's own hook is asked only
 * of requests to that path: it would otherwise match a URL pattern against every request (a few µs each).
 */
export function serveReadiness(
  client: UpstreamClient,
  realtime: Realtime,
  shuttingDown: () => boolean,
): Plugin {
  const check = async ({ fetchAPI }: { fetchAPI: FetchAPI }): Promise<Response> => {
    const report = await readiness(client, realtime);
    // A replica on its way out (SIGTERM, http/graceful-shutdown.ts) still finishes what it has, but takes nothing new.
    if (shuttingDown()) report.status = 'shutting down';
    return new fetchAPI.Response(JSON.stringify(report), {
      status: report.status === 'not ready' || report.status === 'shutting down' ? 503 : 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    });
  };
  const yogas = useReadinessCheck({ endpoint: READINESS_PATH, check });
  return {
    ...yogas,
    onRequest(payload) {
      if (payload.url.pathname === READINESS_PATH) return yogas.onRequest?.(payload);
    },
  };
}
