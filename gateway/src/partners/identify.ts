import type { IncomingHttpHeaders } from 'node:http';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { KeyRefusal, PartnerDirectory } from './directory.js';
import type { Partner } from './partner.js';

/** The header a partner's key travels in (over graphql-ws: connection_init's payload, or the upgrade's header). */
export const API_KEY_HEADER = 'x-api-key';

/** Why a keyed request is refused (`extensions.reason`). */
export type PartnerRefusal = KeyRefusal | 'origin_not_allowed' | 'partners_not_loaded';

const MESSAGES: Record<PartnerRefusal, string> = {
  unknown_key: 'This API key (X-Api-Key) is not valid.',
  revoked: 'This API key (X-Api-Key) has been revoked.',
  expired:
    'This API key (X-Api-Key) was replaced by a new one (rotated) and its grace period has ended: use the new key.',
  origin_not_allowed: "This API key may not be used from this page's origin.",
  partners_not_loaded: 'API keys cannot be checked right now. Please try again in a moment.',
};

/**
 * The error refusing a keyed request, with the HTTP status Yoga responds with: 401 UNAUTHENTICATED for a key that
 * is no good (never a guest instead: a partner must learn its key is wrong), 403 FORBIDDEN for a good key used from
 * a browser origin its partner does not list, 503 while the store has not been read (Redis away at start).
 */
export function partnerRefusal(reason: PartnerRefusal): GraphQLError {
  const [code, status] =
    reason === 'origin_not_allowed'
      ? ['FORBIDDEN', 403]
      : reason === 'partners_not_loaded'
        ? ['SERVICE_UNAVAILABLE', 503]
        : ['UNAUTHENTICATED', 401];
  return new GraphQLError(MESSAGES[reason], {
    extensions: {
      code,
      reason,
      http: { status, ...(status === 503 ? { headers: { 'Retry-After': '1' } } : {}) },
    },
  });
}

/** Whether a browser page of `origin` is the gateway's own (GraphiQL): a same-origin page is never a third party. */
function ownOrigin(origin: string, host: string | null | undefined): boolean {
  try {
    return host !== null && host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * The partner a key names, used from `origin` (null: not from a browser), or the error refusing it. A partner's key
 * works from the origins it lists and from servers (no Origin header); from any other page it is refused, so a key
 * copied into another site's page is of no use there. The gateway's own pages (GraphiQL) count as no third party.
 */
export function admitKey(
  directory: PartnerDirectory,
  key: string,
  origin: string | null,
  host: string | null | undefined,
): Partner | GraphQLError {
  const found = directory.identify(key);
  if ('refused' in found) return partnerRefusal(found.refused);
  if (origin !== null && !found.partner.origins.includes(origin) && !ownOrigin(origin, host)) {
    return partnerRefusal('origin_not_allowed');
  }
  return found.partner;
}

/** Each HTTP request's partner, set by identifyPartners (requests without a key have none). */
const partners = new WeakMap<Request, Partner>();

/** The partner whose key an HTTP request carried (identified before its body is read), or null: the site, a guest. */
export function partnerOf(request: Request): Partner | null {
  return partners.get(request) ?? null;
}

/**
 * Yoga plugin: the partner of each GraphQL request by its X-Api-Key header, before anything else reads the request
 * (the rate-limit ceiling, the body limit, the parser); a request with a key that is no good is refused here.
 * A request without the header is the site's or a guest's, as before.
 */
export function identifyPartners(directory: PartnerDirectory): Plugin {
  return {
    onRequestParse({ request, url }) {
      const key = request.headers.get(API_KEY_HEADER);
      if (key === null) return;
      const verdict = admitKey(directory, key, request.headers.get('origin'), url.host);
      if (verdict instanceof GraphQLError) throw verdict;
      partners.set(request, verdict);
    },
  };
}

/** The key a graphql-ws socket carries: connection_init's `x-api-key` (or `apiKey`), else its upgrade's header. */
function socketKey(
  params: Record<string, unknown> | undefined,
  request: { headers: IncomingHttpHeaders },
): string | null {
  const sent = params?.[API_KEY_HEADER] ?? params?.apiKey;
  if (typeof sent === 'string') return sent;
  const header = request.headers[API_KEY_HEADER];
  return typeof header === 'string' ? header : null;
}

/**
 * The partner of a graphql-ws socket (null: no key), or the error refusing it, asked at connection_init and again
 * for each operation, so a key revoked or expired since the socket opened runs nothing more. A browser page of an
 * origin only a partner lists (the upgrade lets those through, see server.ts) must carry that partner's key.
 */
export function socketPartner(
  directory: PartnerDirectory,
  params: Record<string, unknown> | undefined,
  request: { headers: IncomingHttpHeaders },
  siteOrigin: (origin: string, host: string | undefined) => boolean,
): Partner | null | GraphQLError {
  const key = socketKey(params, request);
  const origin = request.headers.origin ?? null;
  if (key === null) {
    return origin !== null && !siteOrigin(origin, request.headers.host)
      ? partnerRefusal('origin_not_allowed')
      : null;
  }
  return admitKey(directory, key, origin, request.headers.host);
}
