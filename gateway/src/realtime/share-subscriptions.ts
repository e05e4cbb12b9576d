import {
  getOperationAST,
  GraphQLError,
  Kind,
  locatedError,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context.js';
import { Member } from './shared-fanout.js';

/** Subscription fields whose events are the same for everyone: what a watcher sees depends on its selection only. */
const PUBLIC_SUBSCRIPTIONS = new Set(['tournamentUpdated']);

/**
 * The types a shared result may contain for a signed-in subscriber, and among their fields those that depend on the
 * session (the watcher's own entry). A signed-in subscriber whose document selects a personal field, or a field of
 * any other type, is executed on its own; a guest has no session, so whatever a guest selects is shared by guests.
 */
const PUBLIC_TYPES = new Set([
  'Subscription',
  'Tournament',
  'TournamentEntryConnection',
  'TournamentEntryEdge',
  'TournamentEntry',
  'PageInfo',
  'Money',
]);
const PERSONAL_FIELDS = new Set(['Tournament.joined', 'Tournament.myEntry', 'TournamentEntry.isViewer']);

/** How a document's operation may be shared: not at all, by guests only, or by every subscriber. */
type Verdict = { docId: number; everyone: boolean } | null;

const verdicts = new WeakMap<DocumentNode, Map<string, Verdict>>();
let nextDocId = 1;
const docIds = new WeakMap<DocumentNode, number>();

/**
 * Whether this operation is a subscription of public fields only, and whether it selects anything personal.
 * Documents come from Yoga's parse cache, so a repeated document is the same object and is judged once.
 */
function verdictOf(schema: GraphQLSchema, document: DocumentNode, operationName: string | null): Verdict {
  let byOperation = verdicts.get(document);
  if (!byOperation) verdicts.set(document, (byOperation = new Map()));
  const name = operationName ?? '';
  if (byOperation.has(name)) return byOperation.get(name)!;
  const verdict = judge(schema, document, operationName);
  byOperation.set(name, verdict);
  return verdict;
}

function judge(schema: GraphQLSchema, document: DocumentNode, operationName: string | null): Verdict {
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== 'subscription') return null;
  // The root selection: public fields only (fragments at the root are not followed: such a document is not shared).
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) return null;
    if (selection.name.value !== '__typename' && !PUBLIC_SUBSCRIPTIONS.has(selection.name.value)) return null;
  }
  // Every field of the document (its other operations and unused fragments too: when in doubt, not shared).
  let everyone = true;
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType()?.name;
        if (node.name.value === '__typename') return;
        if (!parent || !PUBLIC_TYPES.has(parent) || PERSONAL_FIELDS.has(`${parent}.${node.name.value}`)) {
          everyone = false;
        }
      },
    }),
  );
  let docId = docIds.get(document);
  if (docId === undefined) docIds.set(document, (docId = nextDocId++));
  return { docId, everyone };
}

/** The response name of the operation's first root field, for an error's path. */
function rootField(args: ExecutionArgs): string {
  const operation = getOperationAST(args.document, args.operationName);
  const first = operation?.selectionSet.selections[0];
  return first?.kind === Kind.FIELD ? (first.alias ?? first.name).value : 'subscription';
}

function asResult(err: unknown, args: ExecutionArgs): ExecutionResult {
  return { errors: [locatedError(err, null, [rootField(args)])] };
}

/** A context the shared execution of a group runs on: its subscribe is not shared again. */
type SourceContext = GatewayContext & { sharedSource?: true };

/**
 * The group a subscription may share, or null when it is executed on its own: a subscription of public fields only,
 * by a guest, or by a signed-in subscriber whose document selects nothing personal. The key is the document (Yoga's
 * parse cache hands out one object per text), the operation and the variables.
 */
export function shareKey(args: ExecutionArgs): string | null {
  const ctx = args.contextValue as SourceContext;
  if (ctx.sharedSource) return null;
  const verdict = verdictOf(args.schema, args.document, args.operationName ?? null);
  if (!verdict || (ctx.scope.upstream.token !== null && !verdict.everyone)) return null;
  return `${verdict.docId}|${args.operationName ?? ''}|${JSON.stringify(args.variableValues ?? {})}`;
}

/**
 * Joins the group of `key` (see shareKey): returns the member's own stream of the group's results, or the result
 * that refused the subscription. The group's one execution is started by `subscribe`, with a guest's context of its
 * own (no member's session is in it). A signed-in member's session is checked first, as the unshared path does, and
 * its stream ends with UNAUTHENTICATED when its session ends.
 */
export async function joinShared(
  key: string,
  args: ExecutionArgs,
  subscribe: (args: ExecutionArgs) => ReturnType<SubscribeFn>,
): Promise<Member | ExecutionResult> {
  const ctx = args.contextValue as GatewayContext;
  const token = ctx.scope.upstream.token;
  if (token !== null) {
    try {
      await ctx.viewer();
    } catch (err) {
      return asResult(err, args);
    }
  }
  const joined = await ctx.realtime.fanout.join(key, () => {
    const shared: SourceContext = { ...ctx, sharedSource: true };
    shared.switchSession(null);
    return subscribe({ ...args, contextValue: shared });
  });
  if (!(joined instanceof Member) || token === null) return joined;
  watchMemberSession(ctx.realtime, token, joined, rootField(args));
  return joined;
}

/**
 * Ends a signed-in member with UNAUTHENTICATED when its session ends. A function of its own, so that the watch holds
 * the member and its root field's name only, not the member's execution arguments and context.
 */
function watchMemberSession(
  realtime: GatewayContext['realtime'],
  token: string,
  member: Member,
  field: string,
) {
  const stop = realtime.watchSession(token, (error: GraphQLError) =>
    member.finish({ errors: [locatedError(error, null, [field])] }),
  );
  member.closed(stop);
}

type SubscribeFn = (
  args: ExecutionArgs,
) =>
  | AsyncIterable<ExecutionResult>
  | ExecutionResult
  | Promise<AsyncIterable<ExecutionResult> | ExecutionResult>;

/**
 * Shared fan-out for every transport that subscribes through Yoga's envelop (SSE; graphql-ws joins in ws-server.ts
 * before envelop, so its members skip the per-result hooks): subscribers of the same public subscription with the
 * same document, operation and variables share one execution per event (realtime/shared-fanout.ts). Anything else
 * (viewerEvents, a leaderboard with `isViewer` for a player) is executed per subscriber as before.
 */
export function shareSubscriptions(): Plugin<GatewayContext> {
  return {
    onSubscribe({ args, subscribeFn, setSubscribeFn }) {
      const key = shareKey(args);
      if (key === null) return;
      setSubscribeFn((memberArgs: ExecutionArgs) =>
        joinShared(key, memberArgs, subscribeFn as unknown as SubscribeFn),
      );
    },
  };
}
