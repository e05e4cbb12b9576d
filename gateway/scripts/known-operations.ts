/**
 * The operations clients send, for `schema:check`: the site's persisted operations and the partner operations kept
 * in docs/partner-operations/*.graphql, both as they stand at the base ref (what is deployed and what partners send
 * today), and which of them a schema change breaks.
 *
 * The site's operations are built fresh at the ref, by the ref's own `npm run relay -w web` in a throwaway copy of
 * its tree: the file the compiler writes (web/src/__generated__/persisted-operations.json) is never committed, and
 * one in the working copy may be stale or compiled against the new schema (where every operation it holds is valid).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isRequiredInputField,
  Kind,
  parse,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
  type ASTVisitor,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type TypeNode,
} from 'graphql';
import { withIncrementalDirectives } from '../src/operations/incremental-delivery.js';

export const SITE_OPERATIONS = 'web/src/__generated__/persisted-operations.json';
export const PARTNER_OPERATIONS = 'docs/partner-operations';

/** This repository's node_modules: the copy at the ref runs the compiler installed here. */
const NODE_MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules');

export interface KnownOperation {
  name: string;
  /** Who sends it: "site" or the partner file (docs/partner-operations/quick-start.graphql). */
  source: string;
  document: DocumentNode;
}

export interface KnownOperations {
  operations: KnownOperation[];
  /** One line on where they came from, for the report. */
  summary: string;
}

/**
 * The known operations at `ref` of the repository at `root`: the site's (when the ref has web/package.json with a
 * `relay` script) and the partners' (docs/partner-operations/*.graphql at the ref and in the working copy: a file
 * deleted in the change still describes what a partner sends).
 */
export function knownOperations(root: string, ref: string): KnownOperations {
  const { site, partners: atRef } = atCommit(root, ref);
  const partners = distinct([...atRef, ...partnerOperations(path.join(root, PARTNER_OPERATIONS))]);
  return {
    operations: [...site.operations, ...partners],
    summary: `Known operations: ${site.summary}; ${partners.length} of partners (${PARTNER_OPERATIONS}/*.graphql)`,
  };
}

/**
 * What a commit's tree holds, once per process: a commit never changes, and the site's build takes seconds, which the
 * tests (many checks against one base, in one process) would otherwise pay at every check.
 */
const commits = new Map<string, { site: KnownOperations; partners: KnownOperation[] }>();

function atCommit(root: string, ref: string) {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  const key = `${root}\n${commit}`;
  const known = commits.get(key);
  if (known) return known;
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-check-tree-'));
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', commit], {
      cwd: root,
      maxBuffer: 1 << 30,
    });
    execFileSync('tar', ['-x', '-C', tree], { input: archive });
    const found = {
      site: siteOperations(tree, ref),
      partners: partnerOperations(path.join(tree, PARTNER_OPERATIONS)),
    };
    commits.set(key, found);
    return found;
  } finally {
    fs.rmSync(tree, { recursive: true, force: true });
  }
}

function siteOperations(tree: string, ref: string): KnownOperations {
  const manifest = path.join(tree, 'web/package.json');
  const scripts = fs.existsSync(manifest)
    ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> }).scripts
    : undefined;
  if (!scripts?.relay)
    return { operations: [], summary: `no site at '${ref}' (no relay script in web/package.json)` };
  fs.symlinkSync(NODE_MODULES, path.join(tree, 'node_modules'));
  const build = spawnSync('npm', ['run', 'relay'], { cwd: path.join(tree, 'web'), encoding: 'utf8' });
  const file = path.join(tree, SITE_OPERATIONS);
  if (build.status !== 0 || !fs.existsSync(file)) {
    const output = `${build.stdout}${build.stderr}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`Building the site's operations at '${ref}' (npm run relay -w web) failed:\n${output}`);
  }
  const persisted = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  const operations = Object.values(persisted).flatMap((text) => split(parse(text), 'site'));
  return { operations, summary: `${operations.length} of the site (built at '${ref}')` };
}

/** Every operation in the folder's .graphql files. */
function partnerOperations(dir: string): KnownOperation[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .flatMap((file) => {
      // Without locations: the same operation at another place in the file (one added above it) is the same text.
      const document = parse(fs.readFileSync(path.join(dir, file), 'utf8'), { noLocation: true });
      return split(document, `${PARTNER_OPERATIONS}/${file}`);
    });
}

/** Each operation once per distinct name and text (the ref's and the working copy's files hold the same ones). */
function distinct(operations: KnownOperation[]): KnownOperation[] {
  const seen = new Map<string, KnownOperation>();
  for (const op of operations) seen.set(`${op.name}\n${JSON.stringify(op.document)}`, op);
  return [...seen.values()];
}

/** One document per operation, each with the fragments it spreads (directly or through other fragments). */
function split(document: DocumentNode, source: string): KnownOperation[] {
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  return operations.map((op, i) => {
    const used = new Set<string>();
    const pending: DefinitionNode[] = [op];
    while (pending.length > 0) {
      visit(pending.pop()!, {
        FragmentSpread(node) {
          const fragment = fragments.get(node.name.value);
          if (fragment && !used.has(node.name.value)) {
            used.add(node.name.value);
            pending.push(fragment);
          }
        },
      });
    }
    const definitions = [op, ...[...used].map((name) => fragments.get(name)!)];
    const name = op.name?.value ?? `(anonymous operation ${i + 1})`;
    return { name, source, document: { kind: Kind.DOCUMENT, definitions } };
  });
}

/**
 * What an operation uses of a schema, as graphql-inspector names a change's path: `Type`, `Type.field`,
 * `Type.field.argument`, `Input.field`, `Enum.VALUE`.
 */
export function schemaCoordinates(schema: GraphQLSchema, document: DocumentNode): Set<string> {
  const used = new Set<string>();
  const typeInfo = new TypeInfo(schema);
  const named = (type: Parameters<typeof getNamedType>[0]) => {
    const t = getNamedType(type);
    if (t) used.add(t.name);
    return t?.name;
  };
  const visitor: ASTVisitor = {
    Field(node) {
      const parent = typeInfo.getParentType();
      named(typeInfo.getFieldDef()?.type);
      if (parent) used.add(`${parent.name}.${node.name.value}`).add(parent.name);
    },
    Argument(node) {
      const parent = typeInfo.getParentType();
      const field = typeInfo.getFieldDef();
      named(typeInfo.getArgument()?.type);
      if (parent && field) used.add(`${parent.name}.${field.name}.${node.name.value}`);
    },
    ObjectField(node) {
      const input = named(typeInfo.getParentInputType());
      if (input) used.add(`${input}.${node.name.value}`);
      named(typeInfo.getInputType());
    },
    EnumValue(node) {
      const type = named(typeInfo.getInputType());
      if (type) used.add(`${type}.${node.value}`);
    },
    NamedType(node) {
      // Type conditions of fragments and inline fragments, and variables' types.
      if (schema.getType(node.name.value)) used.add(node.name.value);
    },
    VariableDefinition(node) {
      // A variable's value is the caller's: it may hold any field of its input type, at any depth, or any value of
      // an enum, so the operation uses all of them.
      walkInput(schema, namedTypeOf(node.type), (coordinate) => used.add(coordinate));
    },
  };
  visit(document, visitWithTypeInfo(typeInfo, visitor));
  return used;
}

/** The type name inside a variable's type (`[RegisterInput!]!` → RegisterInput). */
function namedTypeOf(type: TypeNode): string {
  return type.kind === Kind.NAMED_TYPE ? type.name.value : namedTypeOf(type.type);
}

/**
 * Every input type and enum reachable from `name` in `schema` (through input fields, at any depth), each once:
 * `visit` is told `Type`, `Input.field` and `Enum.VALUE` of each.
 */
function walkInput(
  schema: GraphQLSchema,
  name: string,
  visit: (coordinate: string) => void,
  seen = new Set<string>(),
): void {
  if (seen.has(name)) return;
  seen.add(name);
  const type = schema.getType(name);
  if (isEnumType(type)) {
    visit(name);
    for (const value of type.getValues()) visit(`${name}.${value.name}`);
  } else if (isInputObjectType(type)) {
    visit(name);
    for (const field of Object.values(type.getFields())) {
      visit(`${name}.${field.name}`);
      walkInput(schema, getNamedType(field.type).name, visit, seen);
    }
  }
}

/**
 * Whether every value of the input type `was` is a value of `now` (`String!` → `String` yes; `String` → `String!`,
 * `String` → `Int`, `[String]` → `String` no). A single value is coerced into a one-item list, so `String` →
 * `[String]` keeps them. Input objects and enums are compared by name here; their fields and values one by one
 * (inputBreaks).
 */
function accepts(now: GraphQLInputType, was: GraphQLInputType): boolean {
  if (isNonNullType(now)) return isNonNullType(was) && accepts(now.ofType, was.ofType);
  if (isNonNullType(was)) return accepts(now, was.ofType);
  if (isListType(now)) return accepts(now.ofType, isListType(was) ? was.ofType : was);
  if (isListType(was)) return false;
  return now.name === was.name;
}

/**
 * What a schema change breaks in the values of an operation's variables, which validation cannot see (a document
 * that sends `register(input: $input)` validates whatever RegisterInput becomes): the variables' input types, and the
 * input types and enums inside them, compared field by field and value by value. A value the callers sent before may
 * be refused now when a field is added as required or becomes required, changes its type, or is removed, or when an
 * enum value is removed. One message per such place, naming it from the variable (`$input.idNumber`).
 */
export function inputBreaks(before: GraphQLSchema, after: GraphQLSchema, document: DocumentNode): string[] {
  const breaks: string[] = [];
  const walk = (name: string, place: string, seen: Set<string>) => {
    if (seen.has(name)) return;
    seen.add(name);
    const was = before.getType(name);
    const now = after.getType(name);
    if (isEnumType(was) && isEnumType(now)) {
      for (const value of was.getValues()) {
        if (!now.getValue(value.name))
          breaks.push(`${place} can no longer be ${value.name} (${name}.${value.name} was removed).`);
      }
      return;
    }
    if (!isInputObjectType(was) || !isInputObjectType(now)) return;
    const wasFields = was.getFields();
    const nowFields = now.getFields();
    for (const field of Object.values(nowFields)) {
      const old = wasFields[field.name];
      const at = `${place}.${field.name}`;
      if (isRequiredInputField(field) && (!old || !isRequiredInputField(old))) {
        breaks.push(
          `${at} is now required (${name}.${field.name}: ${String(field.type)}): a value without it is refused.`,
        );
      } else if (old && !accepts(field.type, old.type)) {
        breaks.push(
          `${at} changed type from ${String(old.type)} to ${String(field.type)} (${name}.${field.name}).`,
        );
      }
      if (old) walk(getNamedType(field.type).name, at, seen);
    }
    for (const old of Object.values(wasFields)) {
      if (!nowFields[old.name]) {
        breaks.push(
          `${place}.${old.name} was removed (${name}.${old.name}): a value that sends it is refused.`,
        );
      }
    }
  };
  visit(document, {
    VariableDefinition(node) {
      walk(namedTypeOf(node.type), `$${node.variable.name.value}`, new Set());
    },
  });
  return breaks;
}

export interface Verdict {
  operation: KnownOperation;
  /**
   * Why it is broken (none: not broken): its validation errors against the new schema, and what its variables'
   * values can no longer be (inputBreaks), which validation cannot see.
   */
  errors: string[];
}

/**
 * The known operations that were valid against the base schema, each with its validation errors against the new
 * one and the breaks of its variables' input types; and those already invalid against the base (a stale partner
 * file), which no change can break.
 */
export function judge(before: GraphQLSchema, after: GraphQLSchema, operations: KnownOperation[]) {
  // As the gateway serves each schema: with @defer and @stream, which the site's screens use.
  const [served, next] = [withIncrementalDirectives(before), withIncrementalDirectives(after)];
  const valid = operations.filter((op) => validate(served, op.document).length === 0);
  const verdicts: Verdict[] = valid.map((operation) => {
    const invalid = validate(next, operation.document).map((e) => e.message);
    // A document that no longer validates is broken whatever its variables hold.
    return {
      operation,
      errors: invalid.length > 0 ? invalid : inputBreaks(before, after, operation.document),
    };
  });
  const invalidAtBase = operations.filter((op) => !valid.includes(op));
  return { verdicts, invalidAtBase };
}

/**
 * Whether `document` may rely on the default of `coordinate` (in `schema`, the base): for an argument
 * (`Type.field.arg`), a selection of the field that omits the argument or passes a variable the caller may leave out
 * (nullable, with no default of its own); for an input field (`Input.field`), an object of the input type written in
 * the operation without the field, or a variable through which the caller sends one (it may leave the field out).
 * A changed default changes what such an operation does, though it still validates.
 */
export function reliesOnDefault(
  schema: GraphQLSchema,
  kind: 'argument' | 'inputField',
  coordinate: string,
  document: DocumentNode,
): boolean {
  const parts = coordinate.split('.');
  let relies = false;
  const optionalVariables = new Set<string>();
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const v of def.variableDefinitions ?? []) {
      if (v.type.kind !== Kind.NON_NULL_TYPE && !v.defaultValue) optionalVariables.add(v.variable.name.value);
      if (kind === 'inputField') {
        const reached = new Set<string>();
        walkInput(schema, namedTypeOf(v.type), (c) => reached.add(c));
        if (reached.has(coordinate)) relies = true;
      }
    }
  }
  const typeInfo = new TypeInfo(schema);
  const visitor: ASTVisitor = {
    Field(node) {
      if (kind !== 'argument') return;
      const parent = typeInfo.getParentType();
      if (parent?.name !== parts[0] || node.name.value !== parts[1]) return;
      const arg = node.arguments?.find((a) => a.name.value === parts[2]);
      if (!arg || (arg.value.kind === Kind.VARIABLE && optionalVariables.has(arg.value.name.value)))
        relies = true;
    },
    ObjectValue(node) {
      if (kind !== 'inputField') return;
      const input = typeInfo.getInputType();
      if (
        input &&
        getNamedType(input).name === parts[0] &&
        !node.fields.some((f) => f.name.value === parts[1])
      )
        relies = true;
    },
  };
  visit(document, visitWithTypeInfo(typeInfo, visitor));
  return relies;
}
