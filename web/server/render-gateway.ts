import type { GatewayPool } from './gateway-pool.js';

/**
 * How long a render waits for a gateway replica to be ready when none is known to be (the site started before the
 * gateway, or every replica is being replaced): the visitor gets the rendered page a moment later rather than the
 * client shell. Shorter than a browser's patience, longer than a gateway's start.
 */
const RENDER_WAIT_MS = 5_000;

/** Codes of a connection that failed (Node's and undici's), as a fetch's error carries them in its cause. */
const CONNECTION_FAILED = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** A render or sitemap that found no gateway ready: the page is the client shell. */
export class NoGatewayReady extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NoGatewayReady';
  }
}

/**
 * Runs `use` (a server render, the sitemap) with the base address of a ready gateway replica. It waits for one when
 * none is ready (RENDER_WAIT_MS, one wait shared by every request: gateway-pool.ts whenReady), and fails with
 * NoGatewayReady when there is still none. A render whose connection to its replica failed (the replica went away)
 * is run once more on another: a render sends only queries, which are safe to repeat.
 */
export function renderGateway(
  gateways: GatewayPool,
): <T>(use: (gatewayUrl: string) => Promise<T>) => Promise<T> {
  return async (use) => {
    if (!(await gateways.whenReady(RENDER_WAIT_MS))) {
      const readiness = gateways.readiness();
      throw new NoGatewayReady(readiness.ready ? 'No GraphQL gateway is ready.' : readiness.reason);
    }
    const replica = gateways.pick();
    if (!replica) throw new NoGatewayReady('No GraphQL gateway is listed.');
    try {
      return await use(replica.url);
    } catch (err) {
      const failure = connectionFailure(err);
      if (!failure) throw err;
      gateways.failed(replica, failure);
      const other = gateways.pick(replica);
      if (!other || other === replica) throw err;
      return await use(other.url);
    }
  };
}

/** The connection failure behind a fetch's error (`TypeError: fetch failed`, its cause the socket's error), if any. */
function connectionFailure(err: unknown): Error | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code && CONNECTION_FAILED.has(code)) return e;
  }
  return null;
}
