import { useReadinessCheck, type FetchAPI, type Plugin } from 'graphql-yoga';
import type { Realtime } from './realtime/realtime.js';
import type { UpstreamClient } from './upstream/client.js';

/** What /readyz answers, for a load balancer (the status code) and an operator (the body). */
export interface Readiness {
  /** ready: all up; degraded: answering, but live updates are not arriving; not ready: the backend is down. */
  status: 'ready' | 'degraded' | 'not ready';
  backend: {
    state: 'up' | 'down';
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
 * Whether this replica should be sent traffic, and why. Ready means the casino's REST backend answers: every query
 * and mutation (money included) needs it, so without it the replica is 503 and a load balancer sends players
 * elsewhere.
 *
 * The live channels being down does not make a replica unready; it is reported as "degraded" with a 200. Queries and
 * mutations still work without them; open subscriptions stay open, and each connection reconnects on its own and
 * then sends its subscribers a fresh snapshot. The channels are the casino's, the same for every replica, so taking
 * replicas out of rotation would gain nothing and would cut players off from their wallet too. An operator sees
 * the state here (and in the logs) and fixes the channels, not the gateway.
 */
export async function readiness(client: UpstreamClient, realtime: Realtime): Promise<Readiness> {
  const backendUp = await client.ping();
  const { connectionStates, channels } = realtime.stats();
  const channelsState =
    connectionStates.length === 0 ? 'idle' : connectionStates.every((s) => s === 'connected') ? 'up' : 'down';
  return {
    status: !backendUp ? 'not ready' : channelsState === 'down' ? 'degraded' : 'ready',
    backend: {
      state: backendUp ? 'up' : 'down',
      circuits: client.circuits().filter((c) => c.state !== 'closed'),
    },
    liveChannels: { state: channelsState, connections: connectionStates, channels },
  };
}

/** Where a load balancer asks. */
export const READINESS_PATH = '/readyz';

/**
 * Yoga's readiness check at READINESS_PATH: the readiness as JSON, 503 when not ready. Yoga's own hook is asked only
 * of requests to that path: it would otherwise match a URL pattern against every request (a few µs each).
 */
export function serveReadiness(client: UpstreamClient, realtime: Realtime): Plugin {
  const check = async ({ fetchAPI }: { fetchAPI: FetchAPI }): Promise<Response> => {
    const answer = await readiness(client, realtime);
    return new fetchAPI.Response(JSON.stringify(answer), {
      status: answer.status === 'not ready' ? 503 : 200,
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
