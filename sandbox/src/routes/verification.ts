import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import {
  CONTENT_TYPES,
  DOCUMENT_KINDS,
  MAX_FILE_BYTES,
  fileTooLarge,
  startDocument,
  submitVerification,
  uploadDocument,
  verificationJson,
} from '../domain/verification.js';
import { requireUser } from '../http/auth.js';
import { allowSiteOrigin, preflight } from '../http/cors.js';
import { parse } from '../http/errors.js';

const DocumentBody = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: `must be one of ${DOCUMENT_KINDS.join(', ')}` }),
  content_type: z
    .string({ error: `must be one of ${CONTENT_TYPES.join(', ')}` })
    .transform((type) => type.trim().toLowerCase())
    .pipe(z.enum(CONTENT_TYPES, { error: `must be one of ${CONTENT_TYPES.join(', ')}` })),
  size: z
    .number({ error: 'must be the file’s size in bytes' })
    .int('must be the file’s size in bytes')
    .min(1, 'must be at least 1 byte')
    .max(MAX_FILE_BYTES, `must be at most 5 MB (${MAX_FILE_BYTES} bytes)`),
});
const TokenParams = z.object({ token: z.string().min(1).max(200) });

/**
 * FICA verification (docs/rules.md#know-your-player): the player's status and documents, an upload address per
 * document, the submission. The back office's decision is a control route (control.ts).
 */
export function register(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/api/verification', async (req) => ({
    verification: verificationJson(ctx.db, requireUser(ctx, req).userId, ctx.clock()),
  }));

  app.post('/api/verification/documents', async (req, reply) => {
    const { userId } = requireUser(ctx, req);
    const body = parse(DocumentBody, req.body);
    const started = startDocument(ctx, userId, {
      kind: body.kind,
      contentType: body.content_type,
      size: body.size,
    });
    reply.status(201);
    return started;
  });

  app.post('/api/verification/submit', async (req) => submitVerification(ctx, requireUser(ctx, req).userId));

  void app.register(async (uploads) => registerUploads(uploads, ctx));
}

/**
 * The upload address, in a scope of its own: the only route that takes raw bytes (any content type, up to 5 MB, where
 * every other route takes JSON of 64 kB) and the only one a site's page calls across origins (CORS for the site
 * origins, with its preflight). No bearer: the random token in the path is the capability, never logged
 * (http/log.ts).
 */
function registerUploads(uploads: FastifyInstance, ctx: SandboxContext): void {
  uploads.removeAllContentTypeParsers();
  uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_FILE_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  // Set before the body is read, so every answer carries it (a 413 too), and the site's page can read it.
  uploads.addHook('onRequest', async (req, reply) => allowSiteOrigin(req, reply, ctx.config.siteOrigins));
  // A body over the limit is refused while it arrives, before the handler: the same 413 as the handler's.
  uploads.setErrorHandler((err: FastifyError) => {
    throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? fileTooLarge() : err;
  });

  uploads.options('/uploads/verification/:token', async (_req, reply) => preflight(reply, 'PUT'));
  uploads.put('/uploads/verification/:token', { bodyLimit: MAX_FILE_BYTES }, async (req, reply) => {
    const { token } = parse(TokenParams, req.params);
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const uploaded = uploadDocument(ctx, token, bytes);
    reply.status(201);
    return uploaded;
  });
}
