import type { FastifyInstance } from 'fastify';

/** pusher-js posts its channel authorisation as a form; Laravel accepts forms everywhere, so do we. */
export function installFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
