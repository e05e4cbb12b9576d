import { WebSocket } from 'ws';
import { encodeEvent, ErrorCodes } from './protocol.js';

/** A socket with this much unsent data is too slow to keep; it is closed with 4100. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** One open Pusher-protocol socket. */
export interface Connection {
  ws: WebSocket;
  socketId: string;
  channels: Set<string>;
  idleTimer: NodeJS.Timeout;
  pongTimer: NodeJS.Timeout | null;
}

/** Sends one frame, unless the socket has closed; a socket that has stopped reading is closed instead. */
export function send(conn: Connection, text: string): void {
  if (conn.ws.readyState !== WebSocket.OPEN) return;
  if (conn.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
    conn.ws.close(ErrorCodes.overCapacity, 'Client too slow to read its messages');
    return;
  }
  conn.ws.send(text);
}

/** The open sockets and, per channel, the sockets subscribed to it. */
export class ConnectionRegistry {
  private readonly connections = new Set<Connection>();
  private readonly subscribers = new Map<string, Set<Connection>>();

  add(conn: Connection): void {
    this.connections.add(conn);
  }

  subscribe(conn: Connection, channel: string): void {
    conn.channels.add(channel);
    let set = this.subscribers.get(channel);
    if (!set) this.subscribers.set(channel, (set = new Set()));
    set.add(conn);
  }

  unsubscribe(conn: Connection, channel: string): void {
    conn.channels.delete(channel);
    const set = this.subscribers.get(channel);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.subscribers.delete(channel);
  }

  /** Forgets a socket (closed or being closed): its timers stop and its subscriptions end. */
  drop(conn: Connection): void {
    if (!this.connections.delete(conn)) return;
    clearTimeout(conn.idleTimer);
    if (conn.pongTimer) clearTimeout(conn.pongTimer);
    for (const channel of [...conn.channels]) this.unsubscribe(conn, channel);
  }

  /** Sends an event to every socket subscribed to the channel. */
  publish(channel: string, event: string, data: unknown): void {
    const set = this.subscribers.get(channel);
    if (!set || set.size === 0) return;
    const text = encodeEvent(event, data, channel);
    for (const conn of set) send(conn, text);
  }

  subscriberCount(channel: string): number {
    return this.subscribers.get(channel)?.size ?? 0;
  }

  connectionCount(): number {
    return this.connections.size;
  }

  /** Every open socket (a copy, so the caller may drop them as it goes). */
  all(): Connection[] {
    return [...this.connections];
  }
}
