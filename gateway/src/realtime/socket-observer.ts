import { getOperationAST, type ExecutionArgs, type ExecutionResult, type GraphQLError } from 'graphql';
import { isAsyncIterable } from 'graphql-yoga';
import type { GatewayLogger } from '../observability/logging.js';
import type { GatewayMetrics, OperationOutcome } from '../observability/metrics.js';
import { newRequestId } from '../http/request-id.js';

/** One graphql-ws operation as it runs: from its subscribe message to its completion. */
interface SocketOperation {
  requestId: string;
  start: number;
  operation: string | null;
  type: string | null;
  codes: Set<string>;
  hadData: boolean;
  /** It ran (rather than being refused before execution): its end comes as onComplete. */
  ran: boolean;
  /** It is a stream (a subscription) counted among the open ones. */
  streaming: boolean;
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
  ) {}

  /** A subscribe message arrived: returns the operation's request id (for its context). */
  received(socket: object, id: string, operationName: unknown): string {
    let operations = this.sockets.get(socket);
    if (!operations) this.sockets.set(socket, (operations = new Map()));
    const requestId = newRequestId();
    operations.set(id, {
      requestId,
      start: performance.now(),
      operation: typeof operationName === 'string' ? operationName : null,
      type: null,
      codes: new Set(),
      hadData: false,
      ran: false,
      streaming: false,
    });
    return requestId;
  }

  /** graphql-ws hooks to spread into useServer's options (none alters what is sent). */
  readonly hooks = {
    onOperation: (socket: object, id: string, _payload: unknown, args: ExecutionArgs, result: unknown) => {
      const op = this.sockets.get(socket)?.get(id);
      if (!op) return;
      op.ran = true;
      const operation = getOperationAST(args.document, args.operationName ?? undefined);
      op.type = operation?.operation ?? null;
      op.operation ??= operation?.name?.value ?? null;
      if (isAsyncIterable(result)) {
        op.streaming = true;
        this.metrics.subscriptionOpened('ws');
      }
    },
    onNext: (socket: object, id: string, _payload: unknown, _args: unknown, result: ExecutionResult) => {
      const op = this.sockets.get(socket)?.get(id);
      if (!op) return;
      if (result.data) op.hadData = true;
      for (const error of result.errors ?? []) op.codes.add(codeOf(error));
    },
    onError: (socket: object, id: string, _payload: unknown, errors: readonly GraphQLError[]) => {
      const op = this.sockets.get(socket)?.get(id);
      if (!op) return;
      for (const error of errors) op.codes.add(codeOf(error));
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
    this.metrics.operation(op.operation, type, outcome, ms / 1000, op.codes);
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

const codeOf = (error: GraphQLError) =>
  typeof error.extensions?.code === 'string' ? error.extensions.code : 'INTERNAL_SERVER_ERROR';
