import {
  GraphQLError,
  Kind,
  parse,
  validate,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { withIncrementalDirectives } from '../operations/incremental-delivery.js';
import { nestingDepth } from '../operations/nesting.js';
import { QUERY_LIMITS } from '../operations/limits.js';
import { operationHash } from './trusted-operations.js';

/** One operation of a published file, as it is registered: its name, its document's exact text and that text's hash. */
export interface PublishedOperation {
  name: string;
  text: string;
  hash: string;
}

/** The file's operations, or the problems that refuse it (each with its line and column, when it has one). */
export type Published = { operations: PublishedOperation[] } | { errors: string[] };

const located = (error: GraphQLError): string => {
  const at = error.locations?.[0];
  return at ? `${at.line}:${at.column} ${error.message}` : error.message;
};

/** The fragments a definition spreads, and those they spread, in the order the file defines them. */
function fragmentsUsed(
  definition: DefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): FragmentDefinitionNode[] {
  const used = new Set<string>();
  const pending: DefinitionNode[] = [definition];
  while (pending.length > 0) {
    visit(pending.pop()!, {
      FragmentSpread(node) {
        const name = node.name.value;
        const fragment = fragments.get(name);
        if (used.has(name) || !fragment) return;
        used.add(name);
        pending.push(fragment);
      },
    });
  }
  return [...fragments.values()].filter((fragment) => used.has(fragment.name.value));
}

/**
 * The operations of a .graphql file as a partner registers them: checked as the gateway checks a request (bracket
 * nesting before parsing, QUERY_LIMITS.maxNesting) and validated against the schema, then each operation with the
 * fragments it uses becomes one document. Its text is the file's own text of those definitions (the operation first,
 * then its fragments, in file order, a blank line between), so a file of one operation without fragments registers
 * exactly what it holds, trimmed; its hash is the SHA-256 of that text (trusted-operations.ts).
 */
export function publishedOperations(source: string, schema: GraphQLSchema): Published {
  const nesting = nestingDepth(source);
  if (nesting > QUERY_LIMITS.maxNesting) {
    return {
      errors: [
        `Brackets may nest at most ${QUERY_LIMITS.maxNesting} deep in one document, found ${nesting}.`,
      ],
    };
  }
  let document: DocumentNode;
  try {
    document = parse(source);
  } catch (err) {
    return { errors: [err instanceof GraphQLError ? located(err) : String(err)] };
  }
  const errors = validate(withIncrementalDirectives(schema), document).map(located);
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (operations.length === 0) errors.push('The file holds no operation (query, mutation or subscription).');
  if (errors.length > 0) return { errors };
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const textOf = (d: DefinitionNode) => source.slice(d.loc!.start, d.loc!.end);
  return {
    operations: operations.map((operation) => {
      const text = [operation, ...fragmentsUsed(operation, fragments)].map(textOf).join('\n\n');
      return { name: operation.name?.value ?? '(anonymous)', text, hash: operationHash(text) };
    }),
  };
}
