import {
  getNullableType,
  getOperationAST,
  GraphQLError,
  isInputObjectType,
  isListType,
  Kind,
  typeFromAST,
  type ASTNode,
  type ExecutionArgs,
  type GraphQLInputType,
  type ValidationContext,
  type ValidationRule,
  type ASTVisitor,
  ValuesOfCorrectTypeRule,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { safeValuesOfCorrectTypeRule, shortName, variableErrors } from './input-errors.js';

/**
 * The most one input value may hold, wherever it comes from (variables or values written in the document) and over
 * every transport (HTTP, server-sent events, graphql-ws).
 */
export const INPUT_LIMITS = {
  /**
   * Items in one input list. The longest legitimate lists: `nodes(ids:)` takes 100 IDs, and a filter's
   * multi-select (GameFilter.providers, features, themes, paylines) at most every value the catalogue offers,
   * which the catalogue rules cap at 100 (domain/catalogue.ts MAX_FILTER_VALUES).
   */
  maxListItems: 100,
  /**
   * Characters in one input string. The longest legitimate ones: a deposit's returnUrl and returnQuery (the
   * resolver allows 2,000 characters of query), a password-reset token, an idempotency key (255). Shorter
   * rules (the 40-character search text) are the resolvers', with their own messages.
   */
  maxStringLength: 4096,
  /**
   * Levels of objects and lists in one variable's value. The deepest legitimate one is two (a filter's list of
   * providers); a deeper value is refused before anything recursive (GraphQL's coercion, a cache key's
   * JSON.stringify) meets it: 30,000 nested lists in a 60 KB body overflowed the stack and returned 500.
   */
  maxDepth: 8,
} as const;

const tooManyItems = (where: string, count: number) =>
  new GraphQLError(`${where} can hold at most ${INPUT_LIMITS.maxListItems} items (it has ${count}).`, {
    extensions: { code: 'BAD_USER_INPUT', limit: INPUT_LIMITS.maxListItems },
  });

const tooLong = (where: string, length: number) =>
  new GraphQLError(`${where} can be at most ${INPUT_LIMITS.maxStringLength} characters (it has ${length}).`, {
    extensions: { code: 'BAD_USER_INPUT', limit: INPUT_LIMITS.maxStringLength },
  });

const tooDeep = (where: string) =>
  new GraphQLError(`${where} is nested deeper than ${INPUT_LIMITS.maxDepth} levels of objects and lists.`, {
    extensions: { code: 'BAD_USER_INPUT', limit: INPUT_LIMITS.maxDepth },
  });

/** Variables already found within maxDepth (an HTTP request's are checked as its parameters and at execution). */
const shallow = new WeakSet<object>();

/**
 * Whether some variable, declared or not, nests deeper than INPUT_LIMITS.maxDepth. One walk over every value, with
 * a stack of its own (no recursion, whatever the depth sent), before anything else reads the variables.
 */
export function checkVariableDepth(variables: unknown): GraphQLError | null {
  if (typeof variables !== 'object' || variables === null || shallow.has(variables)) return null;
  for (const [name, value] of Object.entries(variables)) {
    const pending: [unknown, number][] = [[value, 0]];
    while (pending.length > 0) {
      const [at, depth] = pending.pop()!;
      if (typeof at !== 'object' || at === null) continue;
      if (depth >= INPUT_LIMITS.maxDepth) {
        return tooDeep(`$${shortName(name)}`);
      }
      for (const inner of Array.isArray(at) ? at : Object.values(at)) pending.push([inner, depth + 1]);
    }
  }
  shallow.add(variables);
  return null;
}

/**
 * The first cap a variable's raw value breaks, following its declared type: lists are counted before their items
 * are looked at, so a list of two million strings is refused after one comparison. A value of the wrong shape is
 * left for GraphQL's coercion to refuse (it does so at the first mismatch).
 */
function checkValue(type: GraphQLInputType | undefined, value: unknown, where: string): GraphQLError | null {
  if (value === null || value === undefined || type === undefined) return null;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    // A single value where a list is declared is coerced to a list of one.
    if (!Array.isArray(value)) return checkValue(nullable.ofType, value, where);
    if (value.length > INPUT_LIMITS.maxListItems) return tooManyItems(where, value.length);
    for (let i = 0; i < value.length; i++) {
      const error = checkValue(nullable.ofType, value[i], `${where}[${i}]`);
      if (error) return error;
    }
    return null;
  }
  if (isInputObjectType(nullable)) {
    if (typeof value !== 'object' || Array.isArray(value)) return null;
    const fields = nullable.getFields();
    for (const [name, fieldValue] of Object.entries(value)) {
      if (!Object.hasOwn(fields, name)) continue;
      const error = checkValue(fields[name]!.type, fieldValue, `${where}.${name}`);
      if (error) return error;
    }
    return null;
  }
  if (typeof value === 'string' && value.length > INPUT_LIMITS.maxStringLength) {
    return tooLong(where, value.length);
  }
  return null;
}

/** The first cap the operation's variables break, named as `$variable.field[index]`. */
export function checkVariables(args: ExecutionArgs): GraphQLError | null {
  const variables = args.variableValues;
  if (!variables || typeof variables !== 'object') return null;
  // No single operation: execution refuses the request with its own error.
  const operation = getOperationAST(args.document, args.operationName);
  for (const definition of operation?.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (!Object.hasOwn(variables, name)) continue;
    const type = typeFromAST(args.schema, definition.type) as GraphQLInputType | undefined;
    const error = checkValue(type, variables[name], `$${name}`);
    if (error) return error;
  }
  return null;
}

/** Where a value written in the document sits, as `field(argument.field)`, for the error's message. */
function placeOf(ancestors: readonly (ASTNode | readonly ASTNode[])[]): string {
  let owner = '';
  const inside: string[] = [];
  for (const node of ancestors) {
    if (Array.isArray(node) || !('kind' in (node as ASTNode))) continue;
    const n = node as ASTNode;
    if (n.kind === Kind.FIELD) owner = n.name.value;
    else if (n.kind === Kind.DIRECTIVE) owner = `@${n.name.value}`;
    else if (n.kind === Kind.VARIABLE_DEFINITION) owner = `$${n.variable.name.value}`;
    if (n.kind === Kind.FIELD || n.kind === Kind.DIRECTIVE || n.kind === Kind.VARIABLE_DEFINITION) {
      inside.length = 0;
    }
    if (n.kind === Kind.ARGUMENT || n.kind === Kind.OBJECT_FIELD) inside.push(n.name.value);
  }
  if (owner.startsWith('$')) return inside.length ? `${owner}.${inside.join('.')}` : owner;
  return inside.length ? `${owner}(${inside.join('.')})` : owner;
}

/** The same caps on lists and strings written in the document itself (arguments and variable defaults). */
export function InputLimitsRule(context: ValidationContext): ASTVisitor {
  return {
    ListValue(node, _key, parent, _path, ancestors) {
      if (node.values.length > INPUT_LIMITS.maxListItems) {
        const error = tooManyItems(placeOf([...ancestors, parent!]), node.values.length);
        context.reportError(new GraphQLError(error.message, { nodes: node, extensions: error.extensions }));
      }
    },
    StringValue(node, _key, parent, _path, ancestors) {
      if (node.value.length > INPUT_LIMITS.maxStringLength) {
        const error = tooLong(placeOf([...ancestors, parent!]), node.value.length);
        context.reportError(new GraphQLError(error.message, { nodes: node, extensions: error.extensions }));
      }
    },
  };
}

/**
 * Refused like a variable GraphQL cannot coerce (variable-errors.ts): 400, or 200 when the client accepts only
 * application/json, as the GraphQL over HTTP spec asks.
 */
const asRequestError = (error: GraphQLError) =>
  new GraphQLError(error.message, {
    extensions: { ...error.extensions, http: { status: 400, spec: true } },
  });

/**
 * What refuses an operation's variables, in order: a value nested too deep, a list or string over its cap, then
 * every value GraphQL's coercion would refuse (at most MAX_INPUT_ERRORS, named by place and rule, never by value:
 * input-errors.ts). Variables that pass coerce without an error in the execution that follows, whose own messages
 * quote values and whose cost grows with them.
 */
function refuseVariables(args: ExecutionArgs): GraphQLError[] | null {
  const capped = checkVariableDepth(args.variableValues) ?? checkVariables(args);
  if (capped) return [asRequestError(capped)];
  // No single operation: execution refuses the request with its own error.
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation?.variableDefinitions?.length) return null;
  const errors = variableErrors(
    args.schema,
    operation.variableDefinitions,
    (args.variableValues ?? {}) as Record<string, unknown>,
  );
  return errors.length > 0 ? errors : null;
}

/** The document's values checked by GraphQL's rule, with messages naming no value (input-errors.ts). */
const SafeValuesOfCorrectTypeRule = safeValuesOfCorrectTypeRule(placeOf);

/**
 * Caps every input value (INPUT_LIMITS) and refuses what does not coerce, in bounded time. Variables are checked
 * before GraphQL coerces them, which is what would otherwise hold the process: coercion walks every item of a list,
 * and formats the whole value once per error. This runs for queries and mutations (onExecute) and subscriptions
 * (onSubscribe) alike, so graphql-ws and server-sent events are covered with HTTP; over HTTP the depth is checked
 * as soon as the parameters are read (onParams), before the guests' response cache makes a key of the variables, and
 * over graphql-ws before its subscriptions are grouped (realtime/ws-server.ts).
 */
export function inputLimits(): Plugin {
  return {
    onParams({ params }) {
      const error = checkVariableDepth(params.variables);
      // Thrown: every later onParams hook (the response cache's key) would still run after a setResult.
      if (error) throw asRequestError(error);
    },
    onValidate({ addValidationRule, setValidationFn, validateFn }) {
      addValidationRule(InputLimitsRule);
      setValidationFn((schema, document, rules, ...rest) =>
        validateFn(
          schema,
          document,
          rules?.map((rule: ValidationRule) =>
            rule === ValuesOfCorrectTypeRule ? SafeValuesOfCorrectTypeRule : rule,
          ),
          ...rest,
        ),
      );
    },
    onExecute({ args, setResultAndStopExecution }) {
      const errors = refuseVariables(args);
      if (errors) setResultAndStopExecution({ errors });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const errors = refuseVariables(args);
      if (errors) setResultAndStopExecution({ errors });
    },
  };
}
