/**
 * Byte ranges (RFC 9110 §14), enough for a browser playing a video: it asks for `bytes=0-` first and then for the
 * pieces it seeks to. One range per request; a list of ranges is served whole, which the RFC allows.
 */

export type RangeResult =
  { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * What to send for a Range header over `size` bytes. `ifRange` and `etag` implement If-Range: a range asked
 * against another version of the file gets the whole (current) file instead.
 */
export function byteRange(
  header: string | undefined,
  size: number,
  { ifRange, etag }: { ifRange?: string | undefined; etag: string },
): RangeResult {
  if (!header || (ifRange !== undefined && ifRange !== etag)) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // A unit other than bytes, a list of ranges or a malformed header: ignored, as the RFC asks.
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  const [, first, last] = match;
  if (first === '') {
    // bytes=-N: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'whole' };
  return { kind: 'part', start, end };
}

/** Whether an If-None-Match header names `etag` (or is `*`), so a 304 is the response. Weak comparison, as for GET. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
