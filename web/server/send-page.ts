import type { IncomingMessage, ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { PageDocument } from './page-document.js';
import type { RenderedPage } from './render-page.js';

/**
 * Sends a rendered page (docs/architecture.md#server-rendering) as it comes: the document's start (head, shell and
 * starter) at once, each later part of a streamed page as the render gives it, then the records and the end.
 * Compressed as the browser accepts (brotli at a quick level: a page is made per request, unlike the build's files,
 * precompressed at the strongest), each piece flushed through the compressor on its own, so the browser gets the
 * shell while the slow part is still being rendered rather than once the compressor's buffer fills. Always
 * revalidated: it holds the minute's data. A browser that goes away stops the render.
 */
export async function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: RenderedPage,
  document: PageDocument,
): Promise<void> {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  res.writeHead(page.status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    // Save-Data: a page for a browser saving data has the small art (./low-data.ts). User-Agent: a crawler's page
    // comes whole, a browser's streamed (./crawler.ts).
    Vary: 'Accept-Encoding, Cookie, Save-Data, User-Agent',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  });
  if (req.method === 'HEAD') {
    page.abort();
    return void res.end();
  }
  const gone = () => page.abort();
  res.once('close', gone);
  const out = compressor(encoding);
  if (out) out.pipe(res);
  const sink: Writable = out ?? res;
  const closed = once(res, 'close').catch(() => {});
  const write = async (text: string) => {
    if (res.destroyed) return;
    const more = sink.write(text);
    // A sync flush: the compressed bytes so far go out now, and the stream goes on with the same dictionary.
    out?.flush(encoding === 'gzip' ? zlib.constants.Z_SYNC_FLUSH : zlib.constants.BROTLI_OPERATION_FLUSH);
    if (!more) await Promise.race([once(sink, 'drain'), closed]);
  };
  await write(document.start);
  for await (const chunk of page.rest) await write(chunk);
  res.off('close', gone);
  if (res.destroyed) return void out?.destroy();
  sink.end(document.end(page.records()));
  if (!res.writableFinished) await once(res, 'finish').catch(() => {});
}

function compressor(encoding: 'br' | 'gzip' | null): zlib.BrotliCompress | zlib.Gzip | null {
  if (encoding === 'br') {
    return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (encoding === 'gzip') return zlib.createGzip({ level: 6 });
  return null;
}
