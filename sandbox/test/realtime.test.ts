import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Channel, Options } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SandboxContext } from '../src/context.js';
import { tournamentChannel, userChannel } from '../src/realtime/hub.js';
import { attachPusherServer, type PusherServer } from '../src/realtime/pusher-server.js';
import { api, newPlayer, Pusher, pusherOptions, startSandbox, type PusherClient } from './harness.js';

const KEY = 'sandbox-key';
const SECRET = 'sandbox-secret';
const WAIT_MS = 5_000;

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox({ config: { pusher: { appId: 'sandbox', key: KEY, secret: SECRET } } });
});
afterAll(() => sb?.close());

const pushers: PusherClient[] = [];
const sockets: WebSocket[] = [];
afterEach(() => {
  for (const p of pushers.splice(0)) p.disconnect();
  for (const ws of sockets.splice(0)) if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
});

/** Resolves with the first value `subscribe` hands to its callback, or rejects after a timeout. */
function waitFor<T>(what: string, subscribe: (done: (value: T) => void) => void, ms = WAIT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
    subscribe((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

async function until(what: string, check: () => boolean, ms = WAIT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

// ---- the real pusher-js client ----

function pusherClient(token?: string, extra: Partial<Options> = {}): PusherClient {
  const client = new Pusher(KEY, { ...pusherOptions(sb, token), ...extra });
  pushers.push(client);
  return client;
}

async function connected(client: PusherClient): Promise<string> {
  if (client.connection.state !== 'connected') {
    await waitFor('pusher-js to connect', (done) => client.connection.bind('connected', done));
  }
  return client.connection.socket_id;
}

const subscribed = (channel: Channel) =>
  waitFor(`subscription to ${channel.name}`, (done) => channel.bind('pusher:subscription_succeeded', done));
const subscriptionError = (channel: Channel) =>
  waitFor<{ type: string; error: string; status?: number }>(`subscription error on ${channel.name}`, (done) =>
    channel.bind('pusher:subscription_error', done),
  );
const nextEvent = <T = any>(channel: Channel, event: string) =>
  waitFor<T>(`${event} on ${channel.name}`, (done) => channel.bind(event, done));

// ---- a raw ws client, for protocol details ----

interface RawClient {
  ws: WebSocket;
  next(event?: string): Promise<any>;
  send(message: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
}

function rawClient(url: string): RawClient {
  const ws = new WebSocket(url);
  sockets.push(ws);
  const queue: any[] = [];
  const waiters: Array<() => void> = [];
  ws.on('error', () => undefined);
  ws.on('message', (raw) => {
    queue.push(JSON.parse(raw.toString()));
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return {
    ws,
    closed,
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    async next(event) {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const i = queue.findIndex((m) => event === undefined || m.event === event);
        if (i >= 0) return queue.splice(i, 1)[0];
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`timed out waiting for ${event ?? 'a message'}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
  };
}

const wsUrl = (port: number, key = KEY, query = '?protocol=7&client=js&version=8.6.0&flash=false') =>
  `ws://127.0.0.1:${port}/app/${key}${query}`;

async function rawConnected(port = sb.port): Promise<RawClient & { socketId: string }> {
  const client = rawClient(wsUrl(port));
  const hello = await client.next('pusher:connection_established');
  return Object.assign(client, { socketId: JSON.parse(hello.data).socket_id as string });
}

const sign = (socketId: string, channel: string) =>
  `${KEY}:${crypto.createHmac('sha256', SECRET).update(`${socketId}:${channel}`).digest('hex')}`;

describe('pusher-js against the sandbox', () => {
  it('connects and gets a socket id', async () => {
    const client = pusherClient();
    expect(await connected(client)).toMatch(/^\d+\.\d+$/);
    await until('the server counts the connection', () => sb.pusher.connectionCount() >= 1);
  });

  it("subscribes to the player's own private channel and receives its events with parsed data", async () => {
    const p = await newPlayer(sb.url);
    const client = pusherClient(p.token);
    await connected(client);
    const channel = client.subscribe(userChannel(p.user.id));
    await subscribed(channel);
    expect(sb.pusher.subscriberCount(userChannel(p.user.id))).toBe(1);
    const arrived = nextEvent(channel, 'loyaltyProgress');
    sb.pusher.publish(userChannel(p.user.id), 'loyaltyProgress', {
      progress: 42,
      newDiamond: true,
      newChest: false,
    });
    expect(await arrived).toEqual({ progress: 42, newDiamond: true, newChest: false });
  });

  it("refuses another player's channel: the endpoint responds with 403 and pusher-js emits subscription_error", async () => {
    const me = await newPlayer(sb.url);
    const other = await newPlayer(sb.url);
    const client = pusherClient(me.token);
    await connected(client);
    const channel = client.subscribe(userChannel(other.user.id));
    const error = await subscriptionError(channel);
    expect(error).toMatchObject({ type: 'AuthError', status: 403 });
    expect(sb.pusher.subscriberCount(userChannel(other.user.id))).toBe(0);
  });

  it('refuses a forged signature with a subscription_error the client surfaces', async () => {
    const victim = await newPlayer(sb.url);
    const client = pusherClient(undefined, {
      channelAuthorization: {
        endpoint: 'unused',
        transport: 'ajax',
        customHandler: (_params, callback) => callback(null, { auth: `${KEY}:${'0'.repeat(64)}` }),
      },
    });
    await connected(client);
    const channel = client.subscribe(userChannel(victim.user.id));
    expect(await subscriptionError(channel)).toMatchObject({ type: 'AuthError', status: 401 });
    expect(sb.pusher.subscriberCount(userChannel(victim.user.id))).toBe(0);
  });

  it('delivers tournament updates on the public channel', async () => {
    const client = pusherClient();
    await connected(client);
    const channel = client.subscribe(tournamentChannel(7));
    await subscribed(channel);
    const arrived = nextEvent(channel, 'tournamentUpdated');
    sb.pusher.publish(tournamentChannel(7), 'tournamentUpdated', { refresh: true });
    expect(await arrived).toEqual({ refresh: true });
  });

  it('stops delivery after unsubscribe and the subscriber count drops', async () => {
    const client = pusherClient();
    await connected(client);
    const left = client.subscribe(tournamentChannel(101));
    const kept = client.subscribe(tournamentChannel(102));
    await Promise.all([subscribed(left), subscribed(kept)]);
    expect(sb.pusher.subscriberCount(tournamentChannel(101))).toBe(1);

    let strayEvents = 0;
    left.bind('tournamentUpdated', () => (strayEvents += 1));
    client.unsubscribe(tournamentChannel(101));
    await until(
      'the server drops the subscription',
      () => sb.pusher.subscriberCount(tournamentChannel(101)) === 0,
    );

    // One socket keeps order: once the later event arrives, the earlier one would have too.
    const arrived = nextEvent(kept, 'tournamentUpdated');
    sb.pusher.publish(tournamentChannel(101), 'tournamentUpdated', { refresh: true });
    sb.pusher.publish(tournamentChannel(102), 'tournamentUpdated', { refresh: true });
    await arrived;
    expect(strayEvents).toBe(0);
  });

  it('drops the subscriptions of a disconnected client', async () => {
    const client = pusherClient();
    await connected(client);
    await subscribed(client.subscribe(tournamentChannel(55)));
    expect(sb.pusher.subscriberCount(tournamentChannel(55))).toBe(1);
    client.disconnect();
    await until(
      'the subscription is cleaned up',
      () => sb.pusher.subscriberCount(tournamentChannel(55)) === 0,
    );
  });
});

describe('the wire protocol (raw socket)', () => {
  it('sends connection_established with data as a JSON string', async () => {
    const client = rawClient(wsUrl(sb.port));
    const hello = await client.next();
    expect(hello.event).toBe('pusher:connection_established');
    expect(typeof hello.data).toBe('string');
    const data = JSON.parse(hello.data);
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(data.activity_timeout).toBe(120);
  });

  it('replies to ping with pong, whether data is an object, a string or absent', async () => {
    const client = await rawConnected();
    client.send({ event: 'pusher:ping', data: {} });
    expect((await client.next()).event).toBe('pusher:pong');
    client.send({ event: 'pusher:ping', data: '{}' });
    expect((await client.next()).event).toBe('pusher:pong');
    client.send({ event: 'pusher:ping' });
    expect(await client.next()).toEqual({ event: 'pusher:pong', data: '{}' });
  });

  it('replies to malformed and non-object messages with pusher:error and stays open', async () => {
    const client = await rawConnected();
    for (const bad of ['{"event":', '[1,2]', '"text"', '42', 'null', '{"data":{}}', '{"event":""}']) {
      client.send(bad);
      const error = await client.next();
      expect(error.event).toBe('pusher:error');
      expect(error.data.code).toBe(4300);
      expect(error.data.message).toMatch(/Malformed message/);
    }
    client.send({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } });
    expect((await client.next('pusher:error')).data.code).toBe(4300);
    client.send({ event: 'something-else', data: {} });
    expect((await client.next('pusher:error')).data.message).toMatch(/Unsupported event/);
    client.send({ event: 'pusher:ping', data: {} });
    expect((await client.next()).event).toBe('pusher:pong');
  });

  it('rejects client events and oversized messages without closing', async () => {
    const client = await rawConnected();
    client.send({ event: 'client-typing', channel: tournamentChannel(1), data: {} });
    expect((await client.next()).data).toEqual({ code: 4301, message: 'Client events are not enabled.' });
    client.send({ event: 'pusher:ping', data: { pad: 'x'.repeat(11 * 1024) } });
    const tooLarge = await client.next();
    expect(tooLarge.event).toBe('pusher:error');
    expect(tooLarge.data.code).toBe(4302);
    client.send({ event: 'pusher:ping', data: {} });
    expect((await client.next()).event).toBe('pusher:pong');
  });

  it('refuses an unknown app key with 4001 and an unsupported protocol with 4007', async () => {
    const unknown = rawClient(wsUrl(sb.port, 'not-the-key'));
    expect(await unknown.next()).toMatchObject({ event: 'pusher:error', data: { code: 4001 } });
    expect((await unknown.closed).code).toBe(4001);
    const old = rawClient(wsUrl(sb.port, KEY, '?protocol=5'));
    expect(await old.next()).toMatchObject({ event: 'pusher:error', data: { code: 4007 } });
    expect((await old.closed).code).toBe(4007);
  });

  it('responds to upgrades on other paths with 404 and keeps serving', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${sb.port}/graphql`);
    ws.on('error', () => undefined);
    const status = await waitFor<number>('the upgrade to fail', (done) =>
      ws.on('unexpected-response', (_req, res) => done(res.statusCode ?? 0)),
    );
    expect(status).toBe(404);
    const client = await rawConnected();
    expect(client.socketId).toMatch(/^\d+\.\d+$/);
  });

  it('subscribes a private channel with a valid auth (data as a string too) and refuses a forged one', async () => {
    const p = await newPlayer(sb.url);
    const channel = userChannel(p.user.id);
    const client = await rawConnected();

    client.send({ event: 'pusher:subscribe', data: { channel, auth: sign(client.socketId, `${channel}x`) } });
    expect(await client.next()).toEqual({
      event: 'pusher:subscription_error',
      channel,
      data: { type: 'AuthError', error: expect.stringMatching(/Invalid signature/), status: 401 },
    });
    client.send({ event: 'pusher:subscribe', data: { channel } });
    expect((await client.next()).event).toBe('pusher:subscription_error');
    expect(sb.pusher.subscriberCount(channel)).toBe(0);

    const res = await api(sb.url, 'POST', '/broadcasting/auth', {
      token: p.token,
      body: { socket_id: client.socketId, channel_name: channel },
    });
    expect(res.status).toBe(200);
    client.send({ event: 'pusher:subscribe', data: JSON.stringify({ channel, auth: res.body.auth }) });
    expect(await client.next()).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel,
      data: '{}',
    });
    expect(sb.pusher.subscriberCount(channel)).toBe(1);

    sb.pusher.publish(channel, 'wallet', { balance: '10.00' });
    expect(await client.next()).toEqual({ event: 'wallet', channel, data: '{"balance":"10.00"}' });

    // The same signature does not work for another socket.
    const thief = await rawConnected();
    thief.send({ event: 'pusher:subscribe', data: { channel, auth: res.body.auth } });
    expect((await thief.next()).event).toBe('pusher:subscription_error');

    client.send({ event: 'pusher:unsubscribe', data: { channel } });
    await until('the unsubscribe lands', () => sb.pusher.subscriberCount(channel) === 0);
  });

  it('politely refuses presence channels', async () => {
    const client = await rawConnected();
    client.send({
      event: 'pusher:subscribe',
      data: { channel: 'presence-lobby', auth: 'x', channel_data: '{}' },
    });
    expect(await client.next()).toMatchObject({
      event: 'pusher:subscription_error',
      channel: 'presence-lobby',
      data: { status: 403 },
    });
  });
});

describe('server liveness', () => {
  let server: http.Server;
  let pusher: PusherServer;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.writeHead(404).end());
    const ctx = { config: { pusher: { appId: 'x', key: KEY, secret: SECRET } } } as unknown as SandboxContext;
    pusher = attachPusherServer(server, ctx, { idleMs: 50, pongTimeoutMs: 150 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await pusher.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('pings a silent client and closes it with 4201 when no pong comes', async () => {
    const client = await rawConnected(port);
    expect((await client.next()).event).toBe('pusher:ping');
    expect((await client.closed).code).toBe(4201);
    await until('the connection is forgotten', () => pusher.connectionCount() === 0);
  });

  it('keeps a client that replies with pong', async () => {
    const client = await rawConnected(port);
    expect((await client.next()).event).toBe('pusher:ping');
    client.send({ event: 'pusher:pong', data: {} });
    // A second ping means the first pong kept the socket open past the pong timeout.
    expect((await client.next()).event).toBe('pusher:ping');
    client.send({ event: 'pusher:pong', data: {} });
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('close() terminates open sockets', async () => {
    const other = http.createServer();
    const ctx = { config: { pusher: { appId: 'x', key: KEY, secret: SECRET } } } as unknown as SandboxContext;
    const p = attachPusherServer(other, ctx);
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const client = await rawConnected((other.address() as AddressInfo).port);
    await p.close();
    expect((await client.closed).code).toBe(1006);
    await new Promise((resolve) => other.close(resolve));
  });
});

describe('POST /broadcasting/auth', () => {
  it('signs the own private channel from a form body, as pusher-js posts it', async () => {
    const p = await newPlayer(sb.url);
    const channel = userChannel(p.user.id);
    const res = await fetch(`${sb.url}/broadcasting/auth`, {
      method: 'POST',
      headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ socket_id: '123.456', channel_name: channel }).toString(),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ auth: sign('123.456', channel) });
  });

  it('responds with 401 without a valid session token', async () => {
    const body = { socket_id: '1.2', channel_name: userChannel(1) };
    const none = await api(sb.url, 'POST', '/broadcasting/auth', { body });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: 'Unauthenticated.' });
    const bad = await api(sb.url, 'POST', '/broadcasting/auth', { token: 'nope', body });
    expect(bad.status).toBe(401);
  });

  it('responds with 422 for missing or malformed fields and for public channels', async () => {
    const p = await newPlayer(sb.url);
    const missing = await api(sb.url, 'POST', '/broadcasting/auth', { token: p.token, body: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['channel_name', 'socket_id']);
    const empty = await api(sb.url, 'POST', '/broadcasting/auth', { token: p.token });
    expect(empty.status).toBe(422);
    const badSocket = await api(sb.url, 'POST', '/broadcasting/auth', {
      token: p.token,
      body: { socket_id: 'abc', channel_name: userChannel(p.user.id) },
    });
    expect(badSocket.status).toBe(422);
    expect(badSocket.body.errors.socket_id).toBeDefined();
    const publicChannel = await api(sb.url, 'POST', '/broadcasting/auth', {
      token: p.token,
      body: { socket_id: '1.2', channel_name: tournamentChannel(1) },
    });
    expect(publicChannel.status).toBe(422);
  });

  it("responds with 403 for another player's channel and for presence channels", async () => {
    const p = await newPlayer(sb.url);
    const other = await api(sb.url, 'POST', '/broadcasting/auth', {
      token: p.token,
      body: { socket_id: '1.2', channel_name: userChannel(p.user.id + 1) },
    });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ error: 'This channel is not yours.' });
    const presence = await api(sb.url, 'POST', '/broadcasting/auth', {
      token: p.token,
      body: { socket_id: '1.2', channel_name: 'presence-lobby' },
    });
    expect(presence.status).toBe(403);
  });
});
