import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLError, type ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * What one operation may ask for, over HTTP, server-sent events and graphql-ws alike (the WebSocket path runs the
 * same envelop plugins). Generous for the site's screens (the deepest, a game's tournaments' leaderboards, is 6
 * levels); tight enough that a hostile query cannot make the gateway fan out thousands of upstream calls.
 * Introspection (GraphiQL) is exempt from depth and cost.
 */
export const QUERY_LIMITS = {
  maxDepth: 12,
  maxAliases: 30,
  maxTokens: 5000,
  // Armor's cost grows with depth (1.5x a level), not with `first`: the whole tournaments screen with its
  // leaderboards (docs/screens.graphql) costs about 21,000, so 50,000 leaves room while still refusing the
  // deep, wide documents the depth and token limits let through.
  maxCost: 50_000,
  maxDirectives: 50,
} as const;

/** The code every refusal by QUERY_LIMITS carries; extensions.limit names which limit (maxDepth, maxTokens, ...). */
export const QUERY_LIMIT_CODE = 'QUERY_LIMIT_EXCEEDED';

/**
 * Armor words each refusal as "Syntax Error: Query depth limit of 12 exceeded, found 13." with no code; a client
 * gets the same words without the "Syntax Error" (nothing is wrong with the syntax) and a code it can act on.
 */
function limitError(limit: keyof typeof QUERY_LIMITS, armor: GraphQLError): GraphQLError {
  return new GraphQLError(armor.message.replace(/^Syntax Error: /, ''), {
    extensions: { code: QUERY_LIMIT_CODE, limit, max: QUERY_LIMITS[limit] },
  });
}

export function queryLimits(options: { production: boolean }): Plugin {
  // Reported as validation errors (with any others) rather than thrown out of validation at the first.
  const report = (limit: keyof typeof QUERY_LIMITS) => ({
    propagateOnRejection: false,
    onReject: [
      (context: ValidationContext | null, error: GraphQLError) =>
        context?.reportError(limitError(limit, error)),
    ],
  });
  return EnvelopArmorPlugin({
    // Depth counts fields, not fragment spreads (see the cost below).
    maxDepth: { n: QUERY_LIMITS.maxDepth, flattenFragments: true, ...report('maxDepth') },
    maxAliases: { n: QUERY_LIMITS.maxAliases, ...report('maxAliases') },
    // The token limit stops the parser itself, so it is thrown (a parse error) rather than reported.
    maxTokens: {
      n: QUERY_LIMITS.maxTokens,
      propagateOnRejection: false,
      onReject: [
        (_context: ValidationContext | null, error: GraphQLError) => {
          throw limitError('maxTokens', error);
        },
      ],
    },
    // A fragment costs what its fields would inline: Relay builds every screen from fragments nested several deep,
    // and Armor's default charges each level of spreading 1.5x again (the tournaments page came to 241,000 as
    // fragments against 35,000 inline), which would refuse the site's own queries and protect nothing, since the
    // same fields written inline are allowed.
    costLimit: { maxCost: QUERY_LIMITS.maxCost, flattenFragments: true, ...report('maxCost') },
    maxDirectives: { n: QUERY_LIMITS.maxDirectives, ...report('maxDirectives') },
    // "Did you mean ...?" helps developers in GraphiQL; in production it would map the schema for an attacker.
    blockFieldSuggestion: { enabled: options.production },
  }) as Plugin;
}
