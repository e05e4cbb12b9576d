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

/** What an error may tell a developer but not the internet: Yoga's echo of a malformed body, stack traces. */
const DETAILS = ['originalError', 'stacktrace', 'exception'];

const hasDetails = (error: GraphQLError) =>
  DETAILS.some((key) => error.extensions !== undefined && key in error.extensions);

function withoutDetails(error: GraphQLError): GraphQLError {
  const extensions: Record<string, unknown> = { ...error.extensions };
  // Yoga answers an error it can explain with an originalError (a malformed body) with its own status (400) even to
  // a client accepting application/json; without the originalError it would answer 200. The status stays.
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
 * In production an error says what was refused and nothing more: a malformed JSON body is answered "POST body sent
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
