import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type TextMapGetter,
} from '@opentelemetry/api';
import { getOperationAST, type ExecutionResult, type GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

type MaybePromise<T> = T | Promise<T>;
import { upstreamResource } from '../upstream/circuit-breaker.js';
import { clientOf } from '../usage/client.js';

const tracer = trace.getTracer('playlive-gateway');
/** Set once the OpenTelemetry SDK runs: until then no span is made (nothing would receive it). */
let tracing = false;

/**
 * Whether the standard OTEL_* variables name somewhere to send traces: an OTLP endpoint, or an exporter other than
 * "none" (console, zipkin...). OTEL_SDK_DISABLED=true turns tracing off whatever else is set.
 */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (exporters.length > 0) return !exporters.includes('none');
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * Starts OpenTelemetry's Node SDK when an exporter is configured: it reads the OTEL_* variables itself (exporter,
 * endpoint, protocol, headers, sampler, service name, propagators). Traces only: the gateway's metrics are
 * Prometheus's (/metrics) and its logs go to stdout, so the SDK's own metric and log exporters stay off. Returns
 * the shutdown that flushes the last spans, or null when nothing is configured. Once per process, before the
 * gateway starts (main.ts).
 */
export async function startTracing(
  env: NodeJS.ProcessEnv = process.env,
): Promise<(() => Promise<void>) | null> {
  if (!tracingConfigured(env)) return null;
  // Loaded only when wanted: the SDK and its exporters are a few MB of modules a gateway without tracing never needs.
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'playlive-gateway',
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
  });
  sdk.start();
  tracing = true;
  return async () => {
    tracing = false;
    await sdk.shutdown();
  };
}

const headerGetter: TextMapGetter<Headers> = {
  get: (headers, key) => headers.get(key) ?? undefined,
  keys: (headers) => [...headers.keys()],
};

/**
 * Ends a span when a maybe-promise settles, unless `later` then says something else ends it (an incremental
 * delivery's last part).
 */
function endWhenSettled<T>(span: Span, run: () => T, later: () => boolean): T {
  let result: T;
  try {
    result = run();
  } catch (err) {
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    throw err;
  }
  if (result instanceof Promise) {
    return result.then(
      (value: unknown) => {
        if (!later()) span.end();
        return value;
      },
      (err: unknown) => {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
        throw err;
      },
    ) as T;
  }
  if (!later()) span.end();
  return result;
}

/** An operation's errors on its span: their codes, and the error status. */
function outcome(span: Span, result: ExecutionResult) {
  if (!result.errors?.length) return;
  const codes = result.errors.map((e) => String(e.extensions?.code ?? 'INTERNAL_SERVER_ERROR'));
  span.setAttribute('graphql.error.codes', [...new Set(codes)]);
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/**
 * The hooks that follow an incremental delivery's parts (@defer, @stream): each part's errors (a later part's are in
 * its `incremental` entries), and the span's end after the last.
 */
function followParts(span: Span) {
  const errors: GraphQLError[] = [];
  return {
    onNext({ result: part }: { result: ExecutionResult }) {
      const { incremental } = part as { incremental?: readonly { errors?: readonly GraphQLError[] }[] };
      errors.push(...(part.errors ?? []), ...(incremental ?? []).flatMap((entry) => entry.errors ?? []));
    },
    onEnd() {
      outcome(span, { errors });
      span.end();
    },
  };
}

/**
 * One span per GraphQL operation's execution, the parent of its upstream calls' spans. It wraps the whole execute
 * (or subscribe) phase, other plugins' hooks included, so reads they start early (prefetches) are its children too.
 * Over HTTP it continues the caller's trace when the request carries a W3C traceparent.
 */
export function traceOperations(): Plugin {
  // No exporter, no plugin: its wrapper around every execution would cost each execution for nothing. The SDK starts
  // before the gateway is made (main.ts), so this is known here.
  if (!tracing) return {};
  const spans = new WeakMap<object, Span>();
  /** The executions answering in parts (@defer, @stream): their span ends with their last part. */
  const delivering = new WeakSet<object>();
  const around = (payload: { context: object }, wrapped: () => MaybePromise<void>): MaybePromise<void> => {
    if (!tracing) return wrapped();
    // Over graphql-ws the context has no request.
    const request = (payload.context as { request?: Request }).request;
    const parent: Context = request?.headers
      ? propagation.extract(ROOT_CONTEXT, request.headers, headerGetter)
      : context.active();
    const span = tracer.startSpan('graphql', { kind: SpanKind.SERVER }, parent);
    spans.set(payload.context, span);
    return context.with(trace.setSpan(parent, span), () =>
      endWhenSettled(span, wrapped, () => delivering.has(payload.context)),
    );
  };
  const named = (
    contextValue: unknown,
    document: Parameters<typeof getOperationAST>[0],
    name?: string | null,
  ) => {
    const span = spans.get(contextValue as object);
    if (!span) return undefined;
    const operation = getOperationAST(document, name ?? undefined);
    const type = operation?.operation ?? 'unknown';
    const operationName = operation?.name?.value;
    span.updateName(operationName ? `${type} ${operationName}` : type);
    span.setAttribute('graphql.operation.type', type);
    if (operationName) span.setAttribute('graphql.operation.name', operationName);
    // Bounded as the metrics' client label is (usage/client.ts).
    const client = clientOf(contextValue);
    span.setAttribute('graphql.client.name', client.name);
    if (client.version !== null) span.setAttribute('graphql.client.version', client.version);
    return span;
  };
  return {
    instrumentation: { execute: around, subscribe: around },
    onExecute({ args }) {
      const span = named(args.contextValue, args.document, args.operationName);
      if (!span) return;
      const contextValue = args.contextValue as object;
      return {
        onExecuteDone({ result }) {
          if (!(Symbol.asyncIterator in result)) {
            outcome(span, result);
            return undefined;
          }
          delivering.add(contextValue);
          return followParts(span);
        },
      };
    },
    onSubscribe({ args }) {
      named(args.contextValue, args.document, args.operationName);
    },
  };
}

/**
 * One span per call to the backend, child of the operation's, with the W3C traceparent added to the call's headers
 * so the backend's own spans join the trace. The span's name is the resource (ids as :id); no header or body is
 * recorded.
 */
export function traceUpstreamCall<T extends { status: number }>(
  method: string,
  path: string,
  headers: Record<string, string>,
  send: () => Promise<T>,
): Promise<T> {
  if (!tracing) return send();
  const resource = upstreamResource(method, path);
  const span = tracer.startSpan(resource, {
    kind: SpanKind.CLIENT,
    attributes: { 'http.request.method': method, 'url.template': resource.slice(method.length + 1) },
  });
  propagation.inject(trace.setSpan(context.active(), span), headers);
  return send().then(
    (response) => {
      span.setAttribute('http.response.status_code', response.status);
      if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      return response;
    },
    (err: unknown) => {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      throw err;
    },
  );
}
