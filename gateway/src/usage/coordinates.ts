import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  print,
  typeFromAST,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { operationHash } from '../partners/trusted-operations.js';

/**
 * What one operation of a document uses of the schema, worked out once per document and operation name: its hash
 * (SHA-256 hex of the document's text, what partners publish operations by) and the schema coordinates it names
 * (`Type.field`, `Type.field(arg:)`, `Enum.VALUE` in literals, `Input.field`), plus the variables whose values can
 * name more (enum values, input fields) request by request.
 */
export interface OperationShape {
  readonly hash: string;
  /** The selected operation's own name (a request may leave operationName out when the document has one). */
  readonly name: string | null;
  readonly coordinates: readonly string[];
  /** Variables of a type holding enums or input objects: each request's values are walked (variableCoordinates). */
  readonly variables: readonly { name: string; walker: Walker }[];
}

const shapes = new WeakMap<DocumentNode, Map<string | null, OperationShape>>();

/** The shape of the operation `operationName` selects in `document` (cached by the document's object). */
export function operationShape(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null,
  text: string | null,
): OperationShape {
  let byName = shapes.get(document);
  if (!byName) shapes.set(document, (byName = new Map()));
  let shape = byName.get(operationName);
  if (!shape) {
    // The hash is the text's, shared by every operation of the document.
    const hash = byName.values().next().value?.hash ?? operationHash(text ?? print(document));
    shape = computeShape(schema, document, operationName, hash);
    byName.set(operationName, shape);
  }
  return shape;
}

function selectedOperation(document: DocumentNode, name: string | null): OperationDefinitionNode | null {
  let only: OperationDefinitionNode | null = null;
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    if (name !== null && def.name?.value === name) return def;
    if (name === null) {
      if (only) return null;
      only = def;
    }
  }
  return only;
}

function computeShape(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null,
  hash: string,
): OperationShape {
  const operation = selectedOperation(document, operationName);
  if (!operation) return { hash, name: null, coordinates: [], variables: [] };
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  }
  const found = new Set<string>();
  // The operation and the fragments it reaches, each visited once (a fragment's types come from its condition).
  const toVisit: ASTNode[] = [operation];
  const reached = new Set<string>();
  const typeInfo = new TypeInfo(schema);
  while (toVisit.length > 0) {
    visit(
      toVisit.pop()!,
      visitWithTypeInfo(typeInfo, {
        Field(node) {
          const parent = typeInfo.getParentType();
          if (!parent || node.name.value.startsWith('__')) return;
          const coordinate = `${parent.name}.${node.name.value}`;
          found.add(coordinate);
          for (const arg of node.arguments ?? []) found.add(`${coordinate}(${arg.name.value}:)`);
        },
        EnumValue(node) {
          const type = typeInfo.getInputType();
          if (type) found.add(`${getNamedType(type).name}.${node.value}`);
        },
        ObjectField(node) {
          const parent = typeInfo.getParentInputType();
          if (parent) found.add(`${getNamedType(parent).name}.${node.name.value}`);
        },
        FragmentSpread(node) {
          const fragment = fragments.get(node.name.value);
          if (fragment && !reached.has(fragment.name.value)) {
            reached.add(fragment.name.value);
            toVisit.push(fragment);
          }
        },
      }),
    );
  }
  const variables: { name: string; walker: Walker }[] = [];
  const compiled = new Map<GraphQLNamedType, Walker>();
  for (const def of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, def.type) as GraphQLInputType | undefined;
    const walker = type && namesMore(getNamedType(type)) ? walkerOf(type, compiled) : null;
    if (walker) variables.push({ name: def.variable.name.value, walker });
  }
  return { hash, name: operation.name?.value ?? null, coordinates: [...found], variables };
}

const namesMore = (type: GraphQLNamedType) => isEnumType(type) || isInputObjectType(type);

/**
 * A variable's type as its values are walked: compiled once per shape, so a request's walk is plain property reads
 * (graphql's type checks cost a few microseconds a value outside production).
 */
type Walker =
  | { kind: 'enum'; name: string; values: ReadonlySet<string> }
  | { kind: 'list'; of: Walker }
  | { kind: 'input'; name: string; fields: Map<string, Walker | null> };

function walkerOf(type: GraphQLInputType, compiled: Map<GraphQLNamedType, Walker>): Walker | null {
  if (isNonNullType(type)) return walkerOf(type.ofType, compiled);
  if (isListType(type)) {
    const of = walkerOf(type.ofType, compiled);
    return of && { kind: 'list', of };
  }
  const known = compiled.get(type);
  if (known) return known;
  if (isEnumType(type)) {
    const walker: Walker = {
      kind: 'enum',
      name: type.name,
      values: new Set(type.getValues().map((v) => v.name)),
    };
    compiled.set(type, walker);
    return walker;
  }
  if (!isInputObjectType(type)) return null;
  const walker: Walker = { kind: 'input', name: type.name, fields: new Map() };
  // Set before its fields: an input type may hold itself.
  compiled.set(type, walker);
  for (const field of Object.values(type.getFields())) {
    walker.fields.set(
      field.name,
      namesMore(getNamedType(field.type)) ? walkerOf(field.type, compiled) : null,
    );
  }
  return walker;
}

/**
 * The enum values and input fields a request's variable values name (its literals' are in the shape). Values are
 * walked as far as their types go; what the type does not know is left to GraphQL's coercion to refuse.
 */
export function variableCoordinates(
  shape: OperationShape,
  variables: unknown,
  into: Set<string> = new Set(),
): Set<string> {
  if (shape.variables.length === 0 || typeof variables !== 'object' || variables === null) return into;
  const values = variables as Record<string, unknown>;
  for (const { name, walker } of shape.variables) walk(walker, values[name], into, 0);
  return into;
}

/** Past this depth a value is not walked further (input limits refuse deeper variables before execution). */
const MAX_DEPTH = 20;

function walk(walker: Walker, value: unknown, into: Set<string>, depth: number): void {
  if (value === null || value === undefined || depth > MAX_DEPTH) return;
  switch (walker.kind) {
    case 'list':
      if (Array.isArray(value)) for (const item of value) walk(walker.of, item, into, depth + 1);
      else walk(walker.of, value, into, depth + 1);
      return;
    case 'enum':
      if (typeof value === 'string' && walker.values.has(value)) into.add(`${walker.name}.${value}`);
      return;
    case 'input':
      if (typeof value !== 'object' || Array.isArray(value)) return;
      for (const key in value as Record<string, unknown>) {
        const field = walker.fields.get(key);
        if (field === undefined) continue;
        into.add(`${walker.name}.${key}`);
        if (field) walk(field, (value as Record<string, unknown>)[key], into, depth + 1);
      }
  }
}
