import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLError, Kind, visit, type DocumentNode, type ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { nestingDepth } from './nesting.js';

/**
 * What one operation may ask for, over HTTP, server-sent events and graphql-ws alike (the WebSocket path runs the
 * same envelop plugins). Generous for the site's screens (the deepest, a game's tournaments' leaderboards, is 6
 * levels); tight enough that a hostile query cannot make the gateway fan out thousands of upstream calls.
 * Introspection (GraphiQL) is exempt from depth and cost. The cost (maxCost) is judged at execution, with the
 * variables (./cost-limit.ts); the rest when the document is parsed and validated.
 */
export const QUERY_LIMITS = {
  // Brackets ({ [ () nested in the raw text, checked before parsing (./nesting.ts): the parser recurses on each.
  // The site's and the documented partner operations nest at most 7 (docs/screens.graphql too); fields are held
  // to maxDepth after parsing.
  maxNesting: 64,
  maxDepth: 12,
  maxAliases: 30,
  maxTokens: 5000,
  // The objects an operation can return, each list's size multiplied in (./cost.ts). The heaviest known operation is
  // docs/screens.graphql's TournamentsScreen at 854 (20 tournaments with 10 leaders each); the site's heaviest,
  // TournamentsPageQuery, 641 (with every page-size variable at 100 too), the partner operations at most 21. 3,000
  // leaves 3.5x room over the heaviest (a partner's page of 100 games with their providers costs 301), and refuses
  // `games(first: 40) { edges { node { similarGames(first: 100) { id } } } }` (4,081) and 100 `nodes(ids:)` with
  // their similarGames(first: 100) (10,100). The cost of each site operation is checked in test/cost.test.ts.
  maxCost: 3_000,
  maxDirectives: 50,
  // Per place in the document, not per document: no screen puts more than two directives on one field (@include,
  // @skip) or asks for one field twice in one selection; scanners' "directive overloading" (ten unknown directives
  // on one field, each its own error) and "field duplication" (500 x __typename) documents are refused whole.
  maxDirectivesPerLocation: 4,
  maxRepeatsPerSelection: 3,
  // GraphQL's validation compares every pair of fragments spread together (OverlappingFieldsCanBeMergedRule): 500
  // one-field fragments, well within the token limit, held the process for 300 ms, and 100 for 50-110 ms. The
  // site's operations define at most 6 each (53 distinct fragments in the whole app).
  maxFragments: 50,
  // Variables an operation may declare. Validation checks each declaration against every use, and its errors come
  // one per unused variable: 600 declared variables (8 KB) held the process for 70-100 ms on a quiet 2-core machine.
  // The site's operations declare at most 4; a partner's screen query a handful.
  maxVariables: 50,
} as const;

/** The code every refusal by QUERY_LIMITS carries; extensions.limit names which limit (maxDepth, maxTokens, ...). */
export const QUERY_LIMIT_CODE = 'QUERY_LIMIT_EXCEEDED';

/**
 * Armor words each refusal as "Syntax Error: Query depth limit of 12 exceeded, found 13." with no code; a client
 * gets the same words without the "Syntax Error" (nothing is wrong with the syntax) and a code it can act on. Its
 * status travels with it (400, or 200 to a client accepting only application/json): a refused parse is kept in Yoga's
 * parse cache, and a text refused first over graphql-ws was otherwise answered 200 when it came again over HTTP.
 */
function limitError(limit: keyof typeof QUERY_LIMITS, armor: GraphQLError | string): GraphQLError {
  const message = typeof armor === 'string' ? armor : armor.message.replace(/^Syntax Error: /, '');
  return new GraphQLError(message, {
    extensions: {
      code: QUERY_LIMIT_CODE,
      limit,
      max: QUERY_LIMITS[limit],
      http: { status: 400, spec: true },
    },
  });
}

/** The first per-place limit a parsed document breaks, or null. */
function shapeViolation(document: DocumentNode): GraphQLError | null {
  let fragments = 0;
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments += 1;
  if (fragments > QUERY_LIMITS.maxFragments) {
    return limitError(
      'maxFragments',
      `At most ${QUERY_LIMITS.maxFragments} fragments may be defined in one document, found ${fragments}.`,
    );
  }
  for (const definition of document.definitions) {
    const declared =
      definition.kind === Kind.OPERATION_DEFINITION ? (definition.variableDefinitions?.length ?? 0) : 0;
    if (declared > QUERY_LIMITS.maxVariables) {
      return limitError(
        'maxVariables',
        `At most ${QUERY_LIMITS.maxVariables} variables may be declared by one operation, found ${declared}.`,
      );
    }
  }
  let found: GraphQLError | null = null;
  visit(document, {
    enter(node) {
      if (found) return false;
      if (
        'directives' in node &&
        node.directives &&
        node.directives.length > QUERY_LIMITS.maxDirectivesPerLocation
      ) {
        found = limitError(
          'maxDirectivesPerLocation',
          `At most ${QUERY_LIMITS.maxDirectivesPerLocation} directives may stand in one place, found ${node.directives.length}.`,
        );
        return false;
      }
      if (node.kind !== Kind.SELECTION_SET) return undefined;
      const repeats = new Map<string, number>();
      for (const selection of node.selections) {
        if (selection.kind !== Kind.FIELD) continue;
        const key = selection.alias?.value ?? selection.name.value;
        const n = (repeats.get(key) ?? 0) + 1;
        repeats.set(key, n);
        if (n > QUERY_LIMITS.maxRepeatsPerSelection) {
          found = limitError(
            'maxRepeatsPerSelection',
            `The field "${key}" may be asked for at most ${QUERY_LIMITS.maxRepeatsPerSelection} times in one selection.`,
          );
          return false;
        }
      }
      return undefined;
    },
  });
  return found;
}

/**
 * Per-place limits, checked once a document is parsed (before validation), so a document that breaks one gets that
 * one error rather than a validation error per repeated part. Yoga's parse cache hands a repeated text the same
 * document object, but parse hooks still run for it: a document found within them is remembered, so each is walked once.
 */
function documentShape(): Plugin {
  const withinLimits = new WeakSet<DocumentNode>();
  return {
    onParse({ params, setParsedDocument }) {
      const source = typeof params.source === 'string' ? params.source : params.source?.body;
      if (typeof source === 'string') {
        const nesting = nestingDepth(source);
        if (nesting > QUERY_LIMITS.maxNesting) {
          setParsedDocument(
            limitError(
              'maxNesting',
              `Brackets may nest at most ${QUERY_LIMITS.maxNesting} deep in one document, found ${nesting}.`,
            ) as unknown as DocumentNode,
          );
          return undefined;
        }
      }
      return ({ result, replaceParseResult }) => {
        if (!result || result instanceof Error || withinLimits.has(result as DocumentNode)) return;
        const violation = shapeViolation(result as DocumentNode);
        // A refused document gets a fresh error each time (errors are returned, and may be added to on the way).
        if (violation) replaceParseResult(violation as unknown as DocumentNode);
        else withinLimits.add(result as DocumentNode);
      };
    },
  };
}

export function queryLimits(options: { production: boolean }): Plugin[] {
  // Reported as validation errors (with any others) rather than thrown out of validation at the first.
  const report = (limit: keyof typeof QUERY_LIMITS) => ({
    propagateOnRejection: false,
    onReject: [
      (context: ValidationContext | null, error: GraphQLError) =>
        context?.reportError(limitError(limit, error)),
    ],
  });
  const armor = EnvelopArmorPlugin({
    // Depth counts fields, not fragment spreads: Relay builds every screen from fragments nested several deep.
    maxDepth: { n: QUERY_LIMITS.maxDepth, flattenFragments: true, ...report('maxDepth') },
    // Aliases of __typename count too (Armor lets them through by default): they cost little each, but a
    // hundred of them is no client's query, only a scanner's probe of whether aliases are limited.
    maxAliases: { n: QUERY_LIMITS.maxAliases, allowList: [], ...report('maxAliases') },
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
    // Armor's cost grows with depth, not with `first` or the ids given to `nodes`: the gateway's own (./cost.ts,
    // ./cost-limit.ts) counts what is returned, with the variables, so it is checked at execution instead.
    costLimit: { enabled: false },
    maxDirectives: { n: QUERY_LIMITS.maxDirectives, ...report('maxDirectives') },
    // "Did you mean ...?" helps developers in GraphiQL; in production it would map the schema for an attacker.
    blockFieldSuggestion: { enabled: options.production },
  }) as Plugin;
  return [documentShape(), armor];
}
