import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { SandboxContext } from '../context.js';
import type { Realtime } from './hub.js';
import { ConnectionRegistry } from './pusher-connections.js';
import { openConnection, type SocketSettings } from './pusher-socket.js';

/**
 * A Pusher-protocol (version 7) server on the sandbox's HTTP server, at ws://host:port/app/{key}. The official
 * pusher-js client talks to it unchanged. Routes publish through `publish`; private channels are authorised
 * by POST /broadcasting/auth (routes/broadcasting.ts), whose signature this server checks on subscribe.
 *
 * The parts: pusher-socket.ts (a socket's handshake, heartbeat and frames), pusher-messages.ts (one handler per
 * client message type, in a dispatch table), pusher-connections.ts (the sockets by channel, and publishing).
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
  /** Largest message a client may send; a larger one gets a `pusher:error` 4302 in reply. */
  maxMessageBytes?: number;
  /** Most channels one socket may be subscribed to. */
  maxChannelsPerSocket?: number;
}

/** Frames beyond this are cut off by ws itself (close 1009) before they are buffered. */
const HARD_PAYLOAD_LIMIT = 64 * 1024;

function socketSettings(ctx: SandboxContext, options: PusherServerOptions, registry: ConnectionRegistry) {
  const activityTimeout = options.activityTimeoutSeconds ?? 120;
  return {
    registry,
    credentials: () => ctx.config.pusher,
    maxChannels: options.maxChannelsPerSocket ?? 100,
    activityTimeout,
    idleMs: options.idleMs ?? activityTimeout * 1000,
    pongTimeoutMs: options.pongTimeoutMs ?? 30_000,
    maxMessageBytes: options.maxMessageBytes ?? 10 * 1024,
  } satisfies SocketSettings;
}

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
  const registry = new ConnectionRegistry();
  const settings = socketSettings(ctx, options, registry);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: Math.max(HARD_PAYLOAD_LIMIT, settings.maxMessageBytes + 1),
    perMessageDeflate: false,
  });
  let closing = false;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const path = (req.url ?? '/').split('?')[0]!;
    if (closing || !/^\/app\/[^/]+$/.test(path)) {
      rejectUpgrade(socket, 404, 'Not Found');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => openConnection(ws, req, settings));
  };
  server.on('upgrade', onUpgrade);

  return {
    publish: (channel, event, data) => registry.publish(channel, event, data),
    subscriberCount: (channel) => registry.subscriberCount(channel),
    connectionCount: () => registry.connectionCount(),
    close() {
      closing = true;
      server.off('upgrade', onUpgrade);
      for (const conn of registry.all()) {
        registry.drop(conn);
        conn.ws.terminate();
      }
      for (const ws of wss.clients) ws.terminate();
      return new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
