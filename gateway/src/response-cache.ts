import { createHash, randomUUID } from 'node:crypto';
import { createInMemoryCache, useResponseCache } from '@graphql-yoga/plugin-response-cache';
import type { Plugin } from 'graphql-yoga';
import { bearerToken } from './context.js';
import type { PublicCache } from './upstream/public-cache.js';

/** How long a guest's whole answer is served again: short, since it sits on top of the public caches' own TTLs. */
export const GUEST_ANSWER_TTL_MS = 5000;
/** Answers holding a tournament: its stage and countdowns move with the clock. */
export const TOURNAMENT_ANSWER_TTL_MS = 1000;

/**
 * Whether an operation may be answered from, and stored in, the shared answer cache: only a guest's over HTTP. A
 * guest's answer depends on nothing but the document and its variables (every public read is the same for all
 * guests), so it can be shared; a session's never is. Over graphql-ws there is no HTTP request here (the session
 * travels in connectionParams), so nothing sent on a socket is cached.
 */
export function isGuestRequest(request: Request | undefined): boolean {
  return request?.headers !== undefined && bearerToken(request.headers.get('authorization')) === null;
}

/**
 * Public reads cost nothing: a guest's repeated query (the catalogue, providers, filters, promotions, banners, news,
 * latest wins, tournaments) is answered from memory before it is parsed, validated or executed, with no upstream
 * call, for up to `ttlMs`. Answers with errors are never stored. Off when the public caches are off (ttlMs 0).
 */
export function cacheGuestAnswers(options: {
  ttlMs: number;
  showHits: boolean;
  clock: () => Date;
  /** The public reads these answers are built from: clearing them clears these too. */
  publicCache: PublicCache;
}): Plugin | null {
  const ttl = Math.min(options.ttlMs, GUEST_ANSWER_TTL_MS);
  if (ttl <= 0) return null;
  let answers = createInMemoryCache();
  options.publicCache.alsoClear(() => (answers = createInMemoryCache()));
  return useResponseCache({
    cache: {
      get: (key) => answers.get(key),
      set: (...args) => answers.set(...args),
      invalidate: (entities) => answers.invalidate(entities),
    },
    enabled: (request) => isGuestRequest(request),
    // Every cached answer is a guest's: one shared session.
    session: () => null,
    // The gateway clock's second is part of the key: an answer that says how long until a tournament starts, or
    // whether a promotion has ended, is exact to the second whatever the TTL (and follows a clock moved in tests).
    buildResponseCacheKey: ({ documentString, variableValues, operationName, request }) =>
      // Asked of every request. A player's is never looked up (enabled is false); were it ever, a key of its own
      // could match nothing, so it is not worth hashing the document for.
      !isGuestRequest(request)
        ? randomUUID()
        : createHash('sha256')
            .update(`${Math.floor(options.clock().getTime() / 1000)}|${operationName ?? ''}|`)
            .update(documentString)
            .update(`|${JSON.stringify(variableValues ?? {})}`)
            .digest('base64url'),
    ttl,
    ttlPerSchemaCoordinate: { Tournament: Math.min(ttl, TOURNAMENT_ANSWER_TTL_MS) },
    // A player's change never shows in a guest's answer; the TTL alone bounds staleness.
    invalidateViaMutation: false,
    // With EXPOSE_UPSTREAM_CALLS an answer says whether it came from here (extensions.responseCache.hit).
    includeExtensionMetadata: options.showHits,
  }) as Plugin;
}
