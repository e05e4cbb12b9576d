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
import { bearerToken } from '../context.js';
import type { PublicCache } from '../upstream/public-cache.js';
import type { SharedAnswers } from '../upstream/shared-cache.js';

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

/** How Yoga's response cache marks an answer it served (@graphql-yoga/plugin-response-cache). */
export const SERVED_FROM_CACHE = Symbol.for('servedFromResponseCache');

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

/** A guest GET whose answer is kept, found again by its address (see Shortcuts). */
export interface Shortcut {
  /** The answer cache's key of the answer it was given. */
  cacheKey: string;
  /** The media type Yoga answered it in, as the request's Accept header asked. */
  mediaType: string;
  /** The operation's name and document, for the request's log line and metrics. */
  operationName: string | null;
  query: string;
}

/** How many addresses one second's shortcuts hold: far more than the site's pages, bounded against a flood. */
const MAX_SHORTCUTS = 2000;

/**
 * The guest GETs whose answer is kept this second, by their Accept header and address (which hold the whole request:
 * document or doc_id, variables, operation name). Another GET with the same two within the second is the same
 * request, so it gets the same kept answer without Yoga parsing its address, resolving its doc_id, checking its
 * variables or hashing its key: on the site's catalogue pages those steps cost as much as the answer itself. Only a
 * request that went all the way through and left its answer kept is remembered, so every check it passed on the way
 * (persisted operations only, input limits, no mutation over GET) holds for its repeats; the checks that depend on
 * more than the address (CSRF, the rate limit) are asked of each repeat before it is answered. Each second starts
 * empty, as the answer keys do.
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

const addressOf = (request: Request) => `${request.headers.get('accept') ?? ''} ${request.url}`;

/** A guest's GET on its way through: its answer key, and the second that key is for (see Shortcuts). */
interface Pending extends Omit<Shortcut, 'mediaType'> {
  second: number;
}

export interface GuestAnswersOptions {
  ttlMs: number;
  showHits: boolean;
  clock: () => Date;
  /** The public reads these answers are built from: clearing them clears these too. */
  publicCache: PublicCache;
  /** The answers every replica shares (Redis), behind this process's own; none: this process's only. */
  shared?: SharedAnswers | null;
  /** Told whether each lookup found an answer (for the cache metrics). */
  onLookup?: (hit: boolean) => void;
  /** Told of each request answered by a shortcut, which none of the operation hooks see (for its log line). */
  onShortcut?: (request: Request, shortcut: Shortcut) => void;
  /** What else an answer from the cache says (EXPOSE_UPSTREAM_CALLS: that it made no upstream call). */
  decorateHit?: (result: ExecutionResult) => ExecutionResult;
  /**
   * Whether a request passes the checks the whole pipeline would make of it beyond its address (CSRF, the rate
   * limit), asked before a shortcut answers it; false leaves it to the pipeline, which refuses it. Default: none.
   */
  admits?: (request: Request, serverContext: unknown) => boolean | Promise<boolean>;
}

/** What the two plugins share: the kept answers (replaced whole when the public reads are cleared) and the keys. */
interface GuestAnswers {
  answers: Cache;
  shortcuts: Shortcuts;
  pending: WeakMap<Request, Pending>;
  digests: DocumentDigests;
  secondNow: () => number;
}

/** A kept answer as a hit is written: as Yoga's response cache writes it, then as the gateway's plugins do. */
function asHit(kept: ExecutionResult, options: GuestAnswersOptions): ExecutionResult {
  let hit: ExecutionResult = { ...kept, [SERVED_FROM_CACHE]: true } as ExecutionResult;
  if (options.showHits) hit = resultWithMetadata(hit, { hit: true });
  return options.decorateHit ? options.decorateHit(hit) : hit;
}

/** The plugin that answers a guest's GET repeated this second by its address alone (see Shortcuts). */
function shortcutPlugin(state: GuestAnswers, options: GuestAnswersOptions): Plugin {
  /** The kept answer a guest's GET repeats this second, if any. */
  const shortcutFor = (request: Request): { found: Shortcut; kept: ExecutionResult } | null => {
    if (request.method !== 'GET' || !isGuestRequest(request)) return null;
    const found = state.shortcuts.get(state.secondNow(), request);
    const kept = found && (state.answers.get(found.cacheKey) as ExecutionResult | null | undefined);
    return found && kept ? { found, kept } : null;
  };
  return {
    // Before Yoga reads anything of the request: after the request id (the observer) and CORS hooks, and once the
    // checks that depend on more than the address (admits) have let it in.
    onRequest({ request, serverContext, endResponse, fetchAPI }) {
      const hit = shortcutFor(request);
      if (!hit) return;
      const answer = () => {
        options.onLookup?.(true);
        options.onShortcut?.(request, hit.found);
        endResponse(processRegularResult(asHit(hit.kept, options), fetchAPI, hit.found.mediaType));
      };
      const admitted = options.admits ? options.admits(request, serverContext) : true;
      if (admitted === true) return answer();
      if (admitted === false) return;
      return admitted.then((yes) => {
        if (yes) answer();
      });
    },
    // Once an answer is kept under the request's key, the same request would be answered it through the whole
    // pipeline: from then on its address is enough. Only the media type is taken from this answer (it depends on
    // the Accept header alone); the body a shortcut gets is always the kept answer's, written as a hit.
    onResponse({ request, response }) {
      const record = state.pending.get(request);
      if (!record || response.status !== 200 || !state.answers.get(record.cacheKey)) return;
      const mediaType = response.headers.get('content-type')?.split(';')[0];
      if (!mediaType) return;
      const { second, ...found } = record;
      state.shortcuts.set(second, request, { ...found, mediaType });
    },
  };
}

/** This process's answers first; with Redis, then the other replicas' (kept here for the rest of their TTL). */
function layeredCache(state: GuestAnswers, options: GuestAnswersOptions): Cache {
  const shared = options.shared ?? null;
  return {
    get: (key) => {
      const hit = state.answers.get(key);
      if (hit || !shared) {
        options.onLookup?.(hit !== undefined && hit !== null);
        return hit;
      }
      return shared.get(key).then((found) => {
        options.onLookup?.(found !== null && found !== undefined);
        if (!found) return undefined;
        void state.answers.set(key, keptAnswer(found.answer), [], found.ttlMs);
        return found.answer as Awaited<ReturnType<Cache['get']>>;
      });
    },
    set: (key, result, entities, ttl) => {
      void shared?.set(key, result, ttl);
      return state.answers.set(key, keptAnswer(result), entities, ttl);
    },
    invalidate: (entities) => state.answers.invalidate(entities),
  };
}

/**
 * An answer's key. The gateway clock's second is part of it: an answer that says how long until a tournament starts,
 * or whether a promotion has ended, is exact to the second whatever the TTL (and follows a clock moved in tests). The
 * document is the one a persisted request's doc_id names (persisted-operations.ts runs first and puts it in the
 * request), so an id and the same document sent whole share an answer and two ids never do.
 */
function answerKey(state: GuestAnswers): BuildResponseCacheKeyFunction {
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
 * latest wins, tournaments) is answered from memory before it is parsed, validated or executed, with no upstream
 * call, for up to `ttlMs`. Answers with errors are never stored. Off when the public caches are off (ttlMs 0).
 */
export function cacheGuestAnswers(options: GuestAnswersOptions): Plugin[] {
  const ttl = Math.min(options.ttlMs, GUEST_ANSWER_TTL_MS);
  if (ttl <= 0) return [];
  const state: GuestAnswers = {
    answers: createInMemoryCache(),
    shortcuts: new Shortcuts(),
    pending: new WeakMap(),
    digests: new DocumentDigests(),
    secondNow: () => Math.floor(options.clock().getTime() / 1000),
  };
  options.publicCache.alsoClear(() => (state.answers = createInMemoryCache()));
  const answerCache = useResponseCache({
    cache: layeredCache(state, options),
    enabled: (request) => isGuestRequest(request),
    // Every cached answer is a guest's: one shared session.
    session: () => null,
    buildResponseCacheKey: answerKey(state),
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
  return [answerCache, shortcutPlugin(state, options)];
}
