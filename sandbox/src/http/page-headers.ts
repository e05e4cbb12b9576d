import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * Security headers for the sandbox's own HTML pages (the game page a launched game opens, the payment page a
 * deposit redirects to), as a real casino and payment provider send them: each page runs only its own inline
 * script and style (by a nonce drawn for that response), talks only to its own origin, and may be framed only where
 * it is meant to be.
 */

/** A fresh nonce for one page: an injected script cannot guess it. */
export function pageNonce(): string {
  return randomBytes(16).toString('base64');
}

function send(reply: FastifyReply, policy: string[], frameable: boolean): void {
  reply.header('Content-Security-Policy', policy.join('; '));
  reply.header('X-Content-Type-Options', 'nosniff');
  // The game page's address carries its token in the fragment, which no Referer holds; nothing else need leak.
  reply.header('Referrer-Policy', 'no-referrer');
  if (!frameable) reply.header('X-Frame-Options', 'DENY');
}

/**
 * The site origins a policy can name. CSP's host-source grammar has no IPv6 literals: Chromium logs
 * "invalid source" for `http://[::1]:*` in every frame and ignores it, so such an origin is left out (it stays good
 * for return addresses, which are checked by the sandbox, not the browser).
 */
export const cspSources = (origins: readonly string[]) => origins.filter((o) => !/^[a-z]+:\/\/\[/i.test(o));

/**
 * The game page: played inside the site's game window (an iframe), so the site's origins (SANDBOX_SITE_ORIGINS)
 * may frame it and nobody else; its spins and balance are POSTs to its own origin.
 */
export function gamePageHeaders(reply: FastifyReply, nonce: string, siteOrigins: readonly string[]): void {
  const ancestors = cspSources(siteOrigins);
  send(
    reply,
    [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      `frame-ancestors ${ancestors.length ? ancestors.join(' ') : "'none'"}`,
    ],
    true,
  );
}

/**
 * The payment page: opened as the whole window (never framed), its buttons are forms posted to itself, which then
 * redirect to the deposit's return address on the site: form-action must allow that origin too, since a browser
 * checks a form's redirects against it.
 */
export function paymentPageHeaders(reply: FastifyReply, nonce: string, returnUrl: string | null): void {
  const origin = returnUrl && /^https?:\/\//i.test(returnUrl) ? new URL(returnUrl).origin : null;
  const returnOrigin = origin
    ? cspSources([origin])
        .map((o) => ` ${o}`)
        .join('')
    : '';
  send(
    reply,
    [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      "base-uri 'none'",
      `form-action 'self'${returnOrigin}`,
      "frame-ancestors 'none'",
    ],
    false,
  );
}
