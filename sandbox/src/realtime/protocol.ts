/**
 * Wire format of the Pusher protocol (version 7) as the sandbox speaks it.
 *
 * Server -> client: `{"event": string, "channel"?: string, "data": string}` where `data` is JSON text, except
 * `pusher:error` and `pusher:subscription_error`, whose `data` is an object (as Pusher and soketi send them).
 * Client -> server: pusher-js sends `data` as an object; a JSON string is accepted as well.
 */

export const PROTOCOL_VERSION = '7';

/** Close and error codes from the Pusher protocol, plus the sandbox's non-fatal ones in the 43xx range. */
export const ErrorCodes = {
  /** Fatal (the socket is closed with it): the app key in /app/{key} is unknown. */
  unknownApp: 4001,
  /** Fatal: the `protocol` query parameter is not 7. */
  unsupportedProtocol: 4007,
  /** Fatal: the socket sent more than the server can buffer, or was too slow to read. */
  overCapacity: 4100,
  /** Fatal: no pong (or any message) within the pong timeout after a server ping. */
  pongTimeout: 4201,
  /** Non-fatal: the message is not JSON, not an object, lacks an event or has a bad field. */
  badMessage: 4300,
  /** Non-fatal: client events (`client-*`) are not enabled on this server. */
  clientEventRejected: 4301,
  /** Non-fatal: the message is larger than the message size limit. */
  messageTooLarge: 4302,
} as const;

export interface ClientMessage {
  event: string;
  channel?: string;
  data: Record<string, unknown>;
}

export type ParseResult = { ok: true; message: ClientMessage } | { ok: false; error: string };

function asObject(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** Reads one text frame from a client; never throws. */
export function parseClientMessage(text: string): ParseResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Malformed message: not valid JSON.' };
  }
  const obj = asObject(raw);
  if (!obj) return { ok: false, error: 'Malformed message: expected a JSON object.' };
  if (typeof obj.event !== 'string' || obj.event.length === 0) {
    return { ok: false, error: 'Malformed message: the "event" field must be a non-empty string.' };
  }
  let data: unknown = obj.data ?? {};
  if (typeof data === 'string') {
    try {
      data = data.length === 0 ? {} : JSON.parse(data);
    } catch {
      // a client event may carry plain text; keep it under a field so `data` stays an object
      data = { value: data };
    }
  }
  const dataObj = asObject(data) ?? { value: data };
  const message: ClientMessage = { event: obj.event, data: dataObj };
  if (typeof obj.channel === 'string') message.channel = obj.channel;
  return { ok: true, message };
}

/** An ordinary event: `data` is serialised to a JSON string, as Pusher sends it. */
export function encodeEvent(event: string, data: unknown, channel?: string): string {
  const payload = JSON.stringify(data === undefined ? {} : data);
  return JSON.stringify(channel === undefined ? { event, data: payload } : { event, channel, data: payload });
}

export function encodeError(code: number, message: string): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } });
}

/** What pusher-js turns into the channel's `pusher:subscription_error` event. */
export function encodeSubscriptionError(channel: string, error: string, status: number): string {
  return JSON.stringify({
    event: 'pusher:subscription_error',
    channel,
    data: { type: 'AuthError', error, status },
  });
}
