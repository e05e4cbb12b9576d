import crypto from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { SandboxContext } from '../context.js';
import type { Realtime } from './hub.js';
import {
  encodeError,
  encodeEvent,
  encodeSubscriptionError,
  ErrorCodes,
  parseClientMessage,
  PROTOCOL_VERSION,
  type ClientMessage,
} from './protocol.js';
import { CHANNEL_NAME_PATTERN, isPresenceChannel, isPrivateChannel, verifyChannelAuth } from './signature.js';

/**
 * A Pusher-protocol (version 7) server on the sandbox's HTTP server, at ws://host:port/app/{key}. The official
 * pusher-js client talks to it unchanged. Routes publish through `publish`; private channels are authorised
 * by POST /broadcasting/auth (routes/broadcasting.ts), whose signature this server checks on subscribe.
 */
export interface PusherServer extends Realtime {
  /** Terminates every socket and stops accepting upgrades. */
  close(): Promise<void>;
  /** How many sockets are subscribed to a channel (0 for an unknown channel). */
  subscriberCount(channel: string): number;
  /** How many sockets are open. */
  connectionCount(): number;
}

export interface PusherServerOptions {
  /** Seconds advertised to clients in `pusher:connection_established` (pusher-js pings after this). */
  activityTimeoutSeconds?: number;
  /** Client silence after which the server sends `pusher:ping`; defaults to the activity timeout. */
  idleMs?: number;
  /** Time to wait for any message after a server ping before closing with 4201. */
  pongTimeoutMs?: number;
  /** Largest message a client may send; a larger one is answered with a `pusher:error` 4302. */
  maxMessageBytes?: number;
  /** Most channels one socket may be subscribed to. */
  maxChannelsPerSocket?: number;
}

/** Frames beyond this are cut off by ws itself (close 1009) before they are buffered. */
const HARD_PAYLOAD_LIMIT = 64 * 1024;
/** A socket with this much unsent data is too slow to keep; it is closed with 4100. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Connection {
  ws: WebSocket;
  socketId: string;
  channels: Set<string>;
  idleTimer: NodeJS.Timeout;
  pongTimer: NodeJS.Timeout | null;
}

const newSocketId = () => `${crypto.randomInt(1, 2 ** 31)}.${crypto.randomInt(1, 2 ** 31)}`;

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
    );
  }
  socket.destroy();
}

export function attachPusherServer(
  server: Server,
  ctx: SandboxContext,
  options: PusherServerOptions = {},
): PusherServer {
  const activityTimeout = options.activityTimeoutSeconds ?? 120;
  const idleMs = options.idleMs ?? activityTimeout * 1000;
  const pongTimeoutMs = options.pongTimeoutMs ?? 30_000;
  const maxMessageBytes = options.maxMessageBytes ?? 10 * 1024;
  const maxChannels = options.maxChannelsPerSocket ?? 100;
  const credentials = () => ctx.config.pusher;

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: Math.max(HARD_PAYLOAD_LIMIT, maxMessageBytes + 1),
    perMessageDeflate: false,
  });
  const connections = new Set<Connection>();
  const subscribers = new Map<string, Set<Connection>>();
  let closing = false;

  const send = (conn: Connection, text: string) => {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (conn.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      conn.ws.close(ErrorCodes.overCapacity, 'Client too slow to read its messages');
      return;
    }
    conn.ws.send(text);
  };

  const unsubscribe = (conn: Connection, channel: string) => {
    conn.channels.delete(channel);
    const set = subscribers.get(channel);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) subscribers.delete(channel);
  };

  const drop = (conn: Connection) => {
    if (!connections.delete(conn)) return;
    clearTimeout(conn.idleTimer);
    if (conn.pongTimer) clearTimeout(conn.pongTimer);
    for (const channel of [...conn.channels]) unsubscribe(conn, channel);
  };

  const onIdle = (conn: Connection) => {
    if (conn.ws.readyState !== WebSocket.OPEN || conn.pongTimer) return;
    send(conn, encodeEvent('pusher:ping', {}));
    conn.pongTimer = setTimeout(() => {
      conn.ws.close(ErrorCodes.pongTimeout, 'Pong reply not received');
      // a peer that never answers the close handshake is cut off
      setTimeout(() => conn.ws.terminate(), 1000).unref();
    }, pongTimeoutMs).unref();
  };

  const subscribe = (conn: Connection, data: Record<string, unknown>) => {
    const channel = data.channel;
    if (typeof channel !== 'string' || !CHANNEL_NAME_PATTERN.test(channel)) {
      send(
        conn,
        encodeError(
          ErrorCodes.badMessage,
          'pusher:subscribe needs data.channel: 1-164 letters, digits or -_=@,.; characters.',
        ),
      );
      return;
    }
    if (isPresenceChannel(channel) || channel.startsWith('private-encrypted-')) {
      send(conn, encodeSubscriptionError(channel, 'Presence and encrypted channels are not available.', 403));
      return;
    }
    if (isPrivateChannel(channel) && !verifyChannelAuth(credentials(), conn.socketId, channel, data.auth)) {
      send(
        conn,
        encodeSubscriptionError(
          channel,
          'Invalid signature: authorise the channel for this socket through POST /broadcasting/auth.',
          401,
        ),
      );
      return;
    }
    if (!conn.channels.has(channel)) {
      if (conn.channels.size >= maxChannels) {
        send(conn, encodeSubscriptionError(channel, `At most ${maxChannels} channels per connection.`, 429));
        return;
      }
      conn.channels.add(channel);
      let set = subscribers.get(channel);
      if (!set) subscribers.set(channel, (set = new Set()));
      set.add(conn);
    }
    send(conn, encodeEvent('pusher_internal:subscription_succeeded', {}, channel));
  };

  const handle = (conn: Connection, message: ClientMessage) => {
    const { event, data } = message;
    if (event === 'pusher:ping') return send(conn, encodeEvent('pusher:pong', {}));
    if (event === 'pusher:pong') return;
    if (event === 'pusher:subscribe') return subscribe(conn, data);
    if (event === 'pusher:unsubscribe') {
      if (typeof data.channel === 'string') unsubscribe(conn, data.channel);
      else send(conn, encodeError(ErrorCodes.badMessage, 'pusher:unsubscribe needs data.channel.'));
      return;
    }
    if (event.startsWith('client-')) {
      return send(conn, encodeError(ErrorCodes.clientEventRejected, 'Client events are not enabled.'));
    }
    const shown = event.length > 64 ? `${event.slice(0, 64)}…` : event;
    send(conn, encodeError(ErrorCodes.badMessage, `Unsupported event "${shown}".`));
  };

  const onMessage = (conn: Connection, raw: RawData) => {
    conn.idleTimer.refresh();
    if (conn.pongTimer) {
      clearTimeout(conn.pongTimer);
      conn.pongTimer = null;
    }
    const bytes = Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw.byteLength;
    if (bytes > maxMessageBytes) {
      send(
        conn,
        encodeError(ErrorCodes.messageTooLarge, `Message too large: the limit is ${maxMessageBytes} bytes.`),
      );
      return;
    }
    const text = Array.isArray(raw)
      ? Buffer.concat(raw).toString('utf8')
      : Buffer.isBuffer(raw)
        ? raw.toString('utf8')
        : Buffer.from(raw).toString('utf8');
    const parsed = parseClientMessage(text);
    if (!parsed.ok) {
      send(conn, encodeError(ErrorCodes.badMessage, parsed.error));
      return;
    }
    handle(conn, parsed.message);
  };

  const onConnection = (ws: WebSocket, req: IncomingMessage) => {
    ws.on('error', () => undefined); // protocol errors (bad frames, oversize) end in 'close'
    const url = new URL(req.url ?? '/', 'http://localhost');
    let key = url.pathname.slice('/app/'.length);
    try {
      key = decodeURIComponent(key);
    } catch {
      // a malformed escape is simply an unknown key
    }
    if (key !== credentials().key) {
      ws.send(encodeError(ErrorCodes.unknownApp, `App key ${JSON.stringify(key)} does not exist.`));
      ws.close(ErrorCodes.unknownApp, 'App key does not exist');
      return;
    }
    const protocol = url.searchParams.get('protocol');
    if (protocol !== null && protocol !== PROTOCOL_VERSION) {
      ws.send(
        encodeError(ErrorCodes.unsupportedProtocol, `Unsupported protocol version; use ${PROTOCOL_VERSION}.`),
      );
      ws.close(ErrorCodes.unsupportedProtocol, 'Unsupported protocol version');
      return;
    }
    const conn: Connection = {
      ws,
      socketId: newSocketId(),
      channels: new Set(),
      idleTimer: setTimeout(() => onIdle(conn), idleMs).unref(),
      pongTimer: null,
    };
    connections.add(conn);
    ws.on('message', (raw) => onMessage(conn, raw));
    ws.on('close', () => drop(conn));
    send(
      conn,
      encodeEvent('pusher:connection_established', {
        socket_id: conn.socketId,
        activity_timeout: activityTimeout,
      }),
    );
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const path = (req.url ?? '/').split('?')[0]!;
    if (closing || !/^\/app\/[^/]+$/.test(path)) {
      rejectUpgrade(socket, 404, 'Not Found');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req));
  };
  server.on('upgrade', onUpgrade);

  return {
    publish(channel, event, data) {
      const set = subscribers.get(channel);
      if (!set || set.size === 0) return;
      const text = encodeEvent(event, data, channel);
      for (const conn of set) send(conn, text);
    },
    subscriberCount: (channel) => subscribers.get(channel)?.size ?? 0,
    connectionCount: () => connections.size,
    close() {
      closing = true;
      server.off('upgrade', onUpgrade);
      for (const conn of [...connections]) {
        drop(conn);
        conn.ws.terminate();
      }
      for (const ws of wss.clients) ws.terminate();
      return new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
