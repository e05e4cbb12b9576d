/**
 * The least any extra hop between a client and the casino adds on this machine, for the gateway bench's floor: plain
 * node:http, no GraphQL. Whatever it is asked, it makes the one REST call the gateway's `viewer { wallet }` makes
 * (POST /api/wallet with the caller's Authorization header, over keep-alive connections with undici's `request` on an
 * `Agent`, as the gateway's upstream client does) and responds `{"data":{"wallet":"<the upstream body>"}}` with 200,
 * the shape of the bare Yoga server's `{ wallet }`, so the bench's client reads both alike; 502 when the call fails.
 * Run as `UPSTREAM_URL=<sandbox> node --import tsx tests/bench/raw-proxy.ts`; prints its address.
 */
import { createServer, type ServerResponse } from 'node:http';
import { Agent, request } from 'undici';

if (!process.env.UPSTREAM_URL) throw new Error('raw-proxy.ts needs UPSTREAM_URL (the sandbox)');
const upstream = new URL('/api/wallet', process.env.UPSTREAM_URL).href;
// The gateway's pool settings (gateway/src/upstream/client.ts), less its time bounds: the bench has its own.
const dispatcher = new Agent({ connections: 256, keepAliveTimeout: 10_000 });

/** POST /api/wallet with the caller's Authorization header: the response's body, or null when it failed. */
async function wallet(authorization: string | undefined): Promise<string | null> {
  try {
    const { statusCode, body } = await request(upstream, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...(authorization ? { authorization } : {}),
      },
      body: '{}',
      dispatcher,
    });
    const text = await body.text();
    return statusCode === 200 ? text : null;
  } catch {
    return null;
  }
}

function reply(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const server = createServer((req, res) => {
  // A request's body (if any) is not needed, but must be read for its connection to be kept.
  req.resume();
  void wallet(req.headers.authorization).then((text) =>
    text === null
      ? reply(res, 502, '{"errors":[{"message":"upstream failed"}]}')
      : reply(res, 200, `{"data":{"wallet":${JSON.stringify(text)}}}`),
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  process.stdout.write(`Raw proxy on http://127.0.0.1:${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
