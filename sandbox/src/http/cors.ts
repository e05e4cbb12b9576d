import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAllowedReturnUrl } from '../domain/return-urls.js';

/**
 * Cross-origin access for the few addresses a site's page calls straight at the casino (a document's upload address:
 * docs/rules.md#know-your-player): a request from one of the site origins (SANDBOX_SITE_ORIGINS, `:*` for any port) is
 * allowed by name, any other gets no allowance, which the browser enforces. No credentials: the address itself is the
 * capability.
 */
export function allowSiteOrigin(req: FastifyRequest, reply: FastifyReply, origins: readonly string[]): void {
  reply.header('Vary', 'Origin');
  const origin = req.headers.origin;
  if (origin && isSiteOrigin(origin, origins)) reply.header('Access-Control-Allow-Origin', origin);
}

/** Whether `origin` (an Origin header: scheme, host and port, nothing more) is one of the site origins. */
function isSiteOrigin(origin: string, origins: readonly string[]): boolean {
  try {
    if (new URL(origin).origin !== origin) return false;
  } catch {
    return false;
  }
  return isAllowedReturnUrl(origin, origins);
}

/** The answer to a browser's preflight: which method and header the site's page may send. */
export function preflight(reply: FastifyReply, methods: string): void {
  reply
    .header('Access-Control-Allow-Methods', methods)
    .header('Access-Control-Allow-Headers', 'Content-Type')
    .header('Access-Control-Max-Age', '600')
    .status(204)
    .send();
}
