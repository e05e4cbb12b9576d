import { GraphQLError, NoSchemaIntrospectionCustomRule, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Refuses introspection (`__schema`, `__type`, and so every circular introspection query) as a validation error.
 * Yoga's disable-introspection plugin marks requests as they are parsed from HTTP, which graphql-ws messages never
 * are; a validation rule applies wherever the document is validated: HTTP, server-sent events and graphql-ws.
 * `__typename` stays allowed (clients need it to read unions).
 */
export function disableIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}

/**
 * "Did you mean ...?" in any error GraphQL writes: Armor's blockFieldSuggestion (limits.ts) hides the field
 * suggestions of validation only, while enum values ("Did you mean the enum value ...?"), arguments and input
 * fields are suggested by validation and by variable coercion too, which would map the schema all the same.
 */
const SUGGESTION = /Did you mean [^?]*\?/;
const SUGGESTIONS = new RegExp(SUGGESTION.source, 'g');
const MASK = '[Suggestion hidden]';

function withoutSuggestion<E extends Error>(error: E): E | GraphQLError {
  if (!(error instanceof GraphQLError) || !SUGGESTION.test(error.message)) return error;
  return new GraphQLError(error.message.replace(SUGGESTIONS, MASK), {
    nodes: error.nodes ?? null,
    source: error.source ?? null,
    positions: error.positions ?? null,
    path: error.path ?? null,
    extensions: error.extensions,
  });
}

const isResult = (value: unknown): value is ExecutionResult =>
  typeof value === 'object' && value !== null && !(Symbol.asyncIterator in value);

/** Production: no suggestion in validation errors or in variable coercion errors, over every transport. */
export function hideSuggestions(): Plugin {
  const inResult = ({ result, setResult }: { result: unknown; setResult(r: ExecutionResult): void }) => {
    if (!isResult(result) || !result.errors?.some((e) => SUGGESTION.test(e.message))) return;
    setResult({ ...result, errors: result.errors.map((e) => withoutSuggestion(e) as GraphQLError) });
  };
  return {
    onValidate() {
      return ({ valid, result, setResult }) => {
        if (!valid) setResult(result.map(withoutSuggestion));
      };
    },
    onExecute: () => ({ onExecuteDone: inResult }),
    onSubscribe: () => ({ onSubscribeResult: inResult }),
  };
}

/** What an error may tell a developer but not the internet: Yoga's echo of a malformed body, stack traces. */
const DETAILS = ['originalError', 'stacktrace', 'exception'];

const hasDetails = (error: GraphQLError) =>
  DETAILS.some((key) => error.extensions !== undefined && key in error.extensions);

function withoutDetails(error: GraphQLError): GraphQLError {
  const extensions: Record<string, unknown> = { ...error.extensions };
  // Yoga responds to an error it can explain with an originalError (a malformed body) with its own status (400) even to
  // a client accepting application/json; without the originalError it would respond 200. The status stays.
  const http = extensions.http as Record<string, unknown> | undefined;
  if (extensions.originalError !== undefined && http) extensions.http = { ...http, spec: false };
  for (const key of DETAILS) delete extensions[key];
  return new GraphQLError(error.message, {
    nodes: error.nodes ?? null,
    source: error.source ?? null,
    positions: error.positions ?? null,
    path: error.path ?? null,
    extensions,
  });
}

/**
 * In production an error says what was refused and nothing more: a malformed JSON body gets "POST body sent
 * invalid JSON." without the parser's message, which quotes the body back (a password in it included), and no
 * error carries a stack trace (Yoga adds them only in development; this holds whatever NODE_ENV says).
 */
export function hideErrorDetails(): Plugin {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || typeof result !== 'object' || result === null) return;
      if (Symbol.asyncIterator in result) return;
      const errors = (result as ExecutionResult).errors;
      if (!errors?.some(hasDetails)) return;
      setResult({
        ...result,
        errors: errors.map((e) => (hasDetails(e) ? withoutDetails(e) : e)),
      } as typeof result);
    },
  };
}
