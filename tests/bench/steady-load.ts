import { performance } from 'node:perf_hooks';
import { Agent, type Response } from 'undici';

/** One request of the load: when it was sent and answered (performance.now() ms), and whether a player got data. */
export interface Sample {
  kind: string;
  start: number;
  end: number;
  ok: boolean;
  /** For a failure: the status and what came back, or the network error. */
  why?: string;
}

/** One kind of request a guest's browser sends to the site's /graphql. */
export interface LoadRequest {
  kind: string;
  /** The fetch of it, on the given site's origin. */
  send(site: string, dispatcher: Agent): Promise<Response>;
}

export interface SteadyLoad {
  samples: Sample[];
  /** Requests sent and not yet answered right now. */
  inFlight(): number;
  stop(): Promise<void>;
}

/**
 * `clients` guests, each sending one request at a time (the kinds in turn, over the sites in turn) with `pauseMs`
 * between: a steady load that leaves the machine room to restart replicas, so what changes during a roll is the
 * roll's doing. Each client keeps its connections as a browser does.
 */
export function startSteadyLoad(options: {
  sites: string[];
  requests: LoadRequest[];
  clients: number;
  pauseMs: number;
}): SteadyLoad {
  const samples: Sample[] = [];
  let running = true;
  let inFlight = 0;
  const client = async (n: number) => {
    const dispatcher = new Agent({ keepAliveTimeout: 30_000 });
    for (let i = n; running; i++) {
      const request = options.requests[i % options.requests.length]!;
      const site = options.sites[i % options.sites.length]!;
      const start = performance.now();
      inFlight += 1;
      const sample = await request.send(site, dispatcher).then(
        async (res) => {
          const body = (await res.json().catch(() => null)) as { data?: unknown; errors?: unknown } | null;
          const ok = res.status === 200 && !!body?.data && !body.errors;
          return { ok, why: ok ? undefined : `${res.status} ${JSON.stringify(body).slice(0, 300)}` };
        },
        (err: Error) => ({
          ok: false,
          why: `${err.message} (${String((err.cause as Error)?.message ?? '')})`,
        }),
      );
      inFlight -= 1;
      samples.push({ kind: request.kind, start, end: performance.now(), ...sample });
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
    await dispatcher.close();
  };
  const clients = Array.from({ length: options.clients }, (_, n) => client(n));
  return {
    samples,
    inFlight: () => inFlight,
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}

/** The 99th percentile of the latencies of the samples started within [from, to), in ms (nearest rank). */
export function p99(samples: Sample[], from: number, to: number): { p99: number; count: number } {
  const ms = samples
    .filter((s) => s.start >= from && s.start < to && s.ok)
    .map((s) => s.end - s.start)
    .sort((a, b) => a - b);
  if (ms.length === 0) return { p99: NaN, count: 0 };
  return { p99: ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.99) - 1)]!, count: ms.length };
}
