/**
 * How deeply a GraphQL document's brackets nest, measured on its raw text in one pass without recursion. graphql-js
 * parses selections, lists and objects recursively, so a literal nested a few thousand levels deep (8 KB, under the
 * token limit) overflows its stack: a 500 over HTTP, a closed socket over graphql-ws, and a stack trace in the log.
 * Measured first, such a document never reaches the parser.
 *
 * Brackets inside strings ("…", block strings """…""") and comments (# to the line's end) do not count; a bracket
 * closed without an opener is left to the parser, which says where.
 */
export function nestingDepth(source: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x23 /* # */) {
      while (i < source.length && source[i] !== '\n' && source[i] !== '\r') i++;
    } else if (c === 0x22 /* " */) {
      if (source.startsWith('"""', i)) {
        // A block string ends at the next unescaped """ (\""" is an escaped one).
        i += 3;
        while (i < source.length && !(source.startsWith('"""', i) && source[i - 1] !== '\\')) i++;
        i += 2;
      } else {
        i++;
        while (i < source.length && source[i] !== '"' && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */ || c === 0x28 /* ( */) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */ || c === 0x29 /* ) */) {
      if (depth > 0) depth -= 1;
    }
  }
  return deepest;
}
