import {
  getOperationAST,
  GraphQLError,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { isAsyncIterable, mapAsyncIterator, type FetchAPI, type Plugin } from 'graphql-yoga';
import { errorForLog, type GatewayLogger } from '../observability/logging.js';
import { metricsAllowed, type GatewayMetrics, type OperationOutcome } from '../observability/metrics.js';
import { READINESS_PATH } from '../observability/readiness.js';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id.js';
import { SERVED_FROM_CACHE } from '../operations/response-cache.js';
import { clientOf, type RequestClient } from '../usage/client.js';
import { reportedCost, type GatewayUsage } from '../usage/usage.js';

/** Paths a load balancer or scraper asks every few seconds: their lines are debug, not info. */
const PROBES = new Set(['/healthz', READINESS_PATH, '/metrics']);
/** The name of a document's first operation, read without parsing it (comments and whitespace before it). */
const FIRST_OPERATION_NAME = /^(?:\s|#[^\n]*\n)*query\s+([_A-Za-z][_0-9A-Za-z]*)/;

/** What one HTTP request has shown so far, for its one log line and its metrics. */
interface RequestRecord {
  id: string;
  start: number;
  path: string;
  operation: string | null;
  type: string | null;
  outcome: OperationOutcome | null;
  codes: Set<string>;
  cached: boolean;
  /** The document's text, for naming a response served from the cache, which is never parsed. */
  query: string | null;
  /** Who sent it (usage/client.ts), known once its context is made; else read from the request at its end. */
  client: RequestClient | null;
  /** What it executed, for its usage (the first execution of a batch). */
  executed: (Pick<ExecutionArgs, 'document' | 'variableValues'> & { schema: GraphQLSchema }) | null;
  variables: unknown;
  /**
   * The hash a persisted operation was sent by (doc_id, or a persisted query's sha256Hash): its usage's hash when
   * the guests' response cache answers it, as its text is then never read.
   */
  sentHash: string | null;
  /** The sum of its results' extensions.cost. */
  cost: number;
  /**
   * An incremental delivery (@defer, @stream) still sending its parts: its line waits for the last (the response it
   * is written with), so its duration, outcome and codes are the whole delivery's.
   */
  delivering: { response: Response | null } | null;
}

export interface HttpObserverOptions {
  logger: GatewayLogger;
  metrics: GatewayMetrics;
  graphqlPath: string;
  /** Bearer token a scraper must send for /metrics; null: open in development, off in production. */
  metricsToken: string | null;
  production: boolean;
  /** Where each GraphQL request's client and usage are counted. */
  usage: GatewayUsage;
}

/** The codes of a result's errors; an error without one is the masked unexpected kind. */
const codesOf = (errors: readonly GraphQLError[] | undefined) =>
  (errors ?? []).map((e) =>
    typeof e.extensions?.code === 'string' ? e.extensions.code : 'INTERNAL_SERVER_ERROR',
  );

/** The error an unexpected failure was masked from (Yoga keeps it as originalError). */
function unmasked(error: GraphQLError): unknown {
  let err: unknown = error;
  while (err instanceof GraphQLError && err.originalError) err = err.originalError;
  return err;
}

/** A new request's record: nothing seen yet but its id, start and path. */
const newRecord = (request: Request, url: URL): RequestRecord => ({
  id: requestIdFrom(request.headers.get(REQUEST_ID_HEADER)),
  start: performance.now(),
  path: url.pathname,
  operation: null,
  type: null,
  outcome: null,
  codes: new Set(),
  cached: false,
  query: null,
  client: null,
  executed: null,
  variables: undefined,
  sentHash: null,
  cost: 0,
  delivering: null,
});

/** The operation a document runs, once per request (the first hook to see the document names it). */
function describe(record: RequestRecord | undefined, document: DocumentNode, operationName?: string | null) {
  if (!record || record.type !== null) return;
  const operation = getOperationAST(document, operationName ?? undefined);
  record.type = operation?.operation ?? null;
  record.operation ??= operation?.name?.value ?? null;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The SHA-256 a request names its persisted document by (Relay's doc_id, or a persisted query's), if any. */
function sentHashOf(params: Record<string, unknown>): string | null {
  const extensions = params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined;
  const hash = params.doc_id ?? extensions?.persistedQuery?.sha256Hash;
  return typeof hash === 'string' && SHA256_HEX.test(hash) ? hash : null;
}

/** What an execution shows of its request: its client, document and variables (for usage and metrics). */
function noteExecution(record: RequestRecord | undefined, args: ExecutionArgs) {
  if (!record || record.executed) return;
  record.client = clientOf(args.contextValue);
  record.executed = { document: args.document, variableValues: args.variableValues, schema: args.schema };
  // The text the document was parsed from: a persisted id's is known only once its plugin has resolved it.
  const query = (args.contextValue as { params?: { query?: unknown } }).params?.query;
  if (typeof query === 'string') record.query = query;
}

/**
 * A response from the guests' response cache: only a guest's query is ever kept, and its name is the document's first
 * (a document of several names its operation in operationName, and that is part of the cache key).
 */
function markCached(record: RequestRecord, operationName: string | null, query: string | null) {
  record.cached = true;
  record.type ??= 'query';
  record.operation ??= operationName ?? FIRST_OPERATION_NAME.exec(query ?? '')?.[1] ?? null;
}

/** Adds one result's codes and outcome to the request's, and logs each unexpected error with the request's id. */
function judge(record: RequestRecord, result: ExecutionResult, logger: GatewayLogger) {
  for (const code of codesOf(result.errors)) record.codes.add(code);
  record.cost += reportedCost(result.extensions);
  const failed = (result.errors?.length ?? 0) > 0;
  const outcome: OperationOutcome = !failed ? 'ok' : result.data ? 'partial' : 'error';
  // A batch's worst outcome is the request's.
  if (record.outcome === null || outcome === 'error' || (outcome === 'partial' && record.outcome === 'ok')) {
    record.outcome = outcome;
  }
  for (const error of result.errors ?? []) {
    // Yoga codes the errors it masks INTERNAL_SERVER_ERROR: unexpected all the same.
    const code = error.extensions?.code;
    if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') continue;
    logger.error({ requestId: record.id, error: errorForLog(unmasked(error)) }, 'unexpected error');
  }
}

/**
 * The parts of an incremental delivery, judged as they are sent: the first part's data and errors, and each later
 * part's (its `incremental` entries carry their own errors, with their paths); the cost, which every part repeats,
 * once. `ended` is told once, when the last part has gone or the client left.
 */
function judgeParts(
  record: RequestRecord,
  parts: AsyncIterable<ExecutionResult>,
  logger: GatewayLogger,
  ended: () => void,
): AsyncIterable<ExecutionResult> {
  let first = true;
  return mapAsyncIterator(
    parts,
    (part) => {
      const { incremental } = part as { incremental?: readonly { errors?: readonly GraphQLError[] }[] };
      const errors = [...(part.errors ?? []), ...(incremental ?? []).flatMap((entry) => entry.errors ?? [])];
      // Data once there, a later part's errors make the delivery partial (judge reads `data` for that).
      judge(
        record,
        { data: first ? part.data : {}, errors, extensions: first ? part.extensions : {} },
        logger,
      );
      first = false;
      return part;
    },
    (error: unknown) => {
      ended();
      throw error;
    },
    ended,
  );
}

/** An incremental delivery's parts, judged as they go; the request's line is written after the last. */
function followDelivery(
  record: RequestRecord | undefined,
  request: Request,
  parts: AsyncIterable<ExecutionResult>,
  options: HttpObserverOptions,
): AsyncIterable<ExecutionResult> {
  if (!record) return parts;
  const delivering: { response: Response | null } = { response: null };
  record.delivering = delivering;
  const ended = () => {
    if (record.delivering !== delivering) return;
    record.delivering = null;
    // Over before its response was even made (every part at once): onResponse writes the line.
    if (delivering.response) logRequest(record, request, delivering.response, options);
  };
  return judgeParts(record, parts, options.logger, ended);
}

/** What the request's response shows: a stream is ok until it fails; each result of a batch is judged. */
function judgeResult(record: RequestRecord, result: unknown, logger: GatewayLogger) {
  if (isAsyncIterable(result)) {
    record.outcome ??= 'ok';
    return;
  }
  for (const one of (Array.isArray(result) ? result : [result]) as ExecutionResult[]) {
    if ((one as unknown as Record<symbol, unknown>)[SERVED_FROM_CACHE])
      markCached(record, null, record.query);
    judge(record, one, logger);
  }
}

/**
 * The response to GET /metrics: the scrape when allowed (a promise: the registry collects asynchronously), else a
 * 401 asking for the token or a 404 (no token set in production: the endpoint does not exist).
 */
function metricsResponse(
  request: Request,
  options: HttpObserverOptions,
  fetchAPI: FetchAPI,
): Response | Promise<Response> {
  const { metrics } = options;
  const allowed = metricsAllowed(
    request.headers.get('authorization'),
    options.metricsToken,
    options.production,
  );
  if (allowed === 'yes') {
    return metrics
      .exposition()
      .then((text) => new fetchAPI.Response(text, { headers: { 'content-type': metrics.contentType } }));
  }
  if (allowed === 'unauthorized') {
    return new fetchAPI.Response('Unauthorized: send the metrics token as a bearer token.\n', {
      status: 401,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' },
    });
  }
  return new fetchAPI.Response('Not Found\n', { status: 404 });
}

/**
 * The request's one log line (and for GraphQL its operation metrics), written when its response is ready, or for an
 * incremental delivery when its last part has gone.
 */
function logRequest(
  record: RequestRecord,
  request: Request,
  response: Response,
  options: HttpObserverOptions,
) {
  const { logger, metrics, usage } = options;
  const ms = performance.now() - record.start;
  const line: Record<string, unknown> = {
    requestId: record.id,
    method: request.method,
    path: record.path,
    status: response.status,
    ms: Math.round(ms * 10) / 10,
  };
  if (record.path === options.graphqlPath) {
    const outcome = record.outcome ?? (response.status < 400 ? 'ok' : 'error');
    const type = record.type ?? 'unknown';
    const client = (record.client ??= usage.clientOfRequest(request));
    metrics.operation(record.operation, type, outcome, ms / 1000, record.codes, client.name, record.cost);
    usage.record({
      client,
      operationName: record.operation,
      document: record.executed?.document ?? null,
      schema: record.executed?.schema ?? null,
      text: record.query,
      sentHash: record.sentHash,
      variables: record.executed?.variableValues ?? record.variables,
      failed: outcome !== 'ok',
      cost: record.cost,
      cached: record.cached,
    });
    Object.assign(line, {
      operation: record.operation,
      type,
      outcome,
      ...(record.codes.size > 0 ? { codes: [...record.codes] } : {}),
      ...(record.cached ? { cached: true } : {}),
    });
  }
  // Every 5xx is the gateway's failure, whatever responded: an error line, with the request's id.
  if (response.status >= 500) logger.error(line, 'request');
  else if (PROBES.has(record.path)) logger.debug(line, 'request');
  else logger.info(line, 'request');
}

/** The plugin's hooks: each fills the request's record from what it sees, and onResponse writes it out. */
function observerPlugin(records: WeakMap<Request, RequestRecord>, options: HttpObserverOptions): Plugin {
  const recordOf = (contextValue: unknown) => {
    const request = (contextValue as { request?: Request } | null)?.request;
    return request ? records.get(request) : undefined;
  };
  return {
    // Synchronous for every request but /metrics: an async hook would cost every request a promise and a tick.
    onRequest({ request, url, endResponse, fetchAPI }) {
      records.set(request, newRecord(request, url));
      if (url.pathname !== '/metrics') return undefined;
      const response = metricsResponse(request, options, fetchAPI);
      if (response instanceof Promise) return response.then(endResponse);
      endResponse(response);
      return undefined;
    },
    onParams({ request, params }) {
      const record = records.get(request);
      if (!record) return;
      if (typeof params.operationName === 'string') record.operation = params.operationName;
      if (typeof params.query === 'string') record.query = params.query;
      record.variables = params.variables;
      record.sentHash = sentHashOf(params as Record<string, unknown>);
    },
    onValidate({ context, params }) {
      const { operationName } = (context as { params?: { operationName?: string } }).params ?? {};
      describe(recordOf(context), params.documentAST, operationName);
    },
    onExecute({ args }) {
      const record = recordOf(args.contextValue);
      describe(record, args.document, args.operationName);
      noteExecution(record, args);
    },
    onSubscribe({ args }) {
      const record = recordOf(args.contextValue);
      describe(record, args.document, args.operationName);
      noteExecution(record, args);
      // Subscriptions over HTTP (event streams); graphql-ws counts its own (socket-observer.ts).
      if (!record) return;
      return {
        onSubscribeResult({ result }) {
          if (!isAsyncIterable(result)) return;
          options.metrics.subscriptionOpened('sse');
          return { onEnd: () => options.metrics.subscriptionClosed('sse') };
        },
      };
    },
    onResultProcess({ request, result, setResult }) {
      const record = records.get(request);
      // A query or mutation answered in parts (@defer, @stream); an event stream's line is written when it opens.
      if (record?.type !== 'subscription' && isAsyncIterable(result))
        setResult(followDelivery(record, request, result as AsyncIterable<ExecutionResult>, options));
      else if (record) judgeResult(record, result, options.logger);
    },
    onResponse({ request, response }) {
      const record = records.get(request);
      if (!record) return;
      records.delete(request);
      response.headers.set(REQUEST_ID_HEADER, record.id);
      // Its first part is on its way: the line is written after its last (judgeParts).
      if (record.delivering) record.delivering.response = response;
      else logRequest(record, request, response, options);
    },
  };
}

/**
 * The gateway's view of its HTTP traffic: each request gets an id (the caller's X-Request-Id when sane, else a new
 * one), which goes back in the X-Request-Id header, upstream with every call the request makes (see requestIdOf),
 * and into its one log line: method, path, status, duration, and for GraphQL the operation's name, type, outcome
 * and error codes. Never a header, body or variable. GraphQL requests also feed the operation metrics, and
 * /metrics serves the Prometheus scrape.
 */
export function observeHttp(options: HttpObserverOptions) {
  const records = new WeakMap<Request, RequestRecord>();
  return {
    plugin: observerPlugin(records, options),
    /** A request the guests' response cache served by its address, before Yoga read the request (response-cache.ts). */
    servedFromCache(request: Request, operationName: string | null, query: string): void {
      const record = records.get(request);
      if (!record) return;
      markCached(record, operationName, query);
      record.query ??= query;
      record.outcome = 'ok';
    },
    /** The id of this HTTP request, as its upstream calls send it; a new one for a request not seen (none). */
    requestIdOf(request: Request | undefined): string {
      return (request && records.get(request)?.id) ?? requestIdFrom(null);
    },
  };
}
