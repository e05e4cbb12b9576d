import { GraphQLDeferDirective, GraphQLStreamDirective } from '@graphql-tools/utils';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { GraphQLSchema, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * The schema as the gateway serves it: with `@defer` and `@stream`. schema.graphql declares both today (Relay's
 * compiler keeps @defer in the persisted documents only then), and Yoga's defer-stream plugin adds them at start to
 * a schema without them (deliverIncrementally); what checks a document away from a running gateway validates against
 * this, so a partner may register a document with @defer (partners/publish.ts) and the schema check keeps judging the
 * site's deferred operations (scripts/known-operations.ts) even if schema.graphql stops declaring them.
 */
export function withIncrementalDirectives(schema: GraphQLSchema): GraphQLSchema {
  const missing = [GraphQLDeferDirective, GraphQLStreamDirective].filter((d) => !schema.getDirective(d.name));
  if (missing.length === 0) return schema;
  return new GraphQLSchema({ ...schema.toConfig(), directives: [...schema.getDirectives(), ...missing] });
}

/**
 * `@defer` and `@stream` (Yoga's defer-stream plugin: the two directives added to the schema, and its validation
 * rules swapped in), with each document's validation kept: the gateway's validation cache, in place of Yoga's own
 * (server.ts turns that one off).
 *
 * Yoga's cache already validated each document once, but it sat after this plugin, so every request still paid
 * defer-stream's rule swap (a filter of about thirty rules by name, four rules added) and Yoga's cache key (the same
 * rules' names joined): reading a function's `name` is a native call, and the two were about 1 % of the gateway's CPU
 * per persisted wallet query. Kept here by schema and parsed document (Yoga's parse cache gives the same document
 * for the same text), the result of a document seen before is set before either runs. The rules every request
 * validates with are the same (the query limits, the input limits, introspection off: each plugin adds the same
 * ones every time), so the document alone decides the result. The other plugins' hooks still run on a hit (their
 * after-hooks see the kept result, as production's suggestion masking must).
 */
export function deliverIncrementally(): Plugin {
  const deferStream = useDeferStream() as Plugin;
  const kept = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, readonly Error[]>>();
  return {
    onSchemaChange: deferStream.onSchemaChange!,
    onValidate(payload) {
      const { schema, documentAST } = payload.params;
      let bySchema = kept.get(schema);
      const known = bySchema?.get(documentAST);
      if (known) {
        payload.setResult(known);
        return;
      }
      void deferStream.onValidate!(payload);
      return ({ result }) => {
        if (!bySchema) kept.set(schema, (bySchema = new WeakMap()));
        bySchema.set(documentAST, result);
      };
    },
  };
}
