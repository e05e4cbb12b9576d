import { send, type Connection, type ConnectionRegistry } from './pusher-connections.js';
import {
  encodeError,
  encodeEvent,
  encodeSubscriptionError,
  ErrorCodes,
  type ClientMessage,
} from './protocol.js';
import {
  CHANNEL_NAME_PATTERN,
  isPresenceChannel,
  isPrivateChannel,
  verifyChannelAuth,
  type PusherCredentials,
} from './signature.js';

/** What the message handlers need of the server. */
export interface MessageContext {
  registry: ConnectionRegistry;
  credentials(): PusherCredentials;
  maxChannels: number;
}

type Handler = (ctx: MessageContext, conn: Connection, data: Record<string, unknown>) => void;

/** pusher:subscribe: public channels as asked, private ones with a valid signature; no presence or encrypted ones. */
function subscribe(ctx: MessageContext, conn: Connection, data: Record<string, unknown>): void {
  const channel = data.channel;
  if (typeof channel !== 'string' || !CHANNEL_NAME_PATTERN.test(channel)) {
    const message = 'pusher:subscribe needs data.channel: 1-164 letters, digits or -_=@,.; characters.';
    send(conn, encodeError(ErrorCodes.badMessage, message));
    return;
  }
  const refusal = subscriptionRefusal(ctx, conn, channel, data.auth);
  if (refusal) {
    send(conn, encodeSubscriptionError(channel, refusal.error, refusal.status));
    return;
  }
  if (!conn.channels.has(channel)) ctx.registry.subscribe(conn, channel);
  send(conn, encodeEvent('pusher_internal:subscription_succeeded', {}, channel));
}

/** Why this socket may not subscribe to the channel, or null when it may. */
function subscriptionRefusal(
  ctx: MessageContext,
  conn: Connection,
  channel: string,
  auth: unknown,
): { error: string; status: number } | null {
  if (isPresenceChannel(channel) || channel.startsWith('private-encrypted-')) {
    return { error: 'Presence and encrypted channels are not available.', status: 403 };
  }
  if (isPrivateChannel(channel) && !verifyChannelAuth(ctx.credentials(), conn.socketId, channel, auth)) {
    const error = 'Invalid signature: authorise the channel for this socket through POST /broadcasting/auth.';
    return { error, status: 401 };
  }
  if (!conn.channels.has(channel) && conn.channels.size >= ctx.maxChannels) {
    return { error: `At most ${ctx.maxChannels} channels per connection.`, status: 429 };
  }
  return null;
}

const unsubscribe: Handler = (ctx, conn, data) => {
  if (typeof data.channel === 'string') ctx.registry.unsubscribe(conn, data.channel);
  else send(conn, encodeError(ErrorCodes.badMessage, 'pusher:unsubscribe needs data.channel.'));
};

const ping: Handler = (_ctx, conn) => send(conn, encodeEvent('pusher:pong', {}));

/** A pong only proves the socket alive, which any message does (the socket resets its timers on each). */
const pong: Handler = () => undefined;

/** The client messages the server replies to, by event name. */
const HANDLERS: Record<string, Handler> = {
  'pusher:ping': ping,
  'pusher:pong': pong,
  'pusher:subscribe': subscribe,
  'pusher:unsubscribe': unsubscribe,
};

/** Client events (`client-*`) would go to the channel's other sockets; this server does not enable them. */
function clientEvent(conn: Connection): void {
  send(conn, encodeError(ErrorCodes.clientEventRejected, 'Client events are not enabled.'));
}

function unsupported(conn: Connection, event: string): void {
  const shown = event.length > 64 ? `${event.slice(0, 64)}…` : event;
  send(conn, encodeError(ErrorCodes.badMessage, `Unsupported event "${shown}".`));
}

/** Replies to one parsed client message through its handler. */
export function dispatch(ctx: MessageContext, conn: Connection, message: ClientMessage): void {
  const { event, data } = message;
  const handler = Object.hasOwn(HANDLERS, event) ? HANDLERS[event] : undefined;
  if (handler) handler(ctx, conn, data);
  else if (event.startsWith('client-')) clientEvent(conn);
  else unsupported(conn, event);
}
