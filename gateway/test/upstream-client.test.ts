/**
 * The upstream client's exchange with the backend (upstream/client.ts): the address each call goes to, and its
 * response read whole, against a bare node:http server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { UpstreamClient } from '../src/upstream/client.js';

let server: Server;
let base: string;
const seen: string[] = [];
/** What the server responds with next: a status and the raw body bytes, sent in one chunk or several. */
let next: { status: number; chunks: Buffer[]; informational?: boolean } = { status: 200, chunks: [] };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    if (next.informational) res.writeProcessing();
    res.writeHead(next.status, { 'content-type': 'application/json' });
    for (const chunk of next.chunks) res.write(chunk);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const clientOn = (casinoApiUrl: string) =>
  new UpstreamClient(
    { ...configFromEnv(), casinoApiUrl, circuitFailureThreshold: 100 },
    { info() {}, warn() {} },
  );

describe('the upstream client', () => {
  it('calls the path under CASINO_API_URL, its own path included, with the session token', async () => {
    for (const url of [base, `${base}/`, `${base}/casino`, `${base}/casino/`]) {
      const client = clientOn(url);
      next = { status: 200, chunks: [Buffer.from('{"ok":true}')] };
      seen.length = 0;
      await expect(client.call({ method: 'GET', path: '/api/account?x=1', token: 't1' })).resolves.toEqual({
        ok: true,
      });
      const prefix = url.includes('/casino') ? '/casino' : '';
      expect(seen).toEqual([`GET ${prefix}/api/account?x=1 Bearer t1`]);
      await client.close();
    }
  });

  it('reads a body sent in several chunks whole, a multi-byte character split between them, without a BOM', async () => {
    const client = clientOn(base);
    const text = Buffer.from('\ufeff{"name":"Zoë"}');
    const cut = text.indexOf(Buffer.from('ë')) + 1;
    next = { status: 200, chunks: [text.subarray(0, cut), text.subarray(cut)] };
    await expect(client.call({ method: 'GET', path: '/api/account' })).resolves.toEqual({ name: 'Zoë' });
    await client.close();
  });

  it('takes the final status after an informational response', async () => {
    const client = clientOn(base);
    next = { status: 404, chunks: [Buffer.from('{"error":"Not here"}')], informational: true };
    await expect(client.call({ method: 'GET', path: '/api/account' })).rejects.toMatchObject({
      message: 'Not here',
      extensions: { code: 'NOT_FOUND' },
    });
    await client.close();
  });
});
