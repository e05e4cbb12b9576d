import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const hooksEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'react-relay-hooks.js');
const UNUSED = '\0playlive:relay-experimental-unused';
const relayHooksDir = `react-relay${path.sep}lib${path.sep}relay-hooks`;

/**
 * Leaner Relay in the browser bundle, with the same behaviour:
 * - the site's `import … from 'react-relay'` resolves to build/react-relay-hooks.js, which re-exports only the
 *   hooks the site uses (react-relay's CommonJS index brings every legacy container along);
 * - react-relay picks its `_EXPERIMENTAL` fragment, load-more and query-loader hooks over the current ones only when
 *   `RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY` is on, which the site never turns on: those modules are
 *   replaced by a function that says so, rather than shipped.
 * What each saves: docs/benchmarks.md#lighthouse.
 */
export function leanRelay(): Plugin {
  return {
    name: 'playlive:lean-relay',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react-relay' && importer && !importer.includes(`${path.sep}node_modules${path.sep}`)) {
        return hooksEntry;
      }
      if (
        /^\.\/(useFragmentInternal|useLoadMoreFunction|useQueryLoader)_EXPERIMENTAL$/.test(source) &&
        importer?.includes(relayHooksDir)
      ) {
        return UNUSED;
      }
      return null;
    },
    load(id) {
      if (id !== UNUSED) return null;
      return (
        'module.exports = function relayExperimentalHook() {\n' +
        "  throw new Error('RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY is on, but the build left out the hooks it " +
        "needs (web/build/lean-relay.ts)');\n};\n"
      );
    },
  };
}
