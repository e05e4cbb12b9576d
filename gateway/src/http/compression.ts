import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { Plugin } from 'graphql-yoga';
import { isGuestRequest } from '../operations/response-cache.js';
import { addVary } from './vary.js';

const gzip = promisify(gzipCallback);

/** Below this the gzip header and the CPU cost more than the bytes saved. */
const MIN_BYTES = 1024;
/** Whole JSON responses only: a stream (SSE, multipart) must not wait in a compressor's buffer. */
const COMPRESSIBLE = /^application\/(?:graphql-response\+)?json\b/i;

/** How many guests' responses are kept gzipped: the site's pages and a margin, the oldest forgotten first. */
const KEPT_GZIPPED = 64;

/**
 * The gzipped form of guests' GET responses, by their text. A guest's query is public data asked again and again (the
 * guests' response cache gives every guest the same text), and gzipping it again for each browser cost more than all
 * the rest of serving it: a cached catalogue page was served about 17,000 times a second without Accept-Encoding and
 * 7,000 with a browser's, 12,600-13,100 with its gzipped form kept. Found by the whole text, so a response only ever
 * gets its own bytes back; a player's response, or a mutation's (POST), is never kept.
 */
class GzippedResponses {
  private readonly byText = new Map<string, Uint8Array<ArrayBuffer>>();

  async of(text: string, keep: boolean): Promise<Uint8Array<ArrayBuffer>> {
    const kept = keep ? this.byText.get(text) : undefined;
    if (kept) return kept;
    const zipped = new Uint8Array(await gzip(text));
    if (keep) {
      if (this.byText.size >= KEPT_GZIPPED) this.byText.delete(this.byText.keys().next().value!);
      this.byText.set(text, zipped);
    }
    return zipped;
  }
}

/** Whether an Accept-Encoding header accepts gzip (named, or `*`, with a q-value above 0). */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * GraphQL responses of 1 KiB and more are gzipped for clients that accept it: a screen's query response (a home page's
 * games, banners and wins is about 15 KB of JSON) shrinks to about a fifth, which a phone on a slow link feels.
 * The response is whole before it is sent, so it is gzipped whole, in libuv's thread pool, rather than piped through a
 * web CompressionStream (whose stream machinery cost more than the gzip). Requests are not decompressed: a
 * compressed body would only help a sender of very large operations, which the limits refuse anyway.
 */
export function compressResponses(): Plugin {
  const guests = new GzippedResponses();
  return {
    onResponse({ request, response, setResponse, fetchAPI }) {
      // Judged by the headers alone: reading `response.body` would turn a finished response's text into a stream.
      if (response.headers.has('content-encoding')) return;
      if (!COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return;
      if (!(Number(response.headers.get('content-length')) >= MIN_BYTES)) return;
      // A cache between us and the client keeps the two forms apart.
      addVary(response.headers, 'Accept-Encoding');
      if (!acceptsGzip(request.headers.get('accept-encoding'))) return;
      const keep = request.method === 'GET' && isGuestRequest(request);
      return response.text().then(async (body) => {
        const zipped = await guests.of(body, keep);
        const headers = new fetchAPI.Headers(response.headers);
        headers.set('content-encoding', 'gzip');
        headers.set('content-length', String(zipped.byteLength));
        setResponse(new fetchAPI.Response(zipped, { status: response.status, headers }));
      });
    },
  };
}
