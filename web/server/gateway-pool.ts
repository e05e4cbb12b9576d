import dns from 'node:dns/promises';
import http, { type ClientRequest, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** How often a ready replica's /readyz is asked: a replica taken out of service is left within about this long. */
const READY_CHECK_MS = 2_000;
/** How often a replica not ready (or not responding, or not yet asked) is asked: one that is back is used soon. */
const UNREADY_CHECK_MS = 500;
/** A /readyz that has not responded by then counts as no response (the gateway's own ping is bounded by 1 s). */
const CHECK_TIMEOUT_MS = 2_000;
/** How often a listed host name is resolved again: replicas come and go (compose scaling, a headless service). */
const RESOLVE_MS = 5_000;

/** One gateway replica: where its requests go. */
export interface GatewayReplica {
  /**
   * Its base address as a URL, for what connects by URL (server rendering's fetch): the listed address, or over
   * http the address its host name resolved to (over https the name itself, which the certificate names).
   */
  readonly url: string;
  /** The listed address, and the resolved one when a host name is spread, for log lines and /readyz. */
  readonly label: string;
}

/**
 * What the pool knows of a replica: ready (its /readyz answered 200), unready (it answered, with a 503: it cannot
 * serve, or is stopping), down (no connection, or no answer in time), unknown (not asked yet).
 */
type State = 'unknown' | 'ready' | 'unready' | 'down';

interface Replica extends GatewayReplica {
  readonly protocol: 'http:' | 'https:';
  /** What is connected to: an address (resolved here, so connecting never waits on DNS) or the listed host. */
  readonly address: string;
  readonly port: number;
  /** The listed host name: the TLS server name, and with the port the Host of the pool's own checks. */
  readonly hostname: string;
  readonly host: string;
  /** The listed address's path ('' almost always): /graphql and /readyz are under it. */
  readonly basePath: string;
  state: State;
  /** Why it is not ready, for /readyz's body. */
  detail: string;
  timer: NodeJS.Timeout | null;
  check: ClientRequest | null;
  removed: boolean;
}

export interface GatewayPool {
  /**
   * The replica for the next request: round robin over the ready ones; when none is, over those not known to be
   * down (not asked yet, or answering 503: a gateway that cannot reach the casino still answers with its errors);
   * when every one is down, over all (one may be back before its next check). `avoid` (the replica a request just
   * failed on) is taken only when there is no other. Null only while a listed host name has resolved to nothing.
   */
  pick(avoid?: GatewayReplica): GatewayReplica | null;
  /** A request to `replica` on a connection of the pool's (`pooled`, kept alive) or of its own (an upgrade). */
  request(
    replica: GatewayReplica,
    options: { method: string; path: string; headers: OutgoingHttpHeaders; pooled: boolean },
  ): ClientRequest;
  /** A connection to it failed: the others get its requests until its /readyz answers again. */
  failed(replica: GatewayReplica, err: Error): void;
  /** It responded to a request: a replica thought down is reachable after all. */
  responded(replica: GatewayReplica): void;
  /** Whether some replica's /readyz answered 200 at its last check; otherwise a short reason. */
  readiness(): { ready: true } | { ready: false; reason: string };
  /**
   * Resolves true once some replica is ready, false after `ms`. Every caller joins the same wait, and once a wait
   * has ended without a replica, callers are answered false at once until one is ready again: a long outage costs
   * each request nothing.
   */
  whenReady(ms: number): Promise<boolean>;
  close(): void;
}

interface GatewayPoolOptions {
  logger: Pick<Console, 'warn'>;
  /** How host names are resolved (dns.lookup with all addresses); a test gives its own. */
  lookup?: (hostname: string) => Promise<string[]>;
}

const systemLookup = async (hostname: string) =>
  (await dns.lookup(hostname, { all: true })).map((a) => a.address);

/**
 * The gateway replicas behind the site server (docs/operations.md#the-site-server): the listed base addresses
 * (GATEWAY_URL), each host name spread over every address it resolves to (re-resolved every few seconds), each
 * replica's /readyz asked in the background (from the start, so the site's own /readyz and server rendering know
 * when a gateway is there). The /graphql proxy and server rendering take their replica from here.
 */
export function gatewayPool(urls: readonly string[], options: GatewayPoolOptions): GatewayPool {
  const lookup = options.lookup ?? systemLookup;
  const log = options.logger;
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: 4_000 }),
    'https:': new https.Agent({ keepAlive: true, timeout: 4_000 }),
  };
  // Each listed address's replicas: one for an address, one per resolved address for a host name.
  const sources = urls.map((listed) => ({ listed, target: new URL(listed), replicas: [] as Replica[] }));
  const timers: NodeJS.Timeout[] = [];
  let closed = false;
  let turn = 0;
  let waiting: { promise: Promise<boolean>; resolve: (ready: boolean) => void } | null = null;
  let waitedInVain = false;
  // Why host names did not resolve, for /readyz's body.
  const unresolved = new Map<string, string>();

  const all = () => sources.flatMap((s) => s.replicas);
  const isReady = () => all().some((r) => r.state === 'ready');

  function replicaOf(source: (typeof sources)[number], address: string | null): Replica {
    const { target, listed } = source;
    const protocol = target.protocol as 'http:' | 'https:';
    const port = Number(target.port) || (protocol === 'https:' ? 443 : 80);
    const basePath = target.pathname.replace(/\/$/, '');
    const connectTo = address ?? target.hostname.replace(/^\[|\]$/g, '');
    const urlHost = net.isIPv6(connectTo) ? `[${connectTo}]` : connectTo;
    return {
      url: address && protocol === 'http:' ? `${protocol}//${urlHost}:${port}${basePath}` : listed,
      label: address ? `${listed} (${address})` : listed,
      protocol,
      address: connectTo,
      port,
      hostname: target.hostname.replace(/^\[|\]$/g, ''),
      host: target.host,
      basePath,
      state: 'unknown',
      detail: 'not asked yet',
      timer: null,
      check: null,
      removed: false,
    };
  }

  function setState(replica: Replica, state: State, detail: string): void {
    const was = replica.state;
    replica.state = state;
    replica.detail = detail;
    if (state === 'ready' && was !== 'ready') {
      waitedInVain = false;
      waiting?.resolve(true);
    }
  }

  function schedule(replica: Replica, ms: number): void {
    if (closed || replica.removed) return;
    if (replica.timer) clearTimeout(replica.timer);
    replica.timer = setTimeout(() => check(replica), ms).unref();
  }

  /** Asks the replica's /readyz on a connection of its own, as a balancer's probe does. */
  function check(replica: Replica): void {
    replica.timer = null;
    if (closed || replica.removed || replica.check) return;
    const req = request(replica, {
      method: 'GET',
      path: '/readyz',
      headers: { host: replica.host, accept: 'application/json' },
      pooled: false,
    });
    replica.check = req;
    const done = (state: State, detail: string) => {
      if (replica.check !== req) return;
      replica.check = null;
      req.destroy();
      if (state === 'down' && replica.state !== 'down' && replica.state !== 'unknown') {
        log.warn(`The GraphQL gateway at ${replica.label} is not responding (${detail}).`);
      }
      setState(replica, state, detail);
      schedule(replica, state === 'ready' ? READY_CHECK_MS : UNREADY_CHECK_MS);
    };
    req.setTimeout(CHECK_TIMEOUT_MS, () => done('down', `no answer within ${CHECK_TIMEOUT_MS / 1000} s`));
    req.once('response', (res) => {
      res.resume();
      const status = res.statusCode ?? 0;
      done(status === 200 ? 'ready' : 'unready', `its /readyz answered ${status}`);
    });
    req.once('error', (err) => done('down', errorCode(err)));
    req.end();
  }

  function track(source: (typeof sources)[number], replicas: Replica[]): void {
    const kept = new Set(replicas);
    for (const old of source.replicas) {
      if (kept.has(old)) continue;
      old.removed = true;
      if (old.timer) clearTimeout(old.timer);
      old.check?.destroy();
    }
    source.replicas = replicas;
    for (const replica of replicas)
      if (replica.state === 'unknown' && !replica.check && !replica.timer) check(replica);
  }

  async function resolve(source: (typeof sources)[number]): Promise<void> {
    const name = source.target.hostname;
    try {
      const addresses = [...new Set(await lookup(name))];
      if (closed) return;
      unresolved.delete(name);
      const known = new Map(source.replicas.map((r) => [r.address, r]));
      track(
        source,
        addresses.map((a) => known.get(a) ?? replicaOf(source, a)),
      );
    } catch (err) {
      // The addresses known so far are kept: a moment's DNS failure does not take the replicas out.
      unresolved.set(name, `${name} did not resolve (${errorCode(err as Error)})`);
    }
  }

  for (const source of sources) {
    const hostname = source.target.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(hostname)) {
      track(source, [replicaOf(source, null)]);
      continue;
    }
    void resolve(source);
    const again = setInterval(() => void resolve(source), RESOLVE_MS).unref();
    timers.push(again);
  }

  function request(
    target: GatewayReplica,
    opts: { method: string; path: string; headers: OutgoingHttpHeaders; pooled: boolean },
  ): ClientRequest {
    const replica = target as Replica;
    const send = replica.protocol === 'https:' ? https.request : http.request;
    return send({
      protocol: replica.protocol,
      host: replica.address,
      port: replica.port,
      ...(replica.protocol === 'https:' && !net.isIP(replica.hostname)
        ? { servername: replica.hostname }
        : {}),
      method: opts.method,
      path: `${replica.basePath}${opts.path}`,
      headers: opts.headers,
      agent: opts.pooled ? agents[replica.protocol] : false,
    });
  }

  return {
    pick(avoid) {
      const replicas = all();
      const others = replicas.filter((r) => r !== avoid);
      const tiers = [
        others.filter((r) => r.state === 'ready'),
        others.filter((r) => r.state !== 'down'),
        others,
      ];
      const candidates = tiers.find((t) => t.length > 0);
      if (!candidates) return (avoid as Replica | undefined) ?? null;
      return candidates[turn++ % candidates.length]!;
    },
    request,
    failed(target, err) {
      const replica = target as Replica;
      if (replica.removed) return;
      if (replica.state !== 'down') {
        log.warn(`The GraphQL gateway at ${replica.label} is not responding (${errorCode(err)}).`);
      }
      setState(replica, 'down', errorCode(err));
      // Asked again soon, not at the ready replicas' pace.
      if (!replica.check) schedule(replica, UNREADY_CHECK_MS);
    },
    responded(target) {
      const replica = target as Replica;
      if (replica.state === 'down') setState(replica, 'unknown', 'responded to a request');
    },
    readiness() {
      if (isReady()) return { ready: true };
      const why = [...all().map((r) => `${r.label}: ${r.detail}`), ...unresolved.values()];
      return { ready: false, reason: `No GraphQL gateway is ready (${why.join('; ') || 'none listed'}).` };
    },
    whenReady(ms) {
      if (isReady()) return Promise.resolve(true);
      if (waitedInVain || closed) return Promise.resolve(false);
      if (!waiting) {
        let settle = (_ready: boolean) => {};
        const promise = new Promise<boolean>((resolve) => (settle = resolve));
        const timer = setTimeout(() => current.resolve(false), ms).unref();
        const current = {
          promise,
          resolve: (ready: boolean) => {
            clearTimeout(timer);
            if (waiting === current) waiting = null;
            if (!ready) waitedInVain = true;
            settle(ready);
          },
        };
        waiting = current;
      }
      return waiting.promise;
    },
    close() {
      closed = true;
      for (const timer of timers) clearInterval(timer);
      for (const replica of all()) {
        if (replica.timer) clearTimeout(replica.timer);
        replica.check?.destroy();
      }
      waiting?.resolve(false);
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

function errorCode(err: Error): string {
  return (err as NodeJS.ErrnoException).code ?? err.message;
}
