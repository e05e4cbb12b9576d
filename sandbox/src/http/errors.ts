import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';

/** An error the API responds with: a status and a JSON body whose `error` field says what went wrong. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A 401; `reason` says why a session this backend issued has ended (docs/rules.md#sign-in-and-sessions). */
export const unauthenticated = (reason: string | null = null) =>
  new ApiError(401, 'Unauthenticated.', reason ? { reason } : {});
export const notFound = (what = 'Resource') => new ApiError(404, `${what} not found.`);

/** Validates input against a zod schema; a mismatch is a 422 naming each field, as Laravel responds. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  const [field, messages] = Object.entries(errors)[0]!;
  const first = field === 'body' ? messages[0]! : `${field}: ${messages[0]}`;
  throw new ApiError(422, first, { errors });
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty; send {} or leave out the Content-Type header.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type; send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

/** Every error leaves as JSON with an `error` field; a client's mistake is a 4xx, never a 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) {
      return reply.status(err.status).send({ error: err.message, ...err.extra });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (err.code && FASTIFY_MESSAGES[err.code]) ?? err.message;
      return reply.status(status).send({ error: message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error.' });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ error: `No route for ${req.method} ${req.url.split('?')[0]}.` });
  });
}
