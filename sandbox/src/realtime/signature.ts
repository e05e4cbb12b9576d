import crypto from 'node:crypto';

/** A Pusher socket id: two runs of digits joined by a dot, e.g. `123456.7890`. */
export const SOCKET_ID_PATTERN = /^\d+\.\d+$/;
/** Characters Pusher allows in a channel name, at most 164 of them. */
export const CHANNEL_NAME_PATTERN = /^[-a-zA-Z0-9_=@,.;]{1,164}$/;

export const isPrivateChannel = (channel: string) => channel.startsWith('private-');
export const isPresenceChannel = (channel: string) => channel.startsWith('presence-');
/** Public channels need no authorisation: anything not private- or presence-. */
export const isPublicChannel = (channel: string) => !isPrivateChannel(channel) && !isPresenceChannel(channel);

export interface PusherCredentials {
  key: string;
  secret: string;
}

/** Hex HMAC-SHA256 of `<socket_id>:<channel_name>` with the app secret, as Pusher signs private channels. */
export function channelSignature(secret: string, socketId: string, channel: string): string {
  return crypto.createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex');
}

/** The `auth` string a client sends with `pusher:subscribe`: `<key>:<signature>`. */
export function channelAuth(credentials: PusherCredentials, socketId: string, channel: string): string {
  return `${credentials.key}:${channelSignature(credentials.secret, socketId, channel)}`;
}

/** Checks a client's `auth` string for this socket and channel in constant time. */
export function verifyChannelAuth(
  credentials: PusherCredentials,
  socketId: string,
  channel: string,
  auth: unknown,
): boolean {
  if (typeof auth !== 'string' || auth.length > 512) return false;
  const expected = channelAuth(credentials, socketId, channel);
  // Hashing both sides gives equal lengths, so timingSafeEqual never throws and the length is not leaked.
  const a = crypto.createHash('sha256').update(auth).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}
