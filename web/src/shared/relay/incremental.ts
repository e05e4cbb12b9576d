import type { GraphQLSingularResponse, PayloadData, PayloadError } from 'relay-runtime';

/*
 * An incremental response (a query with @defer or @stream, docs/architecture.md#incremental-delivery): the gateway
 * (Yoga's defer-stream plugin) answers in parts of a multipart/mixed body, the GraphQL over HTTP incremental
 * delivery format of 2022-08-24. The first part is the query's result without its deferred fragments, `{ data,
 * errors?, hasNext: true }`; each later one brings some of them, `{ incremental: [{ data, path, label, errors? } |
 * { items, path, label, errors? }], hasNext }`. Relay's network layer takes each deferred fragment or streamed item
 * as a payload of its own, `{ data, path, label, errors? }` (relay-runtime's OperationExecutor: a payload with a
 * `label` and a `path` is incremental). Loaded only when a response is multipart, so screens without a deferred part
 * ship none of it (tests/e2e/bundle.test.ts).
 */

interface IncrementalItem {
  data?: PayloadData | null;
  items?: PayloadData[] | null;
  path: (string | number)[];
  label?: string;
  errors?: PayloadError[];
  extensions?: Record<string, unknown>;
}

/** One part of the body as the gateway sends it. */
interface Part {
  data?: PayloadData | null;
  errors?: PayloadError[];
  extensions?: Record<string, unknown>;
  incremental?: IncrementalItem[];
  hasNext?: boolean;
}

/** A multipart/mixed body's parts, each parsed as JSON, as they arrive. */
async function* multipartParts(response: Response): AsyncGenerator<Part> {
  const boundary = /boundary="?([^";]+)"?/i.exec(response.headers.get('content-type') ?? '')?.[1];
  if (!boundary || !response.body) throw new Error('A multipart response without a boundary or body.');
  const delimiter = `\r\n--${boundary}`;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  // The first delimiter may open the body without a line break before it (RFC 2046): one is put there.
  let buffer = '\r\n';
  let opened = false;
  try {
    for (;;) {
      let at: number;
      while ((at = buffer.indexOf(delimiter)) !== -1) {
        // Before the first delimiter is the preamble, read by no one; after it, a part's headers and JSON body.
        const part = buffer.slice(0, at);
        buffer = buffer.slice(at + delimiter.length);
        if (opened) {
          const body = part.slice(part.indexOf('\r\n\r\n') + 4).trim();
          if (body) yield JSON.parse(body) as Part;
        }
        opened = true;
        // The closing delimiter (`--` after the boundary): the rest is an epilogue.
        if (buffer.startsWith('--')) return;
      }
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
}

/** One part in Relay's form: the payloads it holds (none for a last part that only says it is the last). */
export function relayPayloads(part: Part): GraphQLSingularResponse[] {
  const { incremental, hasNext: _, ...result } = part;
  if (!incremental) return 'data' in result || result.errors ? [result as GraphQLSingularResponse] : [];
  return incremental.flatMap((item): GraphQLSingularResponse[] => {
    const { label = '', path, errors, extensions } = item;
    const extra = { ...(errors ? { errors } : {}), ...(extensions ? { extensions } : {}) };
    if (item.items) {
      // A streamed list's items from the index at the end of `path` on: one payload per item, at its own index.
      const parent = path.slice(0, -1);
      const start = Number(path[path.length - 1]);
      return item.items.map((data, i) => ({ data, label, path: [...parent, start + i], ...extra }));
    }
    // A deferred fragment that failed as a whole (a non-null field in it failed) has no data: Relay would fail the
    // whole query for it, so it is left out and the fragment reads as missing once the response ends.
    if (item.data == null) return [];
    return [{ data: item.data, label, path, ...extra }];
  });
}

/**
 * A multipart response's results in Relay's form, a list per part as they arrive: the first part's result first.
 * Each comes with its part's errors (the first part's and its deferred fragments'), which the caller checks
 * (UNAUTHENTICATED).
 */
export async function* incrementalResults(
  response: Response,
): AsyncGenerator<{ payloads: GraphQLSingularResponse[]; errors: PayloadError[] }> {
  for await (const part of multipartParts(response)) {
    const errors = [part.errors ?? [], ...(part.incremental ?? []).map((item) => item.errors ?? [])].flat();
    yield { payloads: relayPayloads(part), errors };
    if (part.hasNext === false) return;
  }
}
