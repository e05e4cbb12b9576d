import { createHash, randomUUID } from 'node:crypto';
import { resultWithMetadata } from '@envelop/response-cache';
import {
  createInMemoryCache,
  useResponseCache,
  type Cache,
  type BuildResponseCacheKeyFunction,
} from '@graphql-yoga/plugin-response-cache';
import type { ExecutionResult } from 'graphql';
import { processRegularResult, type Plugin } from 'graphql-yoga';
import { API_KEY_HEADER } from '../partners/identify.js';
import { bearerToken } from '../context.js';
import type { PublicCache } from '../upstream/public-cache.js';
import type { SharedResponses } from '../upstream/shared-cache.js';

/** How long a guest's whole response is served again: short, since it sits on top of the public caches' own TTLs. */
export const GUEST_RESPONSE_TTL_MS = 5000;
/** Results holding a tournament: its stage and countdowns move with the clock. */
export const TOURNAMENT_RESPONSE_TTL_MS = 1000;

/**
 * Whether an operation may be served from, and stored in, the shared response cache: only a guest's over HTTP. A
 * guest's result depends on nothing but the document and its variables (every public read is the same for all
 * guests), so it can be shared; a session's never is. Over graphql-ws there is no HTTP request here (the session
 * travels in connectionParams), so nothing sent on a socket is cached.
 */
export function isGuestRequest(request: Request | undefined): boolean {
  return (
    request?.headers !== undefined &&
    bearerToken(request.headers.get('authorization')) === null &&
    // A partner's request is its own (its trusted operations and budgets are checked for each one): a GET served by
    // its address alone (the shortcut) would skip those checks, for that partner and any other sending the same.
    !request.headers.has(API_KEY_HEADER)
  );
}

/** How Yoga's response cache marks a result it served (@graphql-yoga/plugin-response-cache). */
export const SERVED_FROM_CACHE = Symbol.for('servedFromResponseCache');

/** How many documents' digests are remembered: far more than the site's operations, bounded for partners' ones. */
const MAX_DIGESTS = 1000;

/**
 * Each document's SHA-256, remembered: the cache key is asked of every guest request, and the same few documents
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

/** The JSON text of each kept result's data, made on its first hit. */
const dataTexts = new WeakMap<object, string>();

/**
 * How a kept result is written: its data's JSON text is made once and reused by every hit. Yoga would otherwise
 * serialize the same result again for each request (for the first catalogue page, about a fifth of the gateway's
 * time per response). Anything but plain data and extensions (never kept: errors) is written as usual.
 *
 * What it earns (`npm run bench -- --only gateway`, 10 clients): the cached catalogue page 4,190 times a second
 * (mean of four runs, 3,726-4,763) against 3,320 (three runs, 3,212-3,492) when Yoga serializes each hit. See
 * docs/benchmarks.md.
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
 * Gives a kept result its writer. Yoga writes a result with the result's own `stringify` when it has one, and
 * each hit is a copy of the kept result's properties, so the writer travels with every hit (JSON ignores it).
 */
function keptResult<T>(result: T): T {
  if (result !== null && typeof result === 'object' && !('stringify' in result)) {
    Object.defineProperty(result, 'stringify', { value: stringifyKept, enumerable: true });
  }
  return result;
}

/** A guest GET whose result is kept, found again by its address (see Shortcuts). */
export interface Shortcut {
  /** The response cache's key of the result it was given. */
  cacheKey: string;
  /** The media type Yoga served it in, as the request's Accept header asked. */
  mediaType: string;
  /** The operation's name and document, for the request's log line and metrics. */
  operationName: string | null;
  query: string;
}

/** How many addresses one second's shortcuts hold: far more than the site's pages, bounded against a flood. */
const MAX_SHORTCUTS = 2000;

/**
 * The guest GETs whose result is kept this second, by their Accept header and address (which hold the whole request:
 * document or doc_id, variables, operation name). Another GET with the same two within the second is the same
 * request, so it gets the same kept result without Yoga parsing its address, resolving its doc_id, checking its
 * variables or hashing its key: on the site's catalogue pages those steps cost as much as the response itself. Only a
 * request that went all the way through and left its result kept is remembered, so every check it passed on the way
 * (persisted operations only, input limits, no mutation over GET) holds for its repeats; the checks that depend on
 * more than the address (CSRF, the rate limit) are asked of each repeat before it is served. Each second starts
 * empty, as the cache keys do.
 *
 * What it earns (`npm run bench -- --only gateway`, 10 clients for 5 s): the cached catalogue page is served
 * 3,900 times a second (two runs: 3,726 and 4,120) against 2,543 without the shortcut, 0.45× a bare Yoga `{ hello }`
 * where the budget asks 0.5×. See docs/benchmarks.md.
 */
class Shortcuts {
  private second = -1;
  private byAddress = new Map<string, Shortcut>();

  get(second: number, request: Request): Shortcut | undefined {
    if (second !== this.second) {
      this.second = second;
      this.byAddress = new Map();
    }
    return this.byAddress.get(addressOf(request));
  }

  /** Remembered only while its second lasts: a request that straddled two is not worth keeping. */
  set(second: number, request: Request, shortcut: Shortcut): void {
    if (second === this.second && this.byAddress.size < MAX_SHORTCUTS) {
      this.byAddress.set(addressOf(request), shortcut);
    }
  }
}

/** The media types processRegularResult writes a whole result in, as a shortcut serves it. */
const WHOLE_MEDIA_TYPES = new Set(['application/json', 'application/graphql-response+json']);

const addressOf = (request: Request) => `${request.headers.get('accept') ?? ''} ${request.url}`;

/** A guest's GET on its way through: its cache key, and the second that key is for (see Shortcuts). */
interface Pending extends Omit<Shortcut, 'mediaType'> {
  second: number;
}

export interface GuestResponsesOptions {
  ttlMs: number;
  showHits: boolean;
  clock: () => Date;
  /** The public reads these results are built from: clearing them clears these too. */
  publicCache: PublicCache;
  /** The results every replica shares (Redis), behind this process's own; none: this process's only. */
  shared?: SharedResponses | null;
  /** Told whether each lookup found a result (for the cache metrics). */
  onLookup?: (hit: boolean) => void;
  /** Told of each request served by a shortcut, which none of the operation hooks see (for its log line). */
  onShortcut?: (request: Request, shortcut: Shortcut) => void;
  /** What else a result from the cache says (EXPOSE_UPSTREAM_CALLS: that it made no upstream call). */
  decorateHit?: (result: ExecutionResult) => ExecutionResult;
  /**
   * Whether a request passes the checks the whole pipeline would make of it beyond its address (CSRF, the rate
   * limit), asked before a shortcut serves it; false leaves it to the pipeline, which refuses it. Default: none.
   */
  admits?: (request: Request, serverContext: unknown) => boolean | Promise<boolean>;
}

/** What the two plugins share: the kept results (replaced whole when the public reads are cleared) and the keys. */
interface GuestResponses {
  results: Cache;
  shortcuts: Shortcuts;
  pending: WeakMap<Request, Pending>;
  digests: DocumentDigests;
  secondNow: () => number;
}

/** A kept result as a hit is written: as Yoga's response cache writes it, then as the gateway's plugins do. */
function asHit(kept: ExecutionResult, options: GuestResponsesOptions): ExecutionResult {
  let hit: ExecutionResult = { ...kept, [SERVED_FROM_CACHE]: true } as ExecutionResult;
  if (options.showHits) hit = resultWithMetadata(hit, { hit: true });
  return options.decorateHit ? options.decorateHit(hit) : hit;
}

/** The plugin that serves a guest's GET repeated this second by its address alone (see Shortcuts). */
function shortcutPlugin(state: GuestResponses, options: GuestResponsesOptions): Plugin {
  /** The kept result a guest's GET repeats this second, if any. */
  const shortcutFor = (request: Request): { found: Shortcut; kept: ExecutionResult } | null => {
    if (request.method !== 'GET' || !isGuestRequest(request)) return null;
    const found = state.shortcuts.get(state.secondNow(), request);
    const kept = found && (state.results.get(found.cacheKey) as ExecutionResult | null | undefined);
    return found && kept ? { found, kept } : null;
  };
  return {
    // Before Yoga reads anything of the request: after the request id (the observer) and CORS hooks, and once the
    // checks that depend on more than the address (admits) have let it in.
    onRequest({ request, serverContext, endResponse, fetchAPI }) {
      const hit = shortcutFor(request);
      if (!hit) return;
      const serve = () => {
        options.onLookup?.(true);
        options.onShortcut?.(request, hit.found);
        endResponse(processRegularResult(asHit(hit.kept, options), fetchAPI, hit.found.mediaType));
      };
      const admitted = options.admits ? options.admits(request, serverContext) : true;
      if (admitted === true) return serve();
      if (admitted === false) return;
      return admitted.then((yes) => {
        if (yes) serve();
      });
    },
    // Once a result is kept under the request's key, the same request would be served it through the whole
    // pipeline: from then on its address is enough. Only the media type is taken from this response (it depends on
    // the Accept header alone); the body a shortcut gets is always the kept result's, written as a hit. Only a whole
    // (JSON) response makes a shortcut: one sent in parts (@defer or @stream: multipart/mixed, text/event-stream) is
    // kept merged, and the pipeline writes that hit as its media type asks (JSON when accepted, else one part).
    onResponse({ request, response }) {
      const record = state.pending.get(request);
      if (!record || response.status !== 200 || !state.results.get(record.cacheKey)) return;
      const mediaType = response.headers.get('content-type')?.split(';')[0];
      if (!mediaType || !WHOLE_MEDIA_TYPES.has(mediaType)) return;
      const { second, ...found } = record;
      state.shortcuts.set(second, request, { ...found, mediaType });
    },
  };
}

/** This process's results first; with Redis, then the other replicas' (kept here for the rest of their TTL). */
function layeredCache(state: GuestResponses, options: GuestResponsesOptions): Cache {
  const shared = options.shared ?? null;
  return {
    get: (key) => {
      const hit = state.results.get(key);
      if (hit || !shared) {
        options.onLookup?.(hit !== undefined && hit !== null);
        return hit;
      }
      return shared.get(key).then((found) => {
        options.onLookup?.(found !== null && found !== undefined);
        if (!found) return undefined;
        void state.results.set(key, keptResult(found.result), [], found.ttlMs);
        return found.result as Awaited<ReturnType<Cache['get']>>;
      });
    },
    set: (key, result, entities, ttl) => {
      void shared?.set(key, result, ttl);
      return state.results.set(key, keptResult(result), entities, ttl);
    },
    invalidate: (entities) => state.results.invalidate(entities),
  };
}

/**
 * A result's key. The gateway clock's second is part of it: a result that says how long until a tournament starts,
 * or whether a promotion has ended, is exact to the second whatever the TTL (and follows a clock moved in tests). The
 * document is the one a persisted request's doc_id names (persisted-operations.ts runs first and puts it in the
 * request), so an id and the same document sent whole share a result and two ids never do.
 */
function responseCacheKey(state: GuestResponses): BuildResponseCacheKeyFunction {
  return ({ documentString, variableValues, operationName, request }) => {
    // Asked of every request. A player's is never looked up (enabled is false); were it ever, a key of its own
    // could match nothing, so it is not worth hashing the document for. Nor is a request with no document, or
    // with a query that is not a string ({"query": 5}: asked before Yoga refuses it with 400).
    if (!isGuestRequest(request) || typeof documentString !== 'string' || documentString === '') {
      return randomUUID();
    }
    const second = state.secondNow();
    const cacheKey = createHash('sha256')
      .update(`${second}|${operationName ?? ''}|`)
      .update(state.digests.of(documentString))
      .update(`|${JSON.stringify(variableValues ?? {})}`)
      .digest('base64url');
    if (request.method === 'GET') {
      state.pending.set(request, {
        cacheKey,
        second,
        operationName: operationName ?? null,
        query: documentString,
      });
    }
    return cacheKey;
  };
}

/**
 * Public reads cost nothing: a guest's repeated query (the catalogue, providers, filters, promotions, banners, news,
 * latest wins, tournaments) is served from memory before it is parsed, validated or executed, with no upstream
 * call, for up to `ttlMs`. Results with errors are never stored. Off when the public caches are off (ttlMs 0). A
 * query answered in parts (@defer, @stream) is kept merged once its last part is in (envelop's response cache
 * merges them), and a repeat gets it whole: JSON when the request accepts it, else in one part.
 */
export function cacheGuestResponses(options: GuestResponsesOptions): Plugin[] {
  const ttl = Math.min(options.ttlMs, GUEST_RESPONSE_TTL_MS);
  if (ttl <= 0) return [];
  const state: GuestResponses = {
    results: createInMemoryCache(),
    shortcuts: new Shortcuts(),
    pending: new WeakMap(),
    digests: new DocumentDigests(),
    secondNow: () => Math.floor(options.clock().getTime() / 1000),
  };
  options.publicCache.alsoClear(() => (state.results = createInMemoryCache()));
  const responseCache = useResponseCache({
    cache: layeredCache(state, options),
    enabled: (request) => isGuestRequest(request),
    // Every cached result is a guest's: one shared session.
    session: () => null,
    buildResponseCacheKey: responseCacheKey(state),
    ttl,
    ttlPerSchemaCoordinate: { Tournament: Math.min(ttl, TOURNAMENT_RESPONSE_TTL_MS) },
    // Must stay on: with it off, the plugin stores a guest's mutation results like queries, so a second
    // forgotPassword (or login) within the TTL would be served from here without reaching the casino or the rate
    // limits, and with Redis another replica would serve it. A player's change never shows in a guest's result
    // (the TTL alone bounds that); what a guest's mutation invalidates here is only this process's copies.
    invalidateViaMutation: true,
    // With EXPOSE_UPSTREAM_CALLS a result says whether it came from here (extensions.responseCache.hit).
    includeExtensionMetadata: options.showHits,
  }) as Plugin;
  return [responseCache, shortcutPlugin(state, options)];
}
