import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WebSocket, type RawData } from 'ws';
import { send, type Connection } from './pusher-connections.js';
import { dispatch, type MessageContext } from './pusher-messages.js';
import { encodeError, encodeEvent, ErrorCodes, parseClientMessage, PROTOCOL_VERSION } from './protocol.js';

/** The settings of one socket's life: its handshake, its heartbeat and the size of its messages. */
export interface SocketSettings extends MessageContext {
  /** Seconds advertised in `pusher:connection_established`. */
  activityTimeout: number;
  idleMs: number;
  pongTimeoutMs: number;
  maxMessageBytes: number;
}

const newSocketId = () => `${crypto.randomInt(1, 2 ** 31)}.${crypto.randomInt(1, 2 ** 31)}`;

/** The app key of /app/{key}; a malformed escape is simply an unknown key. */
function appKey(url: URL): string {
  const key = url.pathname.slice('/app/'.length);
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

/** Closes a socket whose handshake the server refuses: an unknown app key or protocol version. */
function refuseHandshake(ws: WebSocket, url: URL, settings: SocketSettings): boolean {
  const key = appKey(url);
  if (key !== settings.credentials().key) {
    ws.send(encodeError(ErrorCodes.unknownApp, `App key ${JSON.stringify(key)} does not exist.`));
    ws.close(ErrorCodes.unknownApp, 'App key does not exist');
    return true;
  }
  const protocol = url.searchParams.get('protocol');
  if (protocol !== null && protocol !== PROTOCOL_VERSION) {
    const message = `Unsupported protocol version; use ${PROTOCOL_VERSION}.`;
    ws.send(encodeError(ErrorCodes.unsupportedProtocol, message));
    ws.close(ErrorCodes.unsupportedProtocol, 'Unsupported protocol version');
    return true;
  }
  return false;
}

/** After `idleMs` of client silence: a `pusher:ping`, and a close with 4201 if nothing comes back in time. */
function onIdle(conn: Connection, settings: SocketSettings): void {
  if (conn.ws.readyState !== WebSocket.OPEN || conn.pongTimer) return;
  send(conn, encodeEvent('pusher:ping', {}));
  conn.pongTimer = setTimeout(() => {
    conn.ws.close(ErrorCodes.pongTimeout, 'Pong reply not received');
    // a peer that never replies to the close handshake is cut off
    setTimeout(() => conn.ws.terminate(), 1000).unref();
  }, settings.pongTimeoutMs).unref();
}

function frameText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.isBuffer(raw) ? raw.toString('utf8') : Buffer.from(raw).toString('utf8');
}

/** Any message proves the socket alive; one too large or malformed gets a `pusher:error` in reply. */
function onMessage(conn: Connection, raw: RawData, settings: SocketSettings): void {
  conn.idleTimer.refresh();
  if (conn.pongTimer) {
    clearTimeout(conn.pongTimer);
    conn.pongTimer = null;
  }
  const bytes = Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw.byteLength;
  if (bytes > settings.maxMessageBytes) {
    const message = `Message too large: the limit is ${settings.maxMessageBytes} bytes.`;
    send(conn, encodeError(ErrorCodes.messageTooLarge, message));
    return;
  }
  const parsed = parseClientMessage(frameText(raw));
  if (!parsed.ok) {
    send(conn, encodeError(ErrorCodes.badMessage, parsed.error));
    return;
  }
  dispatch(settings, conn, parsed.message);
}

/** A new socket: checks its handshake, registers it and tells it its socket id (`pusher:connection_established`). */
export function openConnection(ws: WebSocket, req: IncomingMessage, settings: SocketSettings): void {
  ws.on('error', () => undefined); // protocol errors (bad frames, oversize) end in 'close'
  if (refuseHandshake(ws, new URL(req.url ?? '/', 'http://localhost'), settings)) return;
  const conn: Connection = {
    ws,
    socketId: newSocketId(),
    channels: new Set(),
    idleTimer: setTimeout(() => onIdle(conn, settings), settings.idleMs).unref(),
    pongTimer: null,
  };
  settings.registry.add(conn);
  ws.on('message', (raw) => onMessage(conn, raw, settings));
  ws.on('close', () => settings.registry.drop(conn));
  send(
    conn,
    encodeEvent('pusher:connection_established', {
      socket_id: conn.socketId,
      activity_timeout: settings.activityTimeout,
    }),
  );
}
