import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context.js';
import { findImage, type ImageResponse } from '../art/images.js';
import { notFound } from '../http/errors.js';
import { byteRange, etagMatches } from '../http/ranges.js';

/** The art for an address never changes (a change of art is a new address), so browsers and CDNs keep it a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The catalogue's images: GET /images/<kind>/<name>.webp (?w= half the design width for phones) as generated WebP
 * art, and the banner video (.mp4) with byte ranges. Unknown addresses are a JSON 404 like every other route.
 */
export function register(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/images/*', async (req, reply) => {
    const address = `/images/${(req.params as { '*': string })['*']}`;
    const { w } = req.query as { w?: unknown };
    const image = findImage(ctx.db, address, typeof w === 'string' && /^\d{1,5}$/.test(w) ? Number(w) : null);
    if (!image) throw notFound('Image');

    reply.header('Cache-Control', CACHE_CONTROL);
    reply.header('ETag', image.etag);
    // Pages may read the art's sizes in their Resource Timing: the site's data meter counts them
    // (web/src/shared/low-data/meter.ts), where a response of another origin would otherwise report none.
    reply.header('Timing-Allow-Origin', '*');
    if (etagMatches(req.headers['if-none-match'], image.etag)) return reply.status(304).send();
    if (image.type === 'video') return sendVideo(req, reply, image);
    return reply.type('image/webp').send(await image.render());
  });
}

function sendVideo(
  req: FastifyRequest,
  reply: FastifyReply,
  video: Extract<ImageResponse, { type: 'video' }>,
) {
  const size = video.body.length;
  reply.type('video/mp4').header('Accept-Ranges', 'bytes');
  const ifRange = req.headers['if-range'] as string | undefined;
  const range = byteRange(req.headers.range, size, { ifRange, etag: video.etag });
  if (range.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('Content-Range', `bytes */${size}`)
      .type('application/json; charset=utf-8')
      .send({ error: 'The requested range is outside the file.' });
  }
  if (range.kind === 'whole') return reply.send(video.body);
  return reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .send(video.body.subarray(range.start, range.end + 1));
}
