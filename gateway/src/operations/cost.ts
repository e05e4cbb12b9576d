import {
  getNamedType,
  getNullableType,
  getOperationAST,
  isAbstractType,
  isCompositeType,
  isListType,
  isObjectType,
  Kind,
  valueFromASTUntyped,
  type DocumentNode,
  type ExecutionArgs,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLArgument,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionNode,
  type ValueNode,
} from 'graphql';
import { MAX_PAGE_SIZE } from '../relay.js';

/**
 * The cost of an operation: how many objects it can return, counted before it runs, from the document, the schema
 * and the variables. Each field returning an object (or interface, or union) costs 1, a scalar or enum 0, and each is
 * multiplied by the sizes of the lists above it and of its own list:
 *
 * - `first` (or `last`), as given in the document or the variables, at most MAX_PAGE_SIZE (relay.ts refuses more);
 *   without one, the argument's default in schema.graphql (the page size its resolver uses); an explicit null, the
 *   maximum. A connection's size applies to its `edges` (one connection, `first` edges, one node per edge).
 * - `nodes(ids:)`: the number of ids given.
 * - a plain list with no size argument (gameProviders, a game's subGroups, a wallet's paymentMethods, ...):
 *   ASSUMED_LIST_SIZE.
 *
 * Fragments, named or inline, count as their fields written inline; on an interface or union, the most expensive
 * branch counts. Introspection (`__schema`, `__type`, GraphiQL's) costs nothing. One walk over the document: a
 * fragment spread many times is priced once per type it is spread on.
 *
 * So `nodes(ids: [100 ids]) { ... on Game { similarGames(first: 100) { id } } }` costs 100 × (1 + 100) = 10,100,
 * and `games(first: 40) { edges { node { similarGames(first: 100) { id } } } }` 1 + 40 × (1 + 1 + 100) = 4,081.
 */

/**
 * The size assumed of a list that takes no size argument. The longest such lists the gateway serves: the catalogue's
 * providers (18 in the sandbox), its categories and sub-groups, the loyalty tiers, the payment methods, the latest
 * wins; all of them short lists the casino keeps, none a player or partner can grow.
 */
const ASSUMED_LIST_SIZE = 20;

/** The arguments that slice a list or connection, in the order they are read. */
const SLICING_ARGUMENTS = ['first', 'last'] as const;
/** The argument whose items each return one object (`nodes(ids:)`). */
const ID_LIST_ARGUMENT = 'ids';

/** What pricing one operation needs, and whether a variable's value changed it (then it is not memoized). */
interface Pricing {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  /** Variable definitions' defaults, as plain values. */
  defaults: Map<string, unknown>;
  /** A fragment's cost on one type (and connection size), once computed. */
  spreads: Map<string, number>;
  readVariable: boolean;
}

function variableValue(pricing: Pricing, name: string): unknown {
  pricing.readVariable = true;
  return Object.hasOwn(pricing.variables, name) ? pricing.variables[name] : pricing.defaults.get(name);
}

/** An argument's value as written (a literal or a variable), or undefined when it is not given. */
function argumentValue(pricing: Pricing, field: FieldNode, name: string): unknown {
  const argument = field.arguments?.find((a) => a.name.value === name);
  if (!argument) return undefined;
  return valueOf(pricing, argument.value);
}

function valueOf(pricing: Pricing, node: ValueNode): unknown {
  if (node.kind === Kind.VARIABLE) return variableValue(pricing, node.name.value);
  if (node.kind === Kind.LIST) return node.values.map((v) => (v.kind === Kind.VARIABLE ? null : 0));
  return valueFromASTUntyped(node);
}

/** How many items a page argument asks for: the value given, its default when absent, the maximum when null. */
function pageSize(
  pricing: Pricing,
  field: FieldNode,
  definition: GraphQLField<unknown, unknown>,
): number | null {
  for (const name of SLICING_ARGUMENTS) {
    const argument: GraphQLArgument | undefined = definition.args.find((a) => a.name === name);
    if (!argument) continue;
    let value = argumentValue(pricing, field, name);
    if (value === undefined) value = argument.defaultValue;
    if (value === undefined && name === 'last') continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) return MAX_PAGE_SIZE;
    return Math.min(Math.max(Math.floor(value), 0), MAX_PAGE_SIZE);
  }
  return null;
}

/** How many ids a `nodes(ids:)` field is given: a list's items, one for a single value, none for null. */
function idCount(pricing: Pricing, field: FieldNode): number {
  const value = argumentValue(pricing, field, ID_LIST_ARGUMENT);
  if (value === null || value === undefined) return 0;
  return Array.isArray(value) ? value.length : 1;
}

/** A connection: an object type whose `edges` is a list (relay.ts). */
function isConnection(type: GraphQLCompositeType): boolean {
  if (!isObjectType(type)) return false;
  const edges = type.getFields().edges;
  return edges !== undefined && isListType(getNullableType(edges.type));
}

/** Whether @skip or @include leave the field or fragment out (literal or variable conditions). */
function leftOut(pricing: Pricing, node: SelectionNode): boolean {
  for (const directive of node.directives ?? []) {
    const name = directive.name.value;
    if (name !== 'skip' && name !== 'include') continue;
    const condition = directive.arguments?.find((a) => a.name.value === 'if');
    if (!condition) continue;
    const value = valueOf(pricing, condition.value);
    if (name === 'skip' && value === true) return true;
    if (name === 'include' && value === false) return true;
  }
  return false;
}

/** What one field costs: its own weight and its selection's, times the items it returns. */
function fieldCost(
  pricing: Pricing,
  field: FieldNode,
  parent: GraphQLCompositeType,
  slice: number | null,
): number {
  const name = field.name.value;
  // Introspection is free: GraphiQL's schema query is exempt, as it was from the depth-based cost.
  if (name.startsWith('__')) return 0;
  if (!('getFields' in parent)) return 0;
  const definition = parent.getFields()[name];
  if (!definition) return 0;
  const type = getNamedType(definition.type);
  const weight = isCompositeType(type) ? 1 : 0;
  const nullable = getNullableType(definition.type);
  let size = 1;
  let childSlice: number | null = null;
  const page = pageSize(pricing, field, definition);
  if (isListType(nullable)) {
    if (isConnection(parent) && name === 'edges') size = slice ?? MAX_PAGE_SIZE;
    else if (page !== null) size = page;
    else if (definition.args.some((a) => a.name === ID_LIST_ARGUMENT)) size = idCount(pricing, field);
    else size = ASSUMED_LIST_SIZE;
  } else if (page !== null) {
    // A connection: one object, whose edges are the page.
    childSlice = page;
  }
  if (size === 0) return 0;
  const inner =
    field.selectionSet && isCompositeType(type)
      ? selectionsCost(pricing, field.selectionSet.selections, type, childSlice)
      : 0;
  return size * (weight + inner);
}

/** The concrete types a composite type stands for. */
function concreteTypes(schema: GraphQLSchema, type: GraphQLCompositeType): readonly GraphQLObjectType[] {
  return isAbstractType(type) ? schema.getPossibleTypes(type) : [type];
}

/** The type a fragment's selections apply to: its condition, or (an inline fragment without one) where it stands. */
function conditionOf(
  pricing: Pricing,
  selection: SelectionNode,
  parent: GraphQLCompositeType,
): GraphQLCompositeType | null {
  let condition;
  if (selection.kind === Kind.INLINE_FRAGMENT) {
    condition = selection.typeCondition ? pricing.schema.getType(selection.typeCondition.name.value) : parent;
  } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
    const fragment = pricing.fragments.get(selection.name.value);
    condition = fragment && pricing.schema.getType(fragment.typeCondition.name.value);
  }
  return condition && isCompositeType(condition) ? condition : null;
}

/** The selections of an inline fragment or named fragment. */
function fragmentSelections(pricing: Pricing, selection: SelectionNode): readonly SelectionNode[] {
  if (selection.kind === Kind.INLINE_FRAGMENT) return selection.selectionSet.selections;
  if (selection.kind === Kind.FRAGMENT_SPREAD)
    return pricing.fragments.get(selection.name.value)?.selectionSet.selections ?? [];
  return [];
}

/**
 * A fragment's cost where it applies: on a concrete type, its fields on that type; on an interface or union, on its
 * own condition (the most expensive of its branches). A named fragment's is remembered for each type and page size.
 */
function fragmentCost(
  pricing: Pricing,
  selection: SelectionNode,
  on: GraphQLCompositeType,
  slice: number | null,
): number {
  const compute = () => selectionsCost(pricing, fragmentSelections(pricing, selection), on, slice);
  if (selection.kind !== Kind.FRAGMENT_SPREAD) return compute();
  const key = `${selection.name.value}@${on.name}#${slice}`;
  let cost = pricing.spreads.get(key);
  if (cost === undefined) {
    // Validation refuses fragment cycles before execution; a cycle priced anyway (a direct call) costs nothing.
    pricing.spreads.set(key, 0);
    cost = compute();
    pricing.spreads.set(key, cost);
  }
  return cost;
}

/**
 * A selection set's cost on `type`: its fields, plus its fragments. On an interface or union each concrete type is a
 * branch with the fragments that apply to it, and the most expensive branch counts.
 */
function selectionsCost(
  pricing: Pricing,
  selections: readonly SelectionNode[],
  type: GraphQLCompositeType,
  slice: number | null,
): number {
  let common = 0;
  const abstract = isAbstractType(type);
  const branches = new Map<string, number>();
  for (const selection of selections) {
    if (leftOut(pricing, selection)) continue;
    if (selection.kind === Kind.FIELD) {
      common += fieldCost(pricing, selection, type, slice);
      continue;
    }
    const condition = conditionOf(pricing, selection, type);
    if (!condition) continue;
    if (!abstract) {
      // A concrete type: the fragment applies if its condition is the type or stands for it.
      const applies = concreteTypes(pricing.schema, condition).some((t) => t.name === type.name);
      if (applies) common += fragmentCost(pricing, selection, type, slice);
      continue;
    }
    const mine = new Set(concreteTypes(pricing.schema, type).map((t) => t.name));
    const targets = concreteTypes(pricing.schema, condition).filter((t) => mine.has(t.name));
    if (targets.length === 0) continue;
    // Priced on its own condition once (a concrete type's fields, or an abstract one's dearest branch), then added
    // to every branch it applies to.
    const cost = fragmentCost(pricing, selection, targets.length === 1 ? targets[0]! : condition, slice);
    for (const target of targets) branches.set(target.name, (branches.get(target.name) ?? 0) + cost);
  }
  let dearest = 0;
  for (const cost of branches.values()) dearest = Math.max(dearest, cost);
  return common + dearest;
}

/** The operation's root type in the schema, or null (execution refuses what has none). */
function rootType(schema: GraphQLSchema, operation: OperationDefinitionNode): GraphQLObjectType | null {
  return schema.getRootType(operation.operation) ?? null;
}

/** Costs that no variable changed, by document and operation name. */
const byDocument = new WeakMap<DocumentNode, Map<string, number>>();
/** Every execution's cost, once asked for. */
const byExecution = new WeakMap<ExecutionArgs, number>();

/**
 * The cost of the operation `operationName` of `document` (see above) with `variables` as sent. 0 when the document
 * has no such single operation (execution refuses it). Remembered per document when no variable changed it.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
  variables?: Readonly<Record<string, unknown>> | null,
): number {
  const key = operationName ?? '';
  const known = byDocument.get(document)?.get(key);
  if (known !== undefined) return known;
  const operation = getOperationAST(document, operationName);
  const root = operation && rootType(schema, operation);
  if (!operation || !root) return 0;
  const pricing: Pricing = {
    schema,
    fragments: new Map(),
    variables: (variables ?? {}) as Record<string, unknown>,
    defaults: new Map(),
    spreads: new Map(),
    readVariable: false,
  };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      pricing.fragments.set(definition.name.value, definition);
  }
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue)
      pricing.defaults.set(definition.variable.name.value, valueFromASTUntyped(definition.defaultValue));
  }
  const cost = selectionsCost(pricing, operation.selectionSet.selections, root, null);
  if (!pricing.readVariable) {
    let costs = byDocument.get(document);
    if (!costs) byDocument.set(document, (costs = new Map()));
    costs.set(key, cost);
  }
  return cost;
}

/**
 * The cost of one execution (or subscription): its document's operation with its variables. Remembered for the
 * execution, so every plugin that asks (the cost limit, `extensions.cost`, a partner's cost budget) prices it once.
 */
export function costOf(args: ExecutionArgs): number {
  let cost = byExecution.get(args);
  if (cost === undefined) {
    cost = operationCost(args.schema, args.document, args.operationName, args.variableValues);
    byExecution.set(args, cost);
  }
  return cost;
}
