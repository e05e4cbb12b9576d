import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { Plugin } from 'graphql-yoga';
import { addVary } from './vary.js';

const gzip = promisify(gzipCallback);

/** Below this the gzip header and the CPU cost more than the bytes saved. */
const MIN_BYTES = 1024;
/** Whole JSON answers only: a stream (SSE, multipart) must not wait in a compressor's buffer. */
const COMPRESSIBLE = /^application\/(?:graphql-response\+)?json\b/i;

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
 * GraphQL answers of 1 KiB and more are gzipped for clients that accept it: a screen's query answer (a home page's
 * games, banners and wins is about 15 KB of JSON) shrinks to about a fifth, which a phone on a slow link feels.
 * The answer is whole before it is sent, so it is gzipped whole, in libuv's thread pool, rather than piped through a
 * web CompressionStream (whose stream machinery cost more than the gzip). Requests are not decompressed: a
 * compressed body would only help a sender of very large operations, which the limits refuse anyway.
 */
export function compressResponses(): Plugin {
  return {
    onResponse({ request, response, setResponse, fetchAPI }) {
      // Judged by the headers alone: reading `response.body` would turn a finished answer's text into a stream.
      if (response.headers.has('content-encoding')) return;
      if (!COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return;
      if (!(Number(response.headers.get('content-length')) >= MIN_BYTES)) return;
      // A cache between us and the client keeps the two forms apart.
      addVary(response.headers, 'Accept-Encoding');
      if (!acceptsGzip(request.headers.get('accept-encoding'))) return;
      return response.arrayBuffer().then(async (body) => {
        const zipped = await gzip(new Uint8Array(body));
        const headers = new fetchAPI.Headers(response.headers);
        headers.set('content-encoding', 'gzip');
        headers.set('content-length', String(zipped.byteLength));
        setResponse(new fetchAPI.Response(zipped, { status: response.status, headers }));
      });
    },
  };
}
