import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';

/** Whether a /graphql request may be sent to the gateway a second time: doing it twice changes nothing. */
export type SafeToRepeat = (req: IncomingMessage, body: Buffer | null) => boolean;

/**
 * Where the site's build leaves its persisted operations for the site server (web/build/server-operations.ts):
 * relay-compiler's file, each operation's id and its document.
 */
const SERVER_OPERATIONS_FILE = path.join('.server', 'persisted-operations.json');

/** The body key Relay's persisted queries use for an operation's id (gateway/src/operations/persisted-operations.ts). */
const DOC_ID = 'doc_id';

/**
 * Which /graphql requests are safe to repeat (graphql-proxy.ts sends those to another replica when their
 * connection failed before a response):
 * - a GET, HEAD or OPTIONS: the gateway runs no mutation over GET (GraphQL over HTTP; Yoga answers 405);
 * - a POST of persisted queries (`doc_id`), known as queries from the build's own list of the site's operations;
 * - a POST of documents with no `mutation` or `subscription` in them at all: an operation of either kind starts
 *   with that keyword, and GraphQL's names are exactly the characters `\w` matches, so the word not appearing
 *   anywhere (strings and comments included) proves there is none. A document that merely mentions the word is
 *   not repeated: that costs nothing but the retry.
 * Anything else (a body that is not JSON, an unknown id, a mutation) is not.
 */
export function safeToRepeat(distDir: string): SafeToRepeat {
  const queries = persistedQueries(path.join(distDir, SERVER_OPERATIONS_FILE));
  const safeOperation = (params: unknown): boolean => {
    if (typeof params !== 'object' || params === null) return false;
    const { [DOC_ID]: id, query } = params as Record<string, unknown>;
    if (typeof id === 'string') return queries.has(id);
    return typeof query === 'string' && !/\b(?:mutation|subscription)\b/.test(query);
  };
  return (req, body) => {
    const method = req.method ?? 'GET';
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return true;
    if (method !== 'POST' || !body) return false;
    let params: unknown;
    try {
      params = JSON.parse(body.toString('utf8'));
    } catch {
      return false;
    }
    // A batch is safe when each of its operations is.
    return Array.isArray(params) ? params.length > 0 && params.every(safeOperation) : safeOperation(params);
  };
}

/** The ids of the build's persisted queries; none when the build has no list (a build from before it had one). */
function persistedQueries(file: string): Set<string> {
  let operations: unknown;
  try {
    operations = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return new Set();
  }
  if (typeof operations !== 'object' || operations === null) return new Set();
  return new Set(
    Object.entries(operations)
      .filter(([, text]) => typeof text === 'string' && /^\s*query\b/.test(text))
      .map(([id]) => id),
  );
}
