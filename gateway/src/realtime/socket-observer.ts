import {
  getOperationAST,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLError,
  type GraphQLSchema,
} from 'graphql';
import { isAsyncIterable } from 'graphql-yoga';
import type { GatewayLogger } from '../observability/logging.js';
import type { GatewayMetrics, OperationOutcome } from '../observability/metrics.js';
import { newRequestId } from '../http/request-id.js';
import { clientOf, type RequestClient } from '../usage/client.js';
import { reportedCost, type GatewayUsage } from '../usage/usage.js';

/** One graphql-ws operation as it runs: from its subscribe message to its completion. */
interface SocketOperation {
  requestId: string;
  start: number;
  operation: string | null;
  type: string | null;
  /** NO_CODES until its first error (codesOf). */
  codes: ReadonlySet<string>;
  hadData: boolean;
  /** It ran (rather than being refused before execution): its end comes as onComplete. */
  ran: boolean;
  /** It is a stream (a subscription) counted among the open ones. */
  streaming: boolean;
  /** Who sent it: the socket's client (connection_init payload or upgrade headers), or its context's partner. */
  client: RequestClient;
  /** What it executed and with what, for its usage; null when refused before. */
  executed:
    | (Pick<ExecutionArgs, 'document' | 'variableValues'> & { schema: GraphQLSchema; text: string | null })
    | null;
  /** Its first result's extensions.cost (the operation's, computed before execution). */
  cost: number;
}

/** graphql-ws's context of a socket, as much as the observer reads of it. */
interface SocketLike {
  connectionParams?: Readonly<Record<string, unknown>> | undefined;
  extra?: { request?: { headers?: Record<string, string | string[] | undefined> } };
}

/**
 * Logs and counts graphql-ws operations as the HTTP observer does requests. Each operation (not each socket) gets
 * its own request id: a socket lives for a player's whole visit, while an id should name one thing that happened.
 * The id goes upstream with the operation's calls (for a subscription, with every event's calls) and into the one
 * line written when the operation ends (a subscription's line gives its lifetime).
 */
export class SocketObserver {
  /** Per socket (graphql-ws's context object), its operations by id. */
  private readonly sockets = new WeakMap<object, Map<string, SocketOperation>>();

  constructor(
    private readonly logger: GatewayLogger,
    private readonly metrics: GatewayMetrics,
    private readonly usage: GatewayUsage,
  ) {}

  /** A subscribe message arrived: returns the operation's request id (for its context). */
  received(socket: SocketLike, id: string, operationName: unknown): string {
    let operations = this.sockets.get(socket);
    if (!operations) this.sockets.set(socket, (operations = new Map()));
    // Flat: crypto.randomUUID()'s string is a rope of 14 pieces (about 450 bytes), kept as long as the subscription.
    const requestId = Buffer.from(newRequestId(), 'latin1').toString('latin1');
    operations.set(id, {
      requestId,
      start: performance.now(),
      operation: typeof operationName === 'string' ? operationName : null,
      type: null,
      codes: NO_CODES,
      hadData: false,
      ran: false,
      streaming: false,
      client: this.usage.clients.ofSocket(
        socket.connectionParams as Record<string, unknown> | undefined,
        socket.extra?.request?.headers,
      ),
      executed: null,
      cost: 0,
    });
    return requestId;
  }

  /** graphql-ws hooks to spread into useServer's options (none alters what is sent). */
  readonly hooks = {
    onOperation: (socket: object, id: string, _payload: unknown, args: ExecutionArgs, result: unknown) => {
      const op = this.sockets.get(socket)?.get(id);
      if (!op) return;
      op.ran = true;
      op.client = clientOf(args.contextValue);
      const query = (args.contextValue as { params?: { query?: unknown } }).params?.query;
      op.executed = {
        document: args.document,
        variableValues: args.variableValues,
        schema: args.schema,
        text: typeof query === 'string' ? query : null,
      };
      const operation = getOperationAST(args.document, args.operationName ?? undefined);
      op.type = operation?.operation ?? null;
      op.operation ??= operation?.name?.value ?? null;
      // A query answered in parts (@defer, @stream) is no subscription: it ends with its last part.
      if (isAsyncIterable(result) && op.type === 'subscription') {
        op.streaming = true;
        this.metrics.subscriptionOpened('ws');
      }
    },
    onNext: (socket: object, id: string, _payload: unknown, _args: unknown, result: ExecutionResult) => {
      const op = this.sockets.get(socket)?.get(id);
      if (!op) return;
      if (result.data) op.hadData = true;
      op.cost ||= reportedCost(result.extensions);
      for (const error of result.errors ?? []) codesOf(op).add(codeOf(error));
      // A later part of an incremental delivery carries its errors in its entries.
      const { incremental } = result as { incremental?: readonly { errors?: readonly GraphQLError[] }[] };
      for (const entry of incremental ?? [])
        for (const error of entry.errors ?? []) codesOf(op).add(codeOf(error));
    },
    onError: (socket: object, id: string, _payload: unknown, errors: readonly GraphQLError[]) => {
      const op = this.sockets.get(socket)?.get(id);
      if (!op) return;
      for (const error of errors) codesOf(op).add(codeOf(error));
      // Refused before it ran (validation, limits, too many operations): no completion follows.
      if (!op.ran) this.finish(socket, id, op);
    },
    onComplete: (socket: object, id: string) => {
      const op = this.sockets.get(socket)?.get(id);
      if (op) this.finish(socket, id, op);
    },
  };

  private finish(socket: object, id: string, op: SocketOperation): void {
    this.sockets.get(socket)?.delete(id);
    if (op.streaming) this.metrics.subscriptionClosed('ws');
    const ms = performance.now() - op.start;
    const outcome: OperationOutcome = op.codes.size === 0 ? 'ok' : op.hadData ? 'partial' : 'error';
    const type = op.type ?? 'unknown';
    this.metrics.operation(op.operation, type, outcome, ms / 1000, op.codes, op.client.name, op.cost);
    this.usage.record({
      client: op.client,
      operationName: op.operation,
      document: op.executed?.document ?? null,
      schema: op.executed?.schema ?? null,
      text: op.executed?.text ?? null,
      variables: op.executed?.variableValues,
      failed: outcome !== 'ok',
      cost: op.cost,
    });
    this.logger.info(
      {
        requestId: op.requestId,
        transport: 'ws',
        operation: op.operation,
        type,
        outcome,
        ...(op.codes.size > 0 ? { codes: [...op.codes] } : {}),
        ms: Math.round(ms * 10) / 10,
      },
      'operation',
    );
  }
}

/**
 * The codes of an operation that has had no error yet: one empty set for all of them, as an empty Set of its own is
 * about 0.1 KiB kept for a subscription's whole life. codesOf gives the operation its own set at its first error.
 */
const NO_CODES: ReadonlySet<string> = new Set<string>();

function codesOf(op: SocketOperation): Set<string> {
  if (op.codes === NO_CODES) op.codes = new Set();
  return op.codes as Set<string>;
}

const codeOf = (error: GraphQLError) =>
  typeof error.extensions?.code === 'string' ? error.extensions.code : 'INTERNAL_SERVER_ERROR';
