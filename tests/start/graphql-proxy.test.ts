/**
 * The site server's /graphql proxy (web/server/graphql-proxy.ts) under requests a visitor's browser would never send
 * but anyone can: no such request may break the connections to the gateway that other visitors' requests share,
 * an oversized body is refused with the gateway's own 413, and only end-to-end headers cross the proxy.
 * Against the real site server, gateway and sandbox on ephemeral ports (the headers, against a recording fake backend).
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES as GATEWAY_MAX_REQUEST_BYTES } from '../../gateway/src/http/body-limit.js';
import { MAX_REQUEST_BYTES } from '../../web/server/request-body.js';
import { createSiteServer, type SiteServer } from '../../web/server/site-server.js';
import { startGateway, startSandbox, type Server } from '../bench/processes.js';
import { stubSite } from './harness.js';

const TOURNAMENT_ID = Buffer.from('Tournament:1').toString('base64');
const QUERY = JSON.stringify({ query: '{ site { timeZone } }' });
const SUBSCRIPTION = JSON.stringify({
  query: `subscription { tournamentUpdated(id: "${TOURNAMENT_ID}") { id usersCount } }`,
});

let sandbox: Server;
let gateway: Server;
let site: SiteServer;
let dist: ReturnType<typeof stubSite>;

beforeAll(async () => {
  dist = stubSite();
  sandbox = await startSandbox();
  gateway = await startGateway(sandbox.url);
  site = await createSiteServer({ port: 0, host: '127.0.0.1', distDir: dist.dir, gatewayUrl: gateway.url });
});

afterAll(async () => {
  await site?.close();
  await gateway?.stop();
  await sandbox?.stop();
  dist?.remove();
});

const hostOf = (url: string) => new URL(url).host;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes `head` (and then `body`, if any) on a connection of its own, and gives back what came back within `ms`
 * (or until the server closed), then destroys the connection: an attacker's request, however it ends.
 */
function raw(url: string, head: string, body: Buffer | string = '', ms = 300): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
    let received = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(received);
    };
    const timer = setTimeout(done, ms);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', done);
    socket.on('close', done);
    socket.write(head.replace(/\n/g, '\r\n') + '\r\n');
    if (body.length > 0) socket.write(body);
  });
}

/** A POST of `bytes` bytes, chunked (no length named up front), written as fast as the server reads it. */
function chunkedPost(url: string, bytes: number): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/graphql`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    let responded = false;
    req.on('response', (res) => {
      responded = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body });
        req.destroy();
      });
    });
    // The server may stop reading once it has responded: a write failing after the response is no failure.
    req.on('error', (err) => {
      if (!responded) reject(err);
    });
    const chunk = Buffer.alloc(64 * 1024, ' ');
    let sent = 0;
    const write = () => {
      while (sent < bytes && !responded) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (!responded) req.end();
    };
    write();
  });
}

/** The requests of a visitor who means harm, each on its own connection, each ended as rudely as it can be. */
function attacks(url: string): Array<() => Promise<unknown>> {
  const host = hostOf(url);
  const post = (headers: string, body: string) =>
    `POST /graphql HTTP/1.1\nHost: ${host}\nContent-Type: application/json\n${headers}Content-Length: ${Buffer.byteLength(body)}\n`;
  return [
    // Server-sent events asking the gateway to close the connection (a subscription, then a query's short stream).
    () => raw(url, post('Accept: text/event-stream\nConnection: close\n', SUBSCRIPTION), SUBSCRIPTION, 150),
    () => raw(url, post('Accept: text/event-stream\nConnection: close\n', QUERY), QUERY, 150),
    // An event stream dropped at once, and one dropped after its first bytes.
    () => raw(url, post('Accept: text/event-stream\n', SUBSCRIPTION), SUBSCRIPTION, 5),
    () =>
      raw(
        url,
        post('Accept: text/event-stream\nConnection: keep-alive, TE\nTE: trailers\n', SUBSCRIPTION),
        SUBSCRIPTION,
        80,
      ),
    // Uploads abandoned halfway, with a length and chunked.
    () => raw(url, post('', '').replace(/Content-Length: 0/, 'Content-Length: 4000'), QUERY.slice(0, 20), 30),
    () =>
      raw(
        url,
        `POST /graphql HTTP/1.1\nHost: ${host}\nContent-Type: application/json\nTransfer-Encoding: chunked\n`,
        '400\r\n{"query":',
        30,
      ),
    // Bodies over the gateway's limit.
    () => chunkedPost(url, 512 * 1024).catch(() => undefined),
    () =>
      raw(
        url,
        `POST /graphql HTTP/1.1\nHost: ${host}\nContent-Type: application/json\nContent-Length: ${4 * MAX_REQUEST_BYTES}\n`,
        ' '.repeat(MAX_REQUEST_BYTES),
        50,
      ),
    // Upgrades the gateway refuses or cannot speak, and one dropped mid-handshake.
    () =>
      raw(url, `GET /graphql HTTP/1.1\nHost: ${host}\nConnection: Upgrade\nUpgrade: websocket\n`, '', 100),
    () =>
      raw(
        url,
        `GET /graphql HTTP/1.1\nHost: ${host}\nConnection: Upgrade, HTTP2-Settings\nUpgrade: h2c\nHTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA\n`,
        '',
        100,
      ),
    () =>
      raw(
        url,
        `GET /graphql HTTP/1.1\nHost: ${host}\nOrigin: https://evil.example\nConnection: Upgrade\nUpgrade: websocket\nSec-WebSocket-Version: 13\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\nSec-WebSocket-Protocol: graphql-transport-ws\n`,
        '',
        100,
      ),
    () =>
      raw(
        url,
        `GET /graphql HTTP/1.1\nHost: ${host}\nOrigin: ${url}\nConnection: Upgrade\nUpgrade: websocket\nSec-WebSocket-Version: 13\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\nSec-WebSocket-Protocol: graphql-transport-ws\n`,
        '',
        5,
      ),
    // A plain query claiming an upgrade it does not ask for, and one naming its own headers hop-by-hop.
    () => raw(url, post('Upgrade: websocket\n', QUERY), QUERY, 150),
    () => raw(url, post('Connection: close, Content-Type\n', QUERY), QUERY, 150),
  ];
}

describe('the connections to the gateway, shared by every visitor', () => {
  it('serve every visitor’s query while another visitor sends every kind of broken request', async () => {
    let stop = false;
    const attacker = (async () => {
      const kinds = attacks(site.url);
      // The finding's attack (a query's event stream with Connection: close) every other time, the rest in turn.
      for (let i = 0; !stop; i++) {
        await (i % 2 === 0 ? kinds[1]! : kinds[(i >> 1) % kinds.length]!)();
        await sleep(5);
      }
    })();

    const failures: string[] = [];
    try {
      for (let i = 0; i < 100; i++) {
        try {
          const res = await fetch(`${site.url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: QUERY,
          });
          const text = await res.text();
          if (res.status !== 200 || !text.includes('Africa/Johannesburg'))
            failures.push(`#${i}: ${res.status} ${text.slice(0, 120)}`);
        } catch (err) {
          failures.push(
            `#${i}: ${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? '')}`,
          );
        }
        await sleep(10);
      }
    } finally {
      stop = true;
      await attacker;
    }
    expect(failures).toEqual([]);
  });
});

describe('a request body over the gateway’s limit', () => {
  it('is the gateway’s own limit', () => {
    expect(MAX_REQUEST_BYTES).toBe(GATEWAY_MAX_REQUEST_BYTES);
  });

  it('gets a 413 with the gateway’s JSON, chunked (10 MiB) or with its length, and the site still responds', async () => {
    // What the gateway itself responds to a body too large.
    const direct = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: ' '.repeat(MAX_REQUEST_BYTES + 1),
    });
    expect(direct.status).toBe(413);
    const refusal = await direct.json();
    expect(refusal).toMatchObject({ errors: [{ extensions: { code: 'REQUEST_ENTITY_TOO_LARGE' } }] });

    const chunked = await chunkedPost(site.url, 10 * 1024 * 1024);
    expect(chunked.status).toBe(413);
    expect(chunked.type).toMatch(/^application\/json/);
    expect(JSON.parse(chunked.body)).toEqual(refusal);

    const withLength = await fetch(`${site.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: ' '.repeat(MAX_REQUEST_BYTES + 1),
    });
    expect(withLength.status).toBe(413);
    expect(await withLength.json()).toEqual(refusal);

    // A body of exactly the limit still goes through.
    const padded = QUERY.slice(0, -1) + ' '.repeat(MAX_REQUEST_BYTES - QUERY.length) + '}';
    expect(Buffer.byteLength(padded)).toBe(MAX_REQUEST_BYTES);
    const atLimit = await fetch(`${site.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: padded,
    });
    expect(atLimit.status).toBe(200);
    expect(await atLimit.json()).toEqual({
      data: { site: { timeZone: 'Africa/Johannesburg' } },
      extensions: { cost: 1 },
    });
  });
});

describe('the headers that cross the proxy', () => {
  /** A fake gateway that records each request's headers and responds with headers of its own connection. */
  async function recordingGateway() {
    const seen: http.IncomingHttpHeaders[] = [];
    const server = http.createServer((req, res) => {
      // The site server's own readiness checks (/readyz) are not what crossed the proxy.
      if (req.url === '/readyz') return void res.end('{"status":"ready"}');
      seen.push(req.headers);
      req.resume();
      if (req.headers.accept === 'text/event-stream') {
        // One event now, the stream's end only once the test has read it.
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write('event: next\ndata: {"data":{"n":1}}\n\n');
        release = () => res.end('event: complete\ndata:\n\n');
        return;
      }
      res.setHeader('connection', 'keep-alive, x-hop');
      res.setHeader('keep-alive', 'timeout=99');
      res.setHeader('x-hop', 'for this connection only');
      res.setHeader('proxy-authenticate', 'Basic realm="gateway"');
      res.setHeader('trailer', 'x-checksum');
      res.setHeader('x-end-to-end', 'kept');
      res.setHeader('content-type', 'application/json');
      res.end('{"data":{}}');
    });
    let release = () => {};
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    return {
      url,
      seen,
      release: () => release(),
      close: () =>
        new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
    };
  }

  it('passes only end-to-end headers each way, keeps Host and Origin, adds X-Forwarded-*, and streams events', async () => {
    const upstream = await recordingGateway();
    const proxied = await createSiteServer({
      port: 0,
      host: '127.0.0.1',
      distDir: dist.dir,
      gatewayUrl: upstream.url,
    });
    try {
      const host = hostOf(proxied.url);
      const response = await raw(
        proxied.url,
        `POST /graphql HTTP/1.1\nHost: ${host}\nOrigin: ${proxied.url}\nContent-Type: application/json\n` +
          `Connection: keep-alive, X-Session-Hint\nX-Session-Hint: hop\nKeep-Alive: timeout=30\nTE: trailers\n` +
          `Trailer: X-Checksum\nProxy-Authorization: Basic c2VjcmV0\nProxy-Connection: keep-alive\n` +
          `Upgrade: websocket\nX-Forwarded-For: 203.0.113.9\nTransfer-Encoding: chunked\n`,
        `${QUERY.length.toString(16)}\r\n${QUERY}\r\n0\r\n\r\n`,
        1_000,
      );
      const sent = upstream.seen[0]!;
      for (const name of [
        'x-session-hint',
        'te',
        'trailer',
        'proxy-authorization',
        'proxy-connection',
        'upgrade',
        'transfer-encoding',
      ])
        expect(sent[name], name).toBeUndefined();
      expect(sent.connection).not.toMatch(/x-session-hint/i);
      expect(sent['keep-alive']).toBeUndefined();
      expect(sent.host).toBe(host);
      expect(sent.origin).toBe(proxied.url);
      expect(sent['content-length']).toBe(String(QUERY.length));
      expect(sent['x-forwarded-for']).toBe('203.0.113.9,127.0.0.1');
      expect(sent['x-forwarded-proto']).toBe('http');
      expect(sent['x-forwarded-host']).toBe(host);

      const [head] = response.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      expect(head).toMatch(/\r\nx-end-to-end: kept\r\n/i);
      expect(head).not.toMatch(/x-hop|proxy-authenticate|trailer:|timeout=99/i);

      // An event stream reaches the browser event by event, not once it has ended.
      const events = http.request(`${proxied.url}/graphql`, {
        headers: { accept: 'text/event-stream' },
        agent: false,
      });
      const first = await new Promise<string>((resolve, reject) => {
        events.on('response', (res) => res.once('data', (chunk: Buffer) => resolve(chunk.toString())));
        events.on('error', reject);
        events.end();
      });
      expect(first).toContain('event: next');
      upstream.release();
      events.destroy();
    } finally {
      await proxied.close();
      await upstream.close();
    }
  });
});
