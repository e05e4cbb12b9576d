import { createHash, randomUUID } from 'node:crypto';
import { createInMemoryCache, useResponseCache, type Cache } from '@graphql-yoga/plugin-response-cache';
import type { Plugin } from 'graphql-yoga';
import { bearerToken } from './context.js';
import type { PublicCache } from './upstream/public-cache.js';
import type { SharedAnswers } from './upstream/shared-cache.js';

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

/** How many documents' digests are remembered: far more than the site's operations, bounded for partners' ones. */
const MAX_DIGESTS = 1000;

/**
 * Each document's SHA-256, remembered: the answer key is asked of every guest request, and the same few documents
 * come again and again (hashing a document of a few KB on every request is most of the key's cost).
 */
class DocumentDigests {
  private readonly digests = new Map<string, string>();

  of(document: string): string {
    let digest = this.digests.get(document);
    if (digest === undefined) {
      if (this.digests.size >= MAX_DIGESTS) this.digests.clear();
      digest = createHash('sha256').update(document).digest('base64url');
      this.digests.set(document, digest);
    }
    return digest;
  }
}

/** The JSON text of each kept answer's data, made on its first hit. */
const dataTexts = new WeakMap<object, string>();

/**
 * How a kept answer is written: its data's JSON text is made once and reused by every hit. Yoga would otherwise
 * serialize the same answer again for each request (for the first catalogue page, about a fifth of the gateway's
 * time per answer). Anything but plain data and extensions (never kept: errors) is written as usual.
 */
function stringifyKept(result: Record<string, unknown>): string {
  const { data, extensions, stringify: _own, ...rest } = result;
  if (Object.keys(rest).length > 0 || data === null || typeof data !== 'object')
    return JSON.stringify(result);
  let text = dataTexts.get(data);
  if (text === undefined) {
    text = JSON.stringify(data);
    dataTexts.set(data, text);
  }
  return extensions === undefined
    ? `{"data":${text}}`
    : `{"data":${text},"extensions":${JSON.stringify(extensions)}}`;
}

/**
 * Gives a kept answer its writer. Yoga writes an answer with the answer's own `stringify` when it has one, and
 * each hit is a copy of the kept answer's properties, so the writer travels with every hit (JSON ignores it).
 */
function keptAnswer<T>(result: T): T {
  if (result !== null && typeof result === 'object' && !('stringify' in result)) {
    Object.defineProperty(result, 'stringify', { value: stringifyKept, enumerable: true });
  }
  return result;
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
  /** The answers every replica shares (Redis), behind this process's own; none: this process's only. */
  shared?: SharedAnswers | null;
  /** Told whether each lookup found an answer (for the cache metrics). */
  onLookup?: (hit: boolean) => void;
}): Plugin | null {
  const ttl = Math.min(options.ttlMs, GUEST_ANSWER_TTL_MS);
  if (ttl <= 0) return null;
  const shared = options.shared ?? null;
  const digests = new DocumentDigests();
  let answers = createInMemoryCache();
  options.publicCache.alsoClear(() => (answers = createInMemoryCache()));
  return useResponseCache({
    cache: {
      // This process's answers first; with Redis, then the other replicas' (kept here for the rest of their TTL).
      get: (key) => {
        const hit = answers.get(key);
        if (hit || !shared) {
          options.onLookup?.(hit !== undefined && hit !== null);
          return hit;
        }
        return shared.get(key).then((found) => {
          options.onLookup?.(found !== null && found !== undefined);
          if (!found) return undefined;
          void answers.set(key, keptAnswer(found.answer), [], found.ttlMs);
          return found.answer as Awaited<ReturnType<Cache['get']>>;
        });
      },
      set: (key, result, entities, ttl) => {
        void shared?.set(key, result, ttl);
        return answers.set(key, keptAnswer(result), entities, ttl);
      },
      invalidate: (entities) => answers.invalidate(entities),
    },
    enabled: (request) => isGuestRequest(request),
    // Every cached answer is a guest's: one shared session.
    session: () => null,
    // The gateway clock's second is part of the key: an answer that says how long until a tournament starts, or
    // whether a promotion has ended, is exact to the second whatever the TTL (and follows a clock moved in tests).
    // The document is the one a persisted request's doc_id names (persisted-operations.ts runs first and puts it in
    // the request), so an id and the same document sent whole share an answer and two ids never do.
    buildResponseCacheKey: ({ documentString, variableValues, operationName, request }) =>
      // Asked of every request. A player's is never looked up (enabled is false); were it ever, a key of its own
      // could match nothing, so it is not worth hashing the document for. Nor is a request with no document, or
      // with a query that is not a string ({"query": 5}: asked before Yoga refuses it with 400).
      !isGuestRequest(request) || typeof documentString !== 'string' || documentString === ''
        ? randomUUID()
        : createHash('sha256')
            .update(`${Math.floor(options.clock().getTime() / 1000)}|${operationName ?? ''}|`)
            .update(digests.of(documentString))
            .update(`|${JSON.stringify(variableValues ?? {})}`)
            .digest('base64url'),
    ttl,
    ttlPerSchemaCoordinate: { Tournament: Math.min(ttl, TOURNAMENT_ANSWER_TTL_MS) },
    // Must stay on: with it off, the plugin stores a guest's mutation answers like queries, so a second
    // forgotPassword (or login) within the TTL would be answered from here without reaching the casino or the rate
    // limits, and with Redis another replica would serve it. A player's change never shows in a guest's answer
    // (the TTL alone bounds that); what a guest's mutation invalidates here is only this process's copies.
    invalidateViaMutation: true,
    // With EXPOSE_UPSTREAM_CALLS an answer says whether it came from here (extensions.responseCache.hit).
    includeExtensionMetadata: options.showHits,
  }) as Plugin;
}
