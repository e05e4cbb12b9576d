import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/open.js';
import { ApiError } from '../http/errors.js';

/**
 * Deposit and withdraw honour an Idempotency-Key header: the first successful response is stored, and a retry with
 * the same key and body gets that same response without a second effect. The handler is synchronous and runs in the
 * same SQLite transaction as the stored response, so concurrent retries cannot both act.
 */
export function idempotent<T>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  endpoint: string,
  handler: () => T,
): T {
  const header = req.headers['idempotency-key'];
  if (header === undefined) return handler();
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError(422, 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.');
  }
  const requestHash = crypto
    .createHash('sha256')
    .update(JSON.stringify(req.body ?? null))
    .digest('hex');
  return db.transaction(() => {
    const stored = db
      .prepare(
        'SELECT request_hash, status, body FROM idempotency WHERE user_id = ? AND endpoint = ? AND key = ?',
      )
      .get(userId, endpoint, key) as { request_hash: string; status: number; body: string } | undefined;
    if (stored) {
      if (stored.request_hash !== requestHash) {
        throw new ApiError(422, 'This Idempotency-Key was already used with a different request.');
      }
      reply.header('Idempotent-Replayed', 'true').status(stored.status);
      return JSON.parse(stored.body) as T;
    }
    const result = handler();
    db.prepare(
      'INSERT INTO idempotency (user_id, endpoint, key, request_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(
      userId,
      endpoint,
      key,
      requestHash,
      reply.statusCode,
      JSON.stringify(result),
      new Date().toISOString(),
    );
    return result;
  })();
}
