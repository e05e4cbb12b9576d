import { GraphQLError, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { isAsyncIterable, mapAsyncIterator, type Plugin } from 'graphql-yoga';
import { costOf } from './cost.js';
import { QUERY_LIMIT_CODE, QUERY_LIMITS } from './limits.js';

/**
 * Refused like the other query limits (QUERY_LIMIT_CODE, the limit's name and maximum) plus what the operation
 * costs: 400, or 200 to a client that accepts only application/json, as the GraphQL over HTTP spec asks.
 */
function tooCostly(cost: number): GraphQLError {
  return new GraphQLError(`Query Cost limit of ${QUERY_LIMITS.maxCost} exceeded, found ${cost}.`, {
    extensions: {
      code: QUERY_LIMIT_CODE,
      limit: 'maxCost',
      max: QUERY_LIMITS.maxCost,
      cost,
      http: { status: 400, spec: true },
    },
  });
}

/**
 * A result with its operation's cost in extensions.cost (a stream's each part, a subscription's each event). Copied
 * with Object.assign: on Node 20 an object literal that spreads an object and then adds a property takes V8's slow
 * path (about 3 µs each, docs/benchmarks.md "Against its floor"); the two here were 1.6 % of the gateway's CPU per
 * persisted wallet query.
 */
function withCost<T extends ExecutionResult>(result: T, cost: number): T {
  return Object.assign({}, result, { extensions: Object.assign({}, result.extensions, { cost }) });
}

/** The refusal of an operation over QUERY_LIMITS.maxCost, or its cost, to report with its results. */
function judge(args: ExecutionArgs): { refused: ExecutionResult } | { cost: number } {
  const cost = costOf(args);
  return cost > QUERY_LIMITS.maxCost ? { refused: { errors: [tooCostly(cost)] } } : { cost };
}

/**
 * The cost limit (operations/cost.ts), for queries and mutations (onExecute) and subscriptions (onSubscribe), so
 * graphql-ws and server-sent events are held to it with HTTP: an operation over QUERY_LIMITS.maxCost is refused
 * before it runs (before the guests' response cache and the prefetches see it). Every result an operation gives
 * reports its cost in extensions.cost; a guest's result is kept in the response cache with it, so a hit reports it
 * too.
 */
export function costLimit(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const verdict = judge(args);
      if ('refused' in verdict) {
        setResultAndStopExecution(verdict.refused);
        return undefined;
      }
      const { cost } = verdict;
      return {
        onExecuteDone({ result, setResult }) {
          // An incremental delivery (@defer, @stream): each part says it.
          if (isAsyncIterable(result)) {
            return { onNext: ({ result: part, setResult: setPart }) => setPart(withCost(part, cost)) };
          }
          setResult(withCost(result, cost));
          return undefined;
        },
      };
    },
    // The subscribe function itself reports the cost, not a hook on this subscriber's results: a shared subscription
    // (realtime/share-subscriptions.ts, after this plugin) runs the function it finds here once for its group, and
    // graphql-ws members of a group receive its results without passing any hook.
    onSubscribe({ args, subscribeFn, setSubscribeFn, setResultAndStopExecution }) {
      const verdict = judge(args);
      if ('refused' in verdict) {
        setResultAndStopExecution(verdict.refused);
        return;
      }
      const { cost } = verdict;
      setSubscribeFn(async (subscribeArgs) => {
        const result = await subscribeFn(subscribeArgs);
        return isAsyncIterable(result)
          ? mapAsyncIterator(result as AsyncIterable<ExecutionResult>, (event) => withCost(event, cost))
          : result;
      });
    },
  };
}
