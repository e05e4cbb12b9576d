/**
 * The site server over several gateway replicas (GATEWAY_URL as a list; web/server/gateway-pool.ts): requests spread
 * over the ready ones, a replica that goes away costs no visitor a failed query, a request is sent twice only when
 * that cannot do anything twice, /readyz follows the gateways, server rendering waits for a gateway that is coming,
 * and SIGTERM stops the site server gracefully. Against real gateways over a real sandbox, and small test gateways
 * where a replica must misbehave on cue (drop a request it read, answer slowly).
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { siteConfigFromEnv } from '../../web/server/config.js';
import { gatewayPool } from '../../web/server/gateway-pool.js';
import { createSiteServer, type SiteServer } from '../../web/server/site-server.js';
import { repoRoot, startGateway, startSandbox, type Server } from '../bench/processes.js';
import { cleanEnv, freePorts, runEntry, stopLeftovers, stubSite } from './harness.js';

const QUERY = '{ site { timeZone } }';

let sandbox: Server;
let gatewayA: Server;
let gatewayB: Server;
let dist: ReturnType<typeof stubSite>;
const opened: Array<{ close(): Promise<unknown> }> = [];

beforeAll(async () => {
  dist = stubSite();
  // The build's persisted operations, as `npm run build -w web` leaves them beside the server entry.
  fs.mkdirSync(path.join(dist.dir, '.server'));
  fs.writeFileSync(
    path.join(dist.dir, '.server', 'persisted-operations.json'),
    JSON.stringify({
      q1: 'query SiteQuery {\n  site {\n    timeZone\n  }\n}\n',
      m1: 'mutation M {\n  x\n}\n',
    }),
  );
  sandbox = await startSandbox();
  [gatewayA, gatewayB] = await Promise.all([startGateway(sandbox.url), startGateway(sandbox.url)]);
});

afterAll(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
  await stopLeftovers();
  await Promise.all([gatewayA?.stop(), gatewayB?.stop()]);
  await sandbox?.stop();
  dist?.remove();
});

/** A site server over `gatewayUrl`, closed after the file; its warnings kept for the test to read. */
async function site(gatewayUrl: string[], distDir = dist.dir): Promise<SiteServer & { warnings: string[] }> {
  const warnings: string[] = [];
  const server = await createSiteServer({
    port: 0,
    host: '127.0.0.1',
    distDir,
    gatewayUrl,
    logger: { warn: (line: string) => warnings.push(line) },
  });
  opened.push(server);
  return Object.assign(server, { warnings });
}

function post(url: string, body: unknown) {
  return fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(body),
  });
}

/** Queries the gateway has run so far (its /metrics, open in development). */
async function queriesRun(gateway: Server): Promise<number> {
  const text = await (await fetch(`${gateway.url}/metrics`)).text();
  let total = 0;
  for (const m of text.matchAll(
    /^gateway_operation_duration_seconds_count\{[^}]*type="query"[^}]*\} (\d+)$/gm,
  ))
    total += Number(m[1]);
  return total;
}

/**
 * A listener on `port` that passes every connection to `target`: a gateway appearing there. Closing it cuts every
 * connection at once and refuses new ones, as a replica killed does; opening it again on the port is the replica
 * started again there.
 */
async function forward(port: number, target: string): Promise<{ close(): Promise<void> }> {
  const to = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(to.port), to.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => (client.destroy(), upstream.destroy()));
      s.on('close', () => (sockets.delete(s), client.destroy(), upstream.destroy()));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const handle = {
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  opened.push(handle);
  return handle;
}

/**
 * A test gateway: ready at /readyz; each /graphql request counted, then `behaviour` decides: drop it (the
 * connection cut after the request was read, as a replica killed mid-request) or answer after `ms`.
 */
async function testGateway(behaviour: { drop: true } | { answerAfterMs: number }) {
  let received = 0;
  const sockets = new WebSocketServer({ noServer: true });
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') return void res.end('{"status":"ready"}');
    received++;
    req.resume();
    req.on('end', () => {
      if ('drop' in behaviour) return void req.socket.destroy();
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"data":{"site":{"timeZone":"Africa/Johannesburg"}}}');
      }, behaviour.answerAfterMs);
    });
  });
  server.on('upgrade', (req, socket, head) => sockets.handleUpgrade(req, socket, head, () => {}));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const handle = {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  opened.push(handle);
  return handle;
}

/** Opens a graphql-ws WebSocket through the site as a page of it would; resolves once the handshake is done. */
function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
      origin: url,
    });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`upgrade answered ${res.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

describe('GATEWAY_URL', () => {
  it('takes one address or a comma-separated list, naming a bad entry; SITE_SHUTDOWN_GRACE_MS bounds a stop', () => {
    expect(siteConfigFromEnv({ GATEWAY_URL: 'http://10.0.0.5:4000, http://10.0.0.6:4000/ ,' })).toMatchObject(
      {
        gatewayUrl: ['http://10.0.0.5:4000', 'http://10.0.0.6:4000'],
        shutdownGraceMs: 10_000,
      },
    );
    expect(siteConfigFromEnv({ GATEWAY_URL: 'https://gateway.internal' }).gatewayUrl).toEqual([
      'https://gateway.internal',
    ]);
    expect(() => siteConfigFromEnv({ GATEWAY_URL: 'http://10.0.0.5:4000,gateway:4000' })).toThrow(
      /\n\s+GATEWAY_URL: has "gateway:4000", which is not an http\(s\) base address: list the gateway replicas' base addresses/,
    );
    expect(() => siteConfigFromEnv({ GATEWAY_URL: 'http://a:4000,ftp://b' })).toThrow(
      /GATEWAY_URL: has "ftp:\/\/b"/,
    );
    expect(() => siteConfigFromEnv({ GATEWAY_URL: ' , ' })).toThrow(/\n\s+GATEWAY_URL: is empty: list/);
    expect(siteConfigFromEnv({ SITE_SHUTDOWN_GRACE_MS: '2500' }).shutdownGraceMs).toBe(2500);
    for (const bad of ['soon', '-1', '1.5'])
      expect(() => siteConfigFromEnv({ SITE_SHUTDOWN_GRACE_MS: bad }), bad).toThrow(
        /\n\s+SITE_SHUTDOWN_GRACE_MS: must be the milliseconds a stopping site server waits/,
      );
  });
});

describe('the site over two gateway replicas', () => {
  it('spreads queries over both, and answers every one while a replica is killed, started again, and stopped', async () => {
    // Replica B is reached on a port of its own, where it can die and come back without a process start.
    const [portB] = await freePorts(1);
    let b = await forward(portB!, gatewayB.url);
    const served = await site([gatewayA.url, `http://127.0.0.1:${portB}`]);
    await expect.poll(async () => (await fetch(`${served.url}/readyz`)).status).toBe(200);

    const before = await Promise.all([queriesRun(gatewayA), queriesRun(gatewayB)]);
    for (let i = 0; i < 20; i++) expect((await post(served.url, { query: QUERY })).status).toBe(200);
    const after = await Promise.all([queriesRun(gatewayA), queriesRun(gatewayB)]);
    expect(after[0]! - before[0]!).toBeGreaterThanOrEqual(5);
    expect(after[1]! - before[1]!).toBeGreaterThanOrEqual(5);

    // Visitors' queries, GET (as the app sends them) and POST, one after another throughout.
    const failures: string[] = [];
    let sent = 0;
    let stop = false;
    const visitors = (async () => {
      while (!stop) {
        const n = sent++;
        try {
          const res =
            n % 2 === 0
              ? await fetch(`${served.url}/graphql?query=${encodeURIComponent(QUERY)}`, {
                  headers: { 'x-graphql-yoga-csrf': '1' },
                })
              : await post(served.url, { query: QUERY });
          const text = await res.text();
          if (res.status !== 200 || !text.includes('Africa/Johannesburg'))
            failures.push(`#${n}: ${res.status} ${text.slice(0, 120)}`);
        } catch (err) {
          failures.push(`#${n}: ${(err as Error).message}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const moreQueries = async () => {
      const from = sent;
      await expect.poll(() => sent - from).toBeGreaterThan(20);
    };
    try {
      // Killed: its connections cut mid-request, its port refusing.
      await b.close();
      await moreQueries();
      // Started again on its port: it gets queries again.
      b = await forward(portB!, gatewayB.url);
      const backAt = await queriesRun(gatewayB);
      await expect.poll(() => queriesRun(gatewayB)).toBeGreaterThan(backAt + 5);
      // Stopped as a rolling update stops it (SIGTERM; awaited after the file, while it drains its connections).
      void gatewayB.stop();
      await moreQueries();
    } finally {
      stop = true;
      await visitors;
    }
    expect(failures).toEqual([]);
    expect(served.warnings.join('\n')).toContain(
      `The GraphQL gateway at http://127.0.0.1:${portB} is not responding`,
    );
  });

  it('sends a request or an upgrade its replica refused to the other replica', async () => {
    const [closed] = await freePorts(1);
    const served = await site([`http://127.0.0.1:${closed}`, gatewayA.url]);
    for (let i = 0; i < 4; i++) {
      const get = await fetch(`${served.url}/graphql?query=${encodeURIComponent(QUERY)}`, {
        headers: { 'x-graphql-yoga-csrf': '1' },
      });
      expect(get.status).toBe(200);
      // Refused: the connection was never made, so not a byte of it left; the other replica gets it.
      const refusedMutation = await post(served.url, { query: 'mutation { logout { ok } }' });
      expect(refusedMutation.status).not.toBe(502);
      const socket = await openSocket(served.url);
      socket.terminate();
    }
  });

  it('sends a request once more only when doing it twice changes nothing: never a mutation', async () => {
    const first = await testGateway({ drop: true });
    const second = await testGateway({ drop: true });
    const served = await site([first.url, second.url]);
    /** How many replicas received the request (each drops it after reading it: a replica killed mid-request). */
    const attempts = async (send: () => Promise<Response>) => {
      const before = first.received() + second.received();
      expect((await send()).status).toBe(502);
      return first.received() + second.received() - before;
    };
    const get = () => fetch(`${served.url}/graphql?query=${encodeURIComponent(QUERY)}`);
    expect(await attempts(get)).toBe(2);
    expect(await attempts(() => post(served.url, { doc_id: 'q1', variables: {} }))).toBe(2);
    expect(await attempts(() => post(served.url, { query: QUERY }))).toBe(2);
    expect(await attempts(() => post(served.url, { doc_id: 'm1', variables: {} }))).toBe(1);
    expect(await attempts(() => post(served.url, { query: 'mutation { logout { ok } }' }))).toBe(1);
    expect(await attempts(() => post(served.url, { doc_id: 'not-in-the-build', variables: {} }))).toBe(1);
    // A query that names a field "mutation" is not told apart cheaply: not repeated either.
    expect(await attempts(() => post(served.url, { query: '{ a: site { mutation: timeZone } }' }))).toBe(1);
  });
});

describe('a gateway host name that resolves to several addresses', () => {
  it('is spread over each address, each request still asking for the name', async () => {
    // Two replicas on one port at two loopback addresses, as a headless Service's pods are on theirs.
    const hosts: string[] = [];
    const servers = ['127.0.0.1', '127.0.0.2'].map((address) =>
      http.createServer((req, res) => {
        if (req.url !== '/readyz') hosts.push(`${address} ${req.headers.host}`);
        res.end('{}');
      }),
    );
    const listen = (server: http.Server, address: string, port: number) =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, address, () => resolve());
      });
    await listen(servers[0]!, '127.0.0.1', 0);
    const port = (servers[0]!.address() as net.AddressInfo).port;
    await listen(servers[1]!, '127.0.0.2', port);
    const addresses = ['127.0.0.1', '127.0.0.2'];
    const pool = gatewayPool([`http://gateway.test:${port}`], {
      logger: { warn: () => {} },
      lookup: (name) => Promise.resolve(name === 'gateway.test' ? addresses : []),
    });
    const ask = async () => {
      const replica = pool.pick()!;
      await new Promise<void>((resolve, reject) =>
        pool
          .request(replica, {
            method: 'GET',
            path: '/graphql',
            headers: { host: `gateway.test:${port}` },
            pooled: true,
          })
          .on('response', (res) => res.resume().on('end', resolve))
          .on('error', reject)
          .end(),
      );
    };
    try {
      expect(await pool.whenReady(5_000)).toBe(true);
      for (let i = 0; i < 4; i++) await ask();
      expect(hosts.sort()).toEqual([
        `127.0.0.1 gateway.test:${port}`,
        `127.0.0.1 gateway.test:${port}`,
        `127.0.0.2 gateway.test:${port}`,
        `127.0.0.2 gateway.test:${port}`,
      ]);
    } finally {
      pool.close();
      for (const server of servers) {
        server.closeAllConnections();
        server.close();
      }
    }
  });
});

describe('start-up in order', () => {
  it('is ready (/readyz) only once a gateway is, and renders / for a gateway that comes up a moment later', async () => {
    const [port] = await freePorts(1);
    const served = await site([`http://127.0.0.1:${port}`], path.join(repoRoot, 'web/dist'));
    expect((await fetch(`${served.url}/healthz`)).status).toBe(200);
    const unready = await fetch(`${served.url}/readyz`);
    expect(unready.status).toBe(503);
    expect(await unready.text()).toMatch(/^No GraphQL gateway is ready \(http:\/\/127\.0\.0\.1:\d+: /);

    const page = fetch(`${served.url}/`).then((res) => res.text());
    await new Promise((resolve) => setTimeout(resolve, 300));
    await forward(port!, gatewayA.url);
    const html = await page;
    expect(html).toContain('id="page-code"');
    expect(html).not.toContain('<title data-shell>');
    expect((await fetch(`${served.url}/readyz`)).status).toBe(200);
    expect(served.warnings.join('\n')).not.toMatch(/Server render of \/ failed/);
  });
});

describe('stopping the site server (SIGTERM)', () => {
  it('takes no new connection, finishes the request in flight, cuts WebSockets at the grace period, exits 0', async () => {
    const slow = await testGateway({ answerAfterMs: 300 });
    const [port] = await freePorts(1);
    const run = runEntry(
      'web/server/main.ts',
      [],
      cleanEnv({
        WEB_PORT: String(port),
        WEB_DIST_DIR: dist.dir,
        GATEWAY_URL: slow.url,
        SITE_SHUTDOWN_GRACE_MS: '1000',
      }),
    );
    await run.waitFor(/Site on /, 60_000);
    const url = `http://127.0.0.1:${port}`;
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status).toBe(200);
    const socket = await openSocket(url);
    const socketClosed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    const inFlight = post(url, { query: QUERY });
    await expect.poll(() => slow.received()).toBe(1);

    const signalled = Date.now();
    process.kill(run.child.pid!, 'SIGTERM');
    await expect
      .poll(() =>
        fetch(`${url}/healthz`).then(
          () => 'answered',
          () => 'refused',
        ),
      )
      .toBe('refused');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ data: { site: { timeZone: 'Africa/Johannesburg' } } });
    // The WebSocket was left open until the grace period was over (a lower bound: a loaded machine only adds).
    expect((await socketClosed) - signalled).toBeGreaterThanOrEqual(900);
    expect(await run.exited).toBe(0);
  });
});
