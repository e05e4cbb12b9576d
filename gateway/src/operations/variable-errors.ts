import { GraphQLError, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * A request GraphQL refuses before executing anything: a variable it cannot coerce (`{"first": 1.5}` for an Int, a
 * wrong type, a missing required one) or no operation to run. Such errors come without a code; here they get
 * BAD_USER_INPUT, as every other refusal of what a client sent.
 *
 * The status is that of a validation error: 400 for a client that accepts application/graphql-response+json, 200
 * for one that accepts application/json (or says nothing), as the GraphQL over HTTP spec asks. Yoga's executor
 * would respond 400 to both.
 */
function withCode(result: ExecutionResult): ExecutionResult | null {
  if ('data' in result || !result.errors?.some((e) => e.extensions?.code === undefined)) return null;
  return {
    ...result,
    errors: result.errors.map((error) =>
      error.extensions?.code !== undefined
        ? error
        : // A new error without originalError: nothing of the coercion's internals goes to the client.
          new GraphQLError(error.message, {
            nodes: error.nodes ?? null,
            source: error.source ?? null,
            positions: error.positions ?? null,
            path: error.path ?? null,
            extensions: {
              ...error.extensions,
              code: 'BAD_USER_INPUT',
              http: { status: 400, spec: true },
            },
          }),
    ),
  };
}

const isResult = (value: unknown): value is ExecutionResult =>
  typeof value === 'object' && value !== null && !(Symbol.asyncIterator in value);

export function codeVariableErrors(): Plugin {
  return {
    onExecute() {
      return {
        onExecuteDone({ result, setResult }) {
          if (!isResult(result)) return;
          const coded = withCode(result);
          if (coded) setResult(coded);
        },
      };
    },
    onSubscribe() {
      return {
        onSubscribeResult({ result, setResult }) {
          if (!isResult(result)) return;
          const coded = withCode(result);
          if (coded) setResult(coded);
        },
      };
    },
  };
}
