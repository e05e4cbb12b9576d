import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { requireUser } from '../http/auth.js';
import { ApiError, parse } from '../http/errors.js';
import { userChannel } from '../realtime/hub.js';
import {
  CHANNEL_NAME_PATTERN,
  channelAuth,
  isPresenceChannel,
  isPublicChannel,
  SOCKET_ID_PATTERN,
} from '../realtime/signature.js';

const AuthBody = z.object({
  socket_id: z.string().regex(SOCKET_ID_PATTERN, 'must be a socket id such as 1234.5678'),
  channel_name: z.string().regex(CHANNEL_NAME_PATTERN, 'must be 1-164 letters, digits or -_=@,.; characters'),
});

/**
 * POST /broadcasting/auth, as Laravel serves it for pusher-js: a signed-in player (Bearer session token)
 * gets `{"auth": "<key>:<hmac>"}` for its own `private-user.{id}` channel and a 403 for any other private
 * channel. Public channels need no authorisation, so asking for one is a 422; presence channels are not
 * offered (403). The body is a form (what pusher-js sends) or JSON.
 */
export function register(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/broadcasting/auth', async (req) => {
    const owner = requireUser(ctx, req);
    const body = parse(AuthBody, req.body);
    const channel = body.channel_name;
    if (isPublicChannel(channel)) {
      throw new ApiError(422, 'Public channels need no authorisation; subscribe to them directly.');
    }
    if (isPresenceChannel(channel)) throw new ApiError(403, 'Presence channels are not available.');
    if (channel !== userChannel(owner.userId)) throw new ApiError(403, 'This channel is not yours.');
    return { auth: channelAuth(ctx.config.pusher, body.socket_id, channel) };
  });
}
