import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { GraphQLError, parse } from 'graphql';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import { z } from 'zod';
import type { Partner } from '../partners/partner.js';
import { partnerDocument } from '../partners/trusted-operations.js';

/**
 * Where `npm run relay -w web` (run by the site's build) writes the site's operations: relay.config.js's
 * persistConfig. The gateway reads it from there unless PERSISTED_OPERATIONS_FILE names another.
 */
export const SITE_PERSISTED_OPERATIONS = fileURLToPath(
  new URL('../../../web/src/__generated__/persisted-operations.json', import.meta.url),
);

/** A persisted operations file the operator must fix or build: the gateway does not start (exit code 2). */
export class PersistedOperationsError extends Error {}

/** The body key Relay's persisted queries use for an operation's id (the compiler's SHA-256 of its text). */
export const DOC_ID = 'doc_id';

/** relay-compiler's file: each operation's id and its document text. */
const PersistedFile = z.record(z.string(), z.string().min(1, 'has no document text'));
/** relay-compiler's ids are hex digests; anything else in the file is not its output. */
const OPERATION_ID = /^[A-Za-z0-9_-]{1,128}$/;

const requestError = (message: string, code: string) =>
  new GraphQLError(message, { extensions: { code, http: { status: 400, spec: true } } });

/** The responses a client gets, the same over HTTP and graphql-ws. */
export const refusals = {
  unknownId: () =>
    requestError(
      'Unknown operation id (doc_id): the site may have been updated, reload the page.',
      'PERSISTED_QUERY_NOT_FOUND',
    ),
  documentNotAllowed: () =>
    requestError(
      "This gateway runs only the site's persisted operations: send a doc_id instead of a query.",
      'PERSISTED_QUERY_ONLY',
    ),
  idRequired: () => requestError("Send the operation's doc_id.", 'PERSISTED_QUERY_ID_REQUIRED'),
  nothingToRun: () => requestError('Must provide a query or a doc_id.', 'BAD_REQUEST'),
};

/**
 * Reads and checks a persisted operations file; a message naming the file and what is wrong with it otherwise.
 * Every document must parse, so a broken build stops the start rather than failing players one screen at a time.
 */
function readFile(file: string): Map<string, string> | string {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read';
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'is not JSON';
  }
  const parsed = PersistedFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return issue.path.length
      ? `has an entry ${JSON.stringify(String(issue.path[0]))} that ${issue.message}`
      : "must map each operation's id to its document text (relay-compiler's persistConfig file)";
  }
  const documents = new Map(Object.entries(parsed.data));
  for (const [id, document] of documents) {
    if (!OPERATION_ID.test(id)) {
      return `has an entry ${JSON.stringify(id)} that is not an operation id (letters, digits, - and _)`;
    }
    try {
      parse(document, { noLocation: true });
    } catch {
      return `has an operation ${id} that is not a GraphQL document`;
    }
  }
  return documents;
}

const mtimeOf = (file: string) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

/**
 * The site's operations by id. A file named by the operator must be there and valid, or the gateway does not start;
 * the site build's own file is optional (no build yet: no persisted operations). An unknown id is looked for again
 * once the file has been rewritten, so a site rebuilt while the gateway runs (`npm run dev` compiles it while the
 * gateway starts) is served without a restart; a rewritten file that is empty or not valid leaves the ones loaded
 * before.
 */
export class PersistedOperations {
  private documents = new Map<string, string>();
  private loadedMtime = 0;

  constructor(private readonly file: string) {}

  /**
   * Loads the file, or throws a start error naming what to fix: a file PERSISTED_OPERATIONS_FILE names that is
   * missing or invalid, a site build's file that is invalid, or persisted-only mode with no operations to run.
   */
  static load(options: { file: string | null; only: boolean }): PersistedOperations {
    const file = options.file ?? SITE_PERSISTED_OPERATIONS;
    const operations = new PersistedOperations(file);
    const mtime = mtimeOf(file);
    const read = readFile(file);
    if (typeof read !== 'string') {
      operations.documents = read;
      operations.loadedMtime = mtime;
    } else if (options.file !== null) {
      throw new PersistedOperationsError(`PERSISTED_OPERATIONS_FILE: ${file} ${read}.`);
    } else if (read !== 'does not exist') {
      throw new PersistedOperationsError(
        `The site's persisted operations (${file}) ${read}: build the site again (npm run build -w web) or set PERSISTED_OPERATIONS_FILE.`,
      );
    }
    if (options.only && operations.size === 0) {
      throw new PersistedOperationsError(
        `PERSISTED_OPERATIONS_ONLY needs the site's persisted operations, and there are none in ${file}: build the site (npm run build -w web) or set PERSISTED_OPERATIONS_FILE.`,
      );
    }
    return operations;
  }

  get size(): number {
    return this.documents.size;
  }

  /** The document of an id, or null when there is none. */
  get(id: string): string | null {
    const document = this.documents.get(id);
    if (document !== undefined) return document;
    this.reloadIfRewritten();
    return this.documents.get(id) ?? null;
  }

  /** One stat per unknown id: next to serving the request, nothing; the file is read only when rewritten. */
  private reloadIfRewritten(): void {
    const mtime = mtimeOf(this.file);
    if (mtime === 0 || mtime === this.loadedMtime) return;
    const read = readFile(this.file);
    // `npm run relay` empties the file before the compiler fills it: an empty one is one being rewritten.
    if (typeof read === 'string' || read.size === 0) return;
    this.documents = read;
    this.loadedMtime = mtime;
  }
}

/** A request's doc_id when it is a string (anything else names no persisted operation). */
export function docIdOf(params: object): string | null {
  const id = (params as Record<string, unknown>)[DOC_ID];
  return typeof id === 'string' && id.length > 0 ? id : null;
}

/**
 * The doc_id of a query sent as GET (`/graphql?doc_id=<id>&variables=<json>`, as the site sends its queries): Yoga's
 * GET parser keeps only the standard parameters, so the id is read from the address itself.
 */
function docIdOfGet(request: Request): string | null {
  if (request.method !== 'GET' || !request.url.includes(`${DOC_ID}=`)) return null;
  const at = request.url.indexOf('?');
  return at === -1 ? null : docIdOf({ [DOC_ID]: new URLSearchParams(request.url.slice(at + 1)).get(DOC_ID) });
}

/**
 * Persisted operations over HTTP (and server-sent events), in Relay's format: `{"doc_id": "<id>", "variables":
 * {...}}` in a POST's body, or the same parameters in a GET's address. The document is looked up before anything
 * else reads the request, so everything after (the guests' response cache, parsing, the limits, validation) sees the
 * document itself. With `only`, a request carrying a document is refused; otherwise documents run too (partner
 * tools, GraphiQL). A request with a partner's key (`partnerOf`) runs that partner's registered documents instead
 * (partners/trusted-operations.ts). Yoga must accept the extra body key (extraParamNames: [DOC_ID]).
 */
export function servePersistedOperations(
  operations: PersistedOperations,
  only: boolean,
  partnerOf?: (request: Request) => Partner | null,
): Plugin {
  const site = usePersistedOperations({
    getPersistedOperation: (id) => operations.get(id),
    extractPersistedOperationId: (params: GraphQLParams, request: Request) =>
      docIdOf(params) ?? docIdOfGet(request),
    allowArbitraryOperations: !only,
    customErrors: {
      notFound: refusals.unknownId,
      persistedQueryOnly: refusals.documentNotAllowed,
      keyNotFound: only ? refusals.idRequired : refusals.nothingToRun,
    },
  }) as Plugin;
  if (!partnerOf) return site;
  return {
    ...site,
    // A keyed request runs its partner's registered documents (partners/trusted-operations.ts), not the site's.
    onParams(payload) {
      const partner = partnerOf(payload.request);
      if (!partner) return site.onParams?.(payload);
      const { params, request } = payload;
      const id = docIdOf(params) ?? docIdOfGet(request);
      const document = partnerDocument(partner, only, params, id, (siteId) => operations.get(siteId));
      if (document === null) throw only ? refusals.idRequired() : refusals.nothingToRun();
      if (document instanceof GraphQLError) throw document;
      if (document !== params.query) payload.setParams({ ...params, query: document });
      return undefined;
    },
  };
}

/** What a graphql-ws subscribe message carries: graphql-ws requires a query string, so an id comes with `query: ''`. */
export interface SocketOperation {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
  extensions?: Record<string, unknown> | null;
}

/**
 * The same over graphql-ws, where Yoga's plugin does not run: the payload with its document, or the error to return.
 * A socket opened with a partner's key runs that partner's documents (as over HTTP).
 */
export function resolveSocketOperation<P extends SocketOperation>(
  operations: PersistedOperations,
  only: boolean,
  payload: P,
  partner: Partner | null = null,
): P | GraphQLError {
  if (partner) {
    const document = partnerDocument(partner, only, payload, docIdOf(payload), (id) => operations.get(id));
    if (document === null) return only ? refusals.idRequired() : refusals.nothingToRun();
    if (document instanceof GraphQLError) return document;
    return document === payload.query ? payload : { ...payload, query: document };
  }
  if (payload.query !== '') return only ? refusals.documentNotAllowed() : payload;
  const id = docIdOf(payload);
  if (id === null) return only ? refusals.idRequired() : refusals.nothingToRun();
  const query = operations.get(id);
  if (query === null) return refusals.unknownId();
  return { ...payload, query };
}
