import type { IncomingHttpHeaders, IncomingMessage, Server } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { GraphQLError, type ExecutionArgs } from 'graphql';
import type { Context, SubscribePayload } from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { YogaServerInstance } from 'graphql-yoga';
import { bearerToken, type GatewayContext } from '../context.js';
import { checkVariableDepth } from '../operations/input-limits.js';
import type { SocketOperation } from '../operations/persisted-operations.js';
import type { Partner } from '../partners/partner.js';
import { keepAlive } from './keep-alive.js';
import { logRefusedMessages, type RefusalLogger } from './refused-messages.js';
import { joinShared, shareKey } from './share-subscriptions.js';
import { Member } from './shared-fanout.js';
import { sharedPayloadOf } from './shared-payload.js';
import type { SocketObserver } from './socket-observer.js';

/** Largest message a client may send over the socket (an operation within the query limits fits easily). */
const MAX_MESSAGE_BYTES = 128 * 1024;
/** Operations one socket may run at once. */
const MAX_OPERATIONS_PER_SOCKET = 100;
/** Server pings keep proxies from closing quiet sockets and find dead peers. */
const KEEP_ALIVE_MS = 12_000;
/**
 * A shared subscription's member whose socket holds this much unsent data is too far behind (about 500 tournament
 * updates, as MAX_QUEUED is for a subscription of its own): it is cut off rather than buffered without bound.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface GraphqlWsOptions {
  server: Server;
  yoga: YogaServerInstance<Record<string, unknown>, GatewayContext>;
  path: string;
  /** Whether a browser page of this origin may open the socket. */
  isAllowedOrigin(origin: string, host: string | undefined): boolean;
  production: boolean;
  /** Where a refused message (oversized, not UTF-8, not the protocol's) is reported, one line each. */
  logger?: RefusalLogger;
  /**
   * The operation's document (a persisted one's by its doc_id, as Yoga's plugin does over HTTP), or the error
   * refusing it; before envelop parses.
   */
  resolveOperation<P extends SocketOperation>(payload: P, partner: Partner | null): P | GraphQLError;
  /**
   * The partner whose key the socket carries (connection_init's payload or the upgrade's X-Api-Key), null for none,
   * or the error refusing the key (partners/identify.ts): asked at connection_init and for each operation.
   */
  partnerOf?(
    params: Record<string, unknown> | undefined,
    request: UpgradeRequest,
  ): Partner | null | GraphQLError;
  /**
   * Counts an operation against its address's ceiling, or a partner's socket's against its partner's rate
   * (rate-limits/): the error refusing it, or null to run it.
   */
  admitOperation(request: UpgradeRequest, partner: Partner | null): Promise<GraphQLError | null>;
  /** Gives each operation its request id, logs and counts it (socket-observer.ts). */
  observer?: SocketObserver;
  /**
   * Whether the process's open files have reached the reserve kept under its limit (open-files.ts): a new socket is
   * then refused with 1013 Try Again Later.
   */
  atOpenFilesLimit?(): boolean;
  /** Called for each socket so refused (a metric). */
  onRefused?(): void;
}

export interface GraphqlWs {
  /** Open sockets. */
  clients(): number;
  /**
   * Takes no more sockets and asks each client to reconnect (elsewhere) with 1012 Service Restart, the close code that
   * says so (graphql-ws's own dispose sends 1001 Going Away, which is also what a browser sends when it leaves a
   * page). graphql-ws's client (the site's, web/src/shared/relay/environment.ts) counts 1012 among the codes to
   * reconnect on and sends its subscriptions anew; the app resumes with its catch-up snapshot. Resolves once every
   * socket has closed, or after graceMs, when what is left is cut off.
   */
  close(graceMs: number): Promise<void>;
}

/**
 * What the gateway reads of a socket's upgrade request, kept for the socket's whole life: its headers (the partner's
 * key, the origin, the client's name) and the peer's address (rate limits). Node's IncomingMessage would keep its
 * stream state, raw headers and listeners too (about 0.6 KiB per socket, at 19,000 sockets 11 MiB).
 */
export interface UpgradeRequest {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress: string | undefined };
  url: string | undefined;
}

const upgradeRequestOf = (req: IncomingMessage): UpgradeRequest => ({
  headers: req.headers,
  socket: { remoteAddress: req.socket.remoteAddress },
  url: req.url,
});

/** The close code a restarting server sends (RFC 6455 registry): the client should reconnect after a short while. */
const SERVICE_RESTART = 1012;
/**
 * The close code of a server that cannot take the connection now (RFC 6455 registry, 1013 Try Again Later):
 * graphql-ws's client does not count it among the fatal codes, and the site's (web/src/shared/relay/environment.ts)
 * retries any close after 1, 2, 4 ... s with a random part, so a crowd turned away does not come back at once.
 */
const TRY_AGAIN_LATER = 1013;
const OPEN_FILES_REASON = 'Try Again Later: this server is at its open-file limit';

function reject(socket: Duplex, status: number, reason: string): void {
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
    );
  }
  socket.destroy();
}

/** The upgrade listener: the socket on the gateway's path, for a client that is not a page of another origin. */
function upgradeHandler(wss: WebSocketServer, options: GraphqlWsOptions) {
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://gateway');
    if (url.pathname !== options.path) return reject(socket, 404, 'Not Found');
    const origin = req.headers.origin;
    if (origin !== undefined && !options.isAllowedOrigin(origin, req.headers.host)) {
      return reject(socket, 403, 'Origin not allowed');
    }
    // Refused after the upgrade rather than with a 503 before it: a browser's WebSocket shows a refused upgrade as
    // 1006 with no reason, while a close frame gives the client (and its developer tools) the code and the reason.
    // The socket is already accepted either way; the close frees it at once and graphql-ws never sees it.
    if (options.atOpenFilesLimit?.()) {
      options.onRefused?.();
      return wss.handleUpgrade(req, socket, head, (ws) => ws.close(TRY_AGAIN_LATER, OPEN_FILES_REASON));
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      wss.emit('connection', ws, upgradeRequestOf(req));
      logRefusedMessages(ws, options.logger ?? console);
    });
  };
}

/** graphql-ws's context of one socket, as useServer gives it below. */
type SocketContext = Context<Record<string, unknown> | undefined, Extra & Partial<{ socket: WebSocket }>>;

/** The socket's upgrade request as the upgrade listener gave it (graphql-ws types it as Node's whole request). */
const upgradeOf = (ctx: SocketContext) => ctx.extra.request as unknown as UpgradeRequest;

/** graphql-ws's Forbidden: what it closes a socket with when onConnect refuses it. */
const FORBIDDEN = 4403;

/**
 * A socket's partner, or null; a key that is no good (or no longer: revoked, or past its rotation's grace) closes
 * the socket with 4403 and the reason in the close frame ("Forbidden: revoked"), as graphql-ws refuses a connection.
 */
function partnerOfSocket(options: GraphqlWsOptions, ctx: SocketContext): Partner | null | GraphQLError {
  const partner = options.partnerOf?.(ctx.connectionParams, upgradeOf(ctx)) ?? null;
  // Closed here for the reason to be in the frame; graphql-ws's own close (onConnect's false) then does nothing.
  if (partner instanceof GraphQLError) {
    ctx.extra.socket.close(FORBIDDEN, `Forbidden: ${String(partner.extensions.reason)}`);
  }
  return partner;
}

/**
 * The checks an operation passes before envelop sees it, cheapest first: the socket's ceiling on operations, the
 * address's rate limit, the persisted operation its doc_id names, the depth of its variables. The operation to run,
 * or the error refusing it.
 */
async function admit(
  options: GraphqlWsOptions,
  ctx: SocketContext,
  sent: SubscribePayload,
  partner: Partner | null,
): Promise<SubscribePayload | GraphQLError> {
  if (Object.keys(ctx.subscriptions).length > MAX_OPERATIONS_PER_SOCKET) {
    return new GraphQLError(`At most ${MAX_OPERATIONS_PER_SOCKET} operations may run on one connection.`);
  }
  const refused = await options.admitOperation(upgradeOf(ctx), partner);
  if (refused) return refused;
  const payload = options.resolveOperation(sent, partner);
  if (payload instanceof GraphQLError) return payload;
  // Before anything reads the variables (shareKey makes a key of them): no nesting may overflow the stack.
  return checkVariableDepth(payload.variables) ?? payload;
}

/** An admitted operation through Yoga's envelop (parse, validation, context): its execution's arguments, or errors. */
async function envelop(
  yoga: GraphqlWsOptions['yoga'],
  ctx: SocketContext,
  id: string,
  payload: SubscribePayload,
  requestId: string | undefined,
  partner: Partner | null,
): Promise<ExecutionArgs | readonly GraphQLError[]> {
  const enveloped = yoga.getEnveloped({
    connectionParams: ctx.connectionParams ?? {},
    partner,
    // As Yoga's context has over HTTP: the client's address for rate limits.
    req: upgradeOf(ctx),
    params: payload,
    requestId,
  });
  let document;
  try {
    // Parsing enforces the token limit by throwing; validation reports the other limits.
    document = enveloped.parse(payload.query);
    const errors = enveloped.validate(enveloped.schema, document);
    if (errors.length > 0) return errors;
  } catch (err) {
    if (err instanceof GraphQLError) return [err];
    throw err;
  }
  return {
    schema: enveloped.schema,
    document,
    operationName: payload.operationName ?? null,
    variableValues: payload.variables ?? null,
    contextValue: await enveloped.contextFactory(),
    rootValue: {
      execute: enveloped.execute,
      subscribe: enveloped.subscribe,
      socket: ctx.extra.socket,
      id,
    } satisfies Root,
  };
}

/**
 * A shared subscription's members join its group here, before envelop: the group's one execution goes through
 * envelop (error masking and the rest, once per event), and each result is written to every member's socket as it
 * comes, serialized once (shared-payload.ts). graphql-ws still holds the operation: it completes it when the member's
 * stream ends, or closes the socket if it fails (a member too far behind is cut off).
 */
async function subscribeShared(args: ExecutionArgs) {
  const { subscribe, socket, id } = args.rootValue as Root;
  const key = shareKey(args);
  if (key === null) return subscribe(args);
  const joined = await joinShared(key, args, subscribe);
  if (joined instanceof Member) {
    // The frame goes straight onto the TCP socket under ws (its Sender would frame the bytes again per member,
    // 10% of a 10,000-member fan-out); the server runs without compression, so ws never holds a frame back
    // and frames cannot interleave. Should ws stop exposing the socket, its own send is used.
    const raw = (socket as unknown as { _socket?: unknown })._socket;
    const tcp = raw instanceof Socket ? raw : null;
    joined.deliverTo((result) => {
      if (socket.readyState !== socket.OPEN) return true;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return false;
      const frame = sharedPayloadOf(result).nextFrame(id);
      if (tcp) tcp.write(frame);
      else socket.send(frame.subarray(frame[1]! < 126 ? 2 : frame[1] === 126 ? 4 : 10), { binary: false });
      return true;
    });
  }
  return joined;
}

/**
 * graphql-ws (the graphql-transport-ws protocol) on the gateway's own port and path. The upgrade is refused for a
 * browser page of another origin (a socket carries no cookies here, but a page must not borrow a player's
 * connection params either). Each operation goes through Yoga's envelop: the same parse, validation, query
 * limits, context and error masking as over HTTP. The session travels in connectionParams.authorization.
 */
export function attachGraphqlWs(options: GraphqlWsOptions): GraphqlWs {
  const { server } = options;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  const onUpgrade = upgradeHandler(wss, options);
  server.on('upgrade', onUpgrade);

  const disposable = useServer<Record<string, unknown> | undefined, { socket: WebSocket }>(
    {
      isProd: options.production,
      // A malformed authorization is refused at once (4403); none at all is a guest, who may watch tournaments.
      // A partner's key that is no good closes the socket too (partnerOfSocket).
      onConnect: (ctx) => {
        const authorization = ctx.connectionParams?.authorization;
        if (authorization !== undefined && authorization !== null && bearerToken(authorization) === null)
          return false;
        return !(partnerOfSocket(options, ctx) instanceof GraphQLError);
      },
      ...options.observer?.hooks,
      onOperation: (ctx, id, payload, args, result) => {
        options.observer?.hooks.onOperation(ctx, id, payload, args, result);
        // A shared member's results are written by its group (subscribeShared), never through graphql-ws's loop,
        // which holds these arguments until the subscription ends: the member's context (its upstream, loaders,
        // closures) and envelop's functions are let go (about 0.7 KiB of heap per watcher, heap snapshots).
        if (result instanceof Member) releaseExecution(args);
      },
      onSubscribe: async (ctx, id, sent) => {
        const requestId = options.observer?.received(ctx, id, sent.operationName);
        // Looked up again for each operation: the partner's current operations, and a key revoked since refused.
        const partner = partnerOfSocket(options, ctx);
        if (partner instanceof GraphQLError) return [partner];
        const payload = await admit(options, ctx, sent, partner);
        if (payload instanceof GraphQLError) return [payload];
        return envelop(options.yoga, ctx, id, payload, requestId, partner);
      },
      execute: (args) => (args.rootValue as Root).execute(args),
      subscribe: subscribeShared,
    },
    wss,
    // Pinged by keepAlive below, from one timer for every socket.
    0,
  );
  const pings = keepAlive(wss, KEEP_ALIVE_MS);

  return {
    clients: () => wss.clients.size,
    async close(graceMs) {
      server.off('upgrade', onUpgrade);
      pings.stop();
      for (const socket of wss.clients) socket.close(SERVICE_RESTART, 'Service Restart');
      // graphql-ws's dispose asks again (1001, a no-op on a closing socket) and waits for every socket to close.
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([disposable.dispose(), graceOver]);
      clearTimeout(timer);
      for (const socket of wss.clients) socket.terminate();
    },
  };
}

/** What a shared member's execution no longer needs once it has joined its group (see onOperation above). */
function releaseExecution(args: ExecutionArgs): void {
  const held = args as { contextValue?: unknown; rootValue?: unknown };
  held.contextValue = undefined;
  held.rootValue = undefined;
}

type Enveloped = ReturnType<GraphqlWsOptions['yoga']['getEnveloped']>;
/** What each operation's execution gets as its root value: envelop's functions, and the socket it replies on. */
type Root = Pick<Enveloped, 'execute' | 'subscribe'> & { socket: WebSocket; id: string };
