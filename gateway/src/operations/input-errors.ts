import {
  coerceInputValue,
  getNamedType,
  getNullableType,
  GraphQLError,
  isEnumType,
  isInputObjectType,
  isInputType,
  isListType,
  isNonNullType,
  Kind,
  typeFromAST,
  ValuesOfCorrectTypeRule,
  type ASTNode,
  type ASTVisitor,
  type GraphQLInputType,
  type GraphQLSchema,
  type ValidationContext,
  type VariableDefinitionNode,
} from 'graphql';

/**
 * Coercion errors that name the input's place and the rule it breaks, never its value: GraphQL's own quote the value
 * ('Variable "$input" got invalid value { email: "…", password: "hunter2" }; …'), which puts a player's password,
 * token, email or phone into responses and logs, and which cost the time of formatting the whole value once per error
 * (5,000 unknown keys in one filter held the process for 14 s). Here each message is a short sentence of the place
 * and the rule, and a request gets at most MAX_INPUT_ERRORS of them.
 */

/** The most errors one request's variables get; the client learns there were more. */
export const MAX_INPUT_ERRORS = 50;

/** How much of a client's own name (an unknown field's) goes into a message. */
const MAX_NAME_IN_MESSAGE = 40;

export const shortName = (name: string) =>
  name.length > MAX_NAME_IN_MESSAGE ? `${name.slice(0, MAX_NAME_IN_MESSAGE)}…` : name;

/** What a value of a built-in scalar is, said without the value that was sent. */
const SCALAR_RULES: Record<string, string> = {
  String: 'a string',
  Int: 'a whole number of at most 32 bits',
  Float: 'a number',
  Boolean: 'true or false',
  ID: 'a string or a whole number',
  DateTime: 'an ISO 8601 date and time',
};

/** The rule a leaf value breaks: "must be a string (String!)", "must be one of the values of BannerSection". */
function leafRule(type: GraphQLInputType): string {
  const named = getNamedType(type);
  if (isEnumType(named)) return `must be one of the values of ${named.name}`;
  const what = SCALAR_RULES[named.name];
  return what ? `must be ${what} (${String(type)})` : `must be a value of type ${String(type)}`;
}

/** The type a coercion path leads to from the variable's type (path: field names and list indexes). */
function typeAt(type: GraphQLInputType, path: readonly (string | number)[]): GraphQLInputType | undefined {
  let at: GraphQLInputType | undefined = type;
  for (const key of path) {
    const nullable: GraphQLInputType | undefined = at && (getNullableType(at) as GraphQLInputType);
    if (nullable && isListType(nullable)) at = nullable.ofType as GraphQLInputType;
    else if (nullable && isInputObjectType(nullable) && typeof key === 'string')
      at = Object.hasOwn(nullable.getFields(), key) ? nullable.getFields()[key]!.type : undefined;
    else return undefined;
  }
  return at;
}

/** `$input.password`, `$filter.features[1]`, as input-limits.ts names places. */
const placeOf = (variable: string, path: readonly (string | number)[]) =>
  `$${variable}${path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('')}`;

const UNKNOWN_FIELD = /^Field "([^]*)" is not defined by type "(\w+)"/;
const MISSING_FIELD = /^Field "(\w+)" of required type "([^"]+)" was not provided/;

/** The message for one coercion error of GraphQL's, rewritten from its kind (its message names no value here). */
function ruleMessage(where: string, type: GraphQLInputType | undefined, graphqlMessage: string): string {
  const unknown = UNKNOWN_FIELD.exec(graphqlMessage.slice(0, 200));
  if (unknown) return `${where}.${shortName(unknown[1]!)} is not a field of ${unknown[2]}.`;
  const missing = MISSING_FIELD.exec(graphqlMessage);
  if (missing) return `${where}.${missing[1]} of required type ${missing[2]} was not provided.`;
  if (graphqlMessage.startsWith('Expected non-nullable type'))
    return `${where} must not be null${type ? ` (${String(type)})` : ''}.`;
  if (type && isInputObjectType(getNullableType(type)))
    return `${where} must be an object of type ${String(type)}.`;
  return `${where} ${type ? leafRule(type) : 'is not a valid value'}.`;
}

const inputError = (message: string, node: ASTNode | undefined) =>
  new GraphQLError(message, {
    ...(node ? { nodes: node } : {}),
    extensions: { code: 'BAD_USER_INPUT', http: { status: 400, spec: true } },
  });

/** Thrown to stop coercing once MAX_INPUT_ERRORS are known. */
const ENOUGH = Symbol('enough input errors');

/**
 * Coerces an operation's variables as GraphQL's execution will (graphql-js's own coerceInputValue), returning the
 * errors with safe messages, at most MAX_INPUT_ERRORS of them: coercion stops there, so a value with thousands of
 * unknown fields costs no more than one with fifty. Nothing here formats a value. The raw values must already be
 * within INPUT_LIMITS.maxDepth (input-limits.ts), which bounds the recursion of coerceInputValue.
 */
export function variableErrors(
  schema: GraphQLSchema,
  definitions: readonly VariableDefinitionNode[],
  values: Record<string, unknown>,
): GraphQLError[] {
  const errors: GraphQLError[] = [];
  const report = (error: GraphQLError) => {
    if (errors.length >= MAX_INPUT_ERRORS) {
      errors.push(
        inputError(
          `The variables hold more invalid values than the ${MAX_INPUT_ERRORS} listed; no more were looked at.`,
          undefined,
        ),
      );
      throw ENOUGH;
    }
    errors.push(error);
  };
  try {
    for (const definition of definitions) {
      const name = definition.variable.name.value;
      const type = typeFromAST(schema, definition.type);
      // Validation refuses a variable of an unknown or output type before execution; nothing to coerce here.
      if (!type || !isInputType(type)) continue;
      if (!Object.hasOwn(values, name) || values[name] === undefined) {
        if (!definition.defaultValue && isNonNullType(type))
          report(
            inputError(
              `Variable "$${name}" of required type "${String(type)}" was not provided.`,
              definition,
            ),
          );
        continue;
      }
      coerceInputValue(values[name], type, (path, _value, error) =>
        report(inputError(ruleMessage(placeOf(name, path), typeAt(type, path), error.message), definition)),
      );
    }
  } catch (err) {
    if (err !== ENOUGH) throw err;
  }
  return errors;
}

/** `login(input.password)`, `$filter.features`: where a value written in the document sits. */
export type PlaceOfValue = (ancestors: readonly (ASTNode | readonly ASTNode[])[]) => string;

/**
 * GraphQL's ValuesOfCorrectTypeRule with messages that name the place and the rule instead of quoting the value
 * written in the document (`login(input: { password: 12345678 })` would get "String cannot represent a non
 * string value: 12345678"). Its other messages (a missing or unknown field) name no value and stay as they are.
 */
export function safeValuesOfCorrectTypeRule(placeOf: PlaceOfValue) {
  return function SafeValuesOfCorrectTypeRule(context: ValidationContext): ASTVisitor {
    // The visit's own (live) ancestors and the parent of the value being visited: read only when an error is
    // reported, so a document of many values costs no copies.
    let seen: readonly (ASTNode | readonly ASTNode[])[] = [];
    let parent: ASTNode | readonly ASTNode[] | undefined;
    // The rule reports synchronously from its visitor: the proxy knows where the current value sits.
    const proxy: ValidationContext = Object.create(context);
    proxy.reportError = (error: GraphQLError) => {
      if (/^(Field "|OneOf )/.test(error.message)) return context.reportError(error);
      const type = context.getInputType();
      const where = placeOf(parent ? [...seen, parent] : seen) || 'A value';
      const rule =
        error.nodes?.[0]?.kind === Kind.NULL
          ? `must not be null${type ? ` (${String(type)})` : ''}`
          : type
            ? leafRule(type)
            : 'is not a valid value';
      context.reportError(new GraphQLError(`${where} ${rule}.`, { nodes: error.nodes ?? null }));
    };
    const inner = ValuesOfCorrectTypeRule(proxy) as Record<string, unknown>;
    const visitor: Record<string, unknown> = {};
    for (const [kind, enter] of Object.entries(inner)) {
      if (typeof enter !== 'function') continue;
      visitor[kind] = (
        node: ASTNode,
        key: unknown,
        above: ASTNode | readonly ASTNode[] | undefined,
        path: unknown,
        ancestors: readonly (ASTNode | readonly ASTNode[])[],
      ) => {
        seen = ancestors;
        parent = above;
        return (enter as (...args: unknown[]) => unknown)(node, key, above, path, ancestors);
      };
    }
    return visitor as ASTVisitor;
  };
}
