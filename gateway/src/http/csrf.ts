import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/**
 * Headers that prove a request is not a cross-site "simple" request: a page of another origin cannot send any of
 * them without the browser asking the gateway first (a CORS preflight, which only allowed origins pass). Yoga's own
 * name, and the site's CSRF headers, which the web app sends on every call anyway.
 */
export const CSRF_HEADERS = ['x-graphql-yoga-csrf', 'x-csrf-token', 'x-xsrf-token'];

/**
 * Whether a request carries one of CSRF_HEADERS: a GET runs an operation only if it does (preventCsrf refuses it
 * otherwise). The guests' shortcut (response-cache.ts), which responds before preventCsrf runs, asks this first.
 */
export const carriesCsrfHeader = (request: Request): boolean =>
  CSRF_HEADERS.some((name) => request.headers.has(name));

const REFUSED =
  'This request was refused as a possible cross-site request forgery. POST the operation as JSON ' +
  '(Content-Type: application/json), or send a GET with the header X-GraphQL-Yoga-CSRF (any value).';

/**
 * Yoga's CSRF prevention: a request a browser would send cross-site without a preflight (a GET, or a POST of a
 * form's or text/plain content type) runs an operation only when it carries one of CSRF_HEADERS. Refused requests
 * get 403 with a coded error that says what to send instead (the plugin's own error has no code).
 *
 * POSTs of those content types are already refused with 415 by explainContentType, before this runs; this covers
 * GETs (queries and server-sent events), and stays in force should that list ever widen.
 */
export function preventCsrf(): Plugin {
  const yogaCsrf = useCSRFPrevention({ requestHeaders: CSRF_HEADERS });
  return {
    onRequestParse(payload) {
      try {
        return yogaCsrf.onRequestParse?.(payload);
      } catch {
        throw createGraphQLError(REFUSED, {
          extensions: { code: 'BAD_REQUEST', http: { status: 403 } },
        });
      }
    },
  };
}
