import { z } from 'zod';
import { upstreamUnavailable } from '../errors.js';
import type { UpstreamClient } from './client.js';

const AuthResponse = z.object({ auth: z.string().min(1) });

/**
 * POST /broadcasting/auth (Laravel's), with the subscriber's own session: the casino's signature for a private live
 * channel, or its refusal (UNAUTHENTICATED/FORBIDDEN). The casino decides who reads which channel.
 */
export async function authorizeChannel(
  client: UpstreamClient,
  token: string,
  socketId: string,
  channel: string,
): Promise<{ auth: string }> {
  const raw = await client.call({
    method: 'POST',
    path: '/broadcasting/auth',
    token,
    json: { socket_id: socketId, channel_name: channel },
  });
  const parsed = AuthResponse.safeParse(raw);
  if (!parsed.success) throw upstreamUnavailable();
  return parsed.data;
}
