import { isIPv6 } from 'node:net';

/** What the client address is read from: Node's request (HTTP, SSE, and the graphql-ws upgrade). */
export interface ClientRequest {
  socket: { remoteAddress?: string | undefined };
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The address a request comes from, as rate limits count it.
 *
 * It is the socket's peer unless `trustedProxies` is more than 0 (TRUST_PROXY): then that many proxies in front of
 * the gateway each appended the address they received from to X-Forwarded-For, so the client is that many hops
 * back from the socket's peer. Anything further left in the header was written by the client and proves nothing,
 * which is why the header is never read by default: anyone could name a fresh address with every request.
 *
 * IPv6 clients are counted by their /64 network: one household or phone gets a whole /64 and may use any address
 * in it.
 */
export function clientIp(req: ClientRequest, trustedProxies: number): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (trustedProxies <= 0) return normalise(peer);
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  // Fewer hops than proxies: the request did not come through all of them; the leftmost is the best there is.
  return normalise(chain[Math.max(0, chain.length - 1 - trustedProxies)]!);
}

function normalise(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address.slice(0, 64);
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, lower-case without leading zeros ("2001:db8::1" → 2001,db8,0,…,1). */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}
