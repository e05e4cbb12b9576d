/**
 * A gateway asked to stop (SIGTERM: Gateway.shutdown, as a rolling update does) while players are using it: what it
 * has in hand finishes, nothing new reaches it, and every open socket or stream is told to go elsewhere.
 */
import http from 'node:http';
import net from 'node:net';
import { createClient } from 'graphql-ws';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { sandboxPost, startStack, until, type Stack } from './harness.js';

const TOURNAMENTS = '{ tournaments(first: 3) { edges { node { name } } } }';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.gateway.close();
  await stack?.sandbox.close();
  stack = undefined;
});

/** The casino holds the next call to `path` for delayMs; resolves once the gateway's call is being held. */
async function holdNextCall<T>(
  path: string,
  delayMs: number,
  send: () => Promise<T>,
): Promise<{ sent: Promise<T> }> {
  await sandboxPost(stack!, '/sandbox/faults', { method: 'GET', path, delayMs, times: 1 });
  const sent = send();
  // A fault applied once leaves the table as it is taken: the call has reached the casino and waits there.
  await until(
    async () =>
      ((await (await fetch(`${stack!.sandbox.url}/sandbox/faults`)).json()) as any).faults.length === 0,
    'the call to reach the casino',
  );
  return { sent };
}

/** A request on a keep-alive agent's one connection: status, headers and body. */
function get(agent: http.Agent, url: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .get(url, { agent }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        })
        .on('error', reject);
    },
  );
}

/** Whether a new TCP connection to the port is taken. */
function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

describe('a gateway shutting down', () => {
  it('finishes a query in flight, refuses new connections, and answers 503 at /readyz on one still open', async () => {
    stack = await startStack();
    const { gateway } = stack;
    // A load balancer's probe connection, open before the shutdown (kept: idle connections are left to clients).
    const probe = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(probe, `${gateway.url}/readyz`)).status).toBe(200);
    const slow = (await holdNextCall('/api/tournaments', 1_500, () => stack!.gql(TOURNAMENTS))).sent;

    const stopped = gateway.shutdown();
    const ready = await get(probe, `${gateway.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'shutting down' });
    // And the probe's connection is let go with that answer.
    expect(ready.headers.connection).toBe('close');
    expect(await connects(gateway.port)).toBe(false);

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.tournaments.edges.length).toBeGreaterThan(0);
    await stopped;
    probe.destroy();
  });

  it('asks each graphql-ws client to reconnect (1012 Service Restart), which graphql-ws does', async () => {
    stack = await startStack();
    const closes: { code: number; reason: string }[] = [];
    let connecting = 0;
    const client = createClient({
      url: `${stack.gateway.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      // As the site's client (web/src/shared/relay/environment.ts) but without its wait: the retry is what counts.
      retryAttempts: 1,
      shouldRetry: () => true,
      retryWait: async () => {},
      on: {
        connecting: () => (connecting += 1),
        closed: (event) => closes.push(event as { code: number; reason: string }),
      },
    });
    const errors: unknown[] = [];
    client.subscribe(
      { query: 'subscription { tournamentUpdated(id: "VG91cm5hbWVudDox") { id } }' },
      { next: () => {}, error: (err) => errors.push(err), complete: () => {} },
    );
    await until(() => stack!.gateway.sockets() === 1, 'the socket to open');

    await stack.gateway.shutdown();
    await expect
      .poll(() => closes[0])
      .toEqual(expect.objectContaining({ code: 1012, reason: 'Service Restart' }));
    // graphql-ws takes 1012 for a reason to connect again (the site's app then lands on another replica).
    await expect.poll(() => connecting).toBe(2);
    // That one try found no server here (it is gone), and with retryAttempts 1 the client gave up: nothing is left open.
    await expect.poll(() => errors.length).toBe(1);
  });

  it('ends an event stream as a finished response, for its client to subscribe again', async () => {
    stack = await startStack();
    const query = encodeURIComponent('subscription { tournamentUpdated(id: "VG91cm5hbWVudDox") { id } }');
    const res = await fetch(`${stack.gateway.url}/graphql?query=${query}`, {
      headers: { accept: 'text/event-stream', 'x-graphql-yoga-csrf': '1' },
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    await reader.read();

    await stack.gateway.shutdown();
    // A reset would reject this read ("terminated"); a finished response reads to its end.
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
  });

  it('closes what outlasts its grace period, and is done then', async () => {
    stack = await startStack({ gateway: { shutdownGraceMs: 200 } });
    const { sent } = await holdNextCall('/api/tournaments', 10_000, () => stack!.gql(TOURNAMENTS));
    const outcome = sent.then(
      () => 'answered',
      () => 'cut off',
    );
    await stack.gateway.shutdown();
    // Done while the casino still holds the call: the request was cut off, not waited for.
    expect(await outcome).toBe('cut off');
  });
});
