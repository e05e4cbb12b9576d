import {
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  getVariableValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  isObjectType,
  type GraphQLObjectType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';

/*
 * No waterfall: a field's upstream reads start before its parent has resolved, whenever they need nothing but the
 * request (its session, the field's own arguments). GraphQL runs a field's resolver only once its parent's value is
 * there, so without this `viewer { wallet }` would read the account, then the wallet. Here both start at once: the
 * wallet's resolver later gets the same in-flight read (the request's loaders deduplicate), and still runs only
 * after `viewer` has resolved, so a refused token or an unreadable account gives no data from any of its fields.
 *
 * Only reads are started early, never a change: a query's fields are started when its execution begins; a
 * mutation's payload starts those below itself once its write is done (so they read what it changed, once).
 *
 * What it earns (`npm run bench -- --only gateway`, the backend responding to each call after 20 ms): a player's
 * `viewer { wallet }` takes 27 ms (1.17× the REST call) against 51 ms (2.18×) without it, and the home screen's query
 * 36 ms against 59 ms (0.71× its REST calls against 1.13×); run-to-run noise is about ±5 %. See docs/benchmarks.md.
 */

/** Starts the reads one field will make; nothing it returns is used (the resolver reads the same calls again). */
export type Prefetch = (ctx: GatewayContext, args: Record<string, unknown>) => unknown;

/** The prefetches of each type's fields (resolvers/*.ts contribute theirs, as they do resolvers). */
export type Prefetches = {
  [Type in keyof Resolvers]?: { [Field in keyof NonNullable<Resolvers[Type]>]?: Prefetch };
};

/** A read that only a session can make: a guest's field reads nothing. */
export const withSession =
  (prefetch: Prefetch): Prefetch =>
  (ctx, args) =>
    ctx.scope.upstream.token ? prefetch(ctx, args) : undefined;

interface Walk {
  schema: GraphQLSchema;
  ctx: GatewayContext;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

/** Whether @skip or @include leaves a selection out. */
function skipped(walk: Walk, node: Parameters<typeof getDirectiveValues>[1]): boolean {
  // Most selections carry no directive: nothing to look up (this walk runs for every execution).
  if (!node.directives?.length) return false;
  if (getDirectiveValues(GraphQLSkipDirective, node, walk.variables)?.if === true) return true;
  return getDirectiveValues(GraphQLIncludeDirective, node, walk.variables)?.if === false;
}

/** Whether a fragment's type condition covers objects of `type`. */
function applies(walk: Walk, condition: string | undefined, type: GraphQLObjectType): boolean {
  if (!condition || condition === type.name) return true;
  const conditionType = walk.schema.getType(condition);
  return !!conditionType && isAbstractType(conditionType) && walk.schema.isSubType(conditionType, type);
}

/**
 * Starts the prefetches of a selection on `type`, and below it through object-typed fields (not through
 * interfaces or unions: what they hold is not known before they resolve).
 */
function walkSelection(
  walk: Walk,
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  seen: Set<string>,
) {
  for (const selection of selectionSet.selections) {
    if (skipped(walk, selection)) continue;
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (applies(walk, selection.typeCondition?.name.value, type))
        walkSelection(walk, type, selection.selectionSet, seen);
      continue;
    }
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = walk.fragments[selection.name.value];
      const key = `${type.name}:${selection.name.value}`;
      if (!fragment || seen.has(key) || !applies(walk, fragment.typeCondition.name.value, type)) continue;
      seen.add(key);
      walkSelection(walk, type, fragment.selectionSet, seen);
      continue;
    }
    const field = type.getFields()[selection.name.value];
    if (!field) continue;
    const prefetches = walk.ctx.prefetches as Record<string, Record<string, Prefetch> | undefined>;
    const prefetch = prefetches[type.name]?.[field.name];
    if (prefetch) {
      try {
        const args = field.args.length ? getArgumentValues(field, selection, walk.variables) : {};
        const started = prefetch(walk.ctx, args);
        // Its outcome, error or not, is the resolver's to report.
        if (started instanceof Promise) started.catch(() => {});
      } catch {
        // A bad argument: the resolver says so.
      }
    }
    const below = getNamedType(field.type);
    if (selection.selectionSet && isObjectType(below))
      walkSelection(walk, below, selection.selectionSet, seen);
  }
}

/** Starts, at once, the reads of every field below the one being resolved (a mutation payload's viewer, ...). */
export function prefetchBelow(ctx: GatewayContext, info: GraphQLResolveInfo): void {
  const type = getNamedType(info.returnType);
  if (!isObjectType(type)) return;
  const walk: Walk = {
    schema: info.schema,
    ctx,
    fragments: info.fragments,
    variables: info.variableValues,
  };
  for (const node of info.fieldNodes)
    if (node.selectionSet) walkSelection(walk, type, node.selectionSet, new Set());
}

/** Starts every read of a query that needs nothing but the request, before its first resolver runs. */
export function prefetchQueries(): Plugin<GatewayContext> {
  return {
    onExecute({ args }) {
      const document = args.document as DocumentNode;
      const operations = document.definitions.filter(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      );
      const operation = args.operationName
        ? operations.find((o) => o.name?.value === args.operationName)
        : operations.length === 1
          ? operations[0]
          : undefined;
      const root = args.schema.getQueryType();
      if (!operation || operation.operation !== 'query' || !root) return;
      // inputLimits (input-limits.ts) has refused variables that do not coerce, in bounded time, before this runs;
      // one error is all this needs to know, should any get here (without a cap GraphQL formats the whole value once
      // per error: 5,000 unknown keys held the process for 14 s).
      const variables = getVariableValues(
        args.schema,
        operation.variableDefinitions ?? [],
        (args.variableValues ?? {}) as Record<string, unknown>,
        { maxErrors: 1 },
      );
      // Variables that do not fit fail the execution itself, with their own errors.
      if (!variables.coerced) return;
      // No prototype: a fragment named __proto__ is a fragment like any other.
      const fragments: Record<string, FragmentDefinitionNode> = Object.create(null);
      for (const d of document.definitions)
        if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
      walkSelection(
        {
          schema: args.schema,
          ctx: args.contextValue as GatewayContext,
          fragments,
          variables: variables.coerced,
        },
        root,
        operation.selectionSet,
        new Set(),
      );
    },
  };
}
