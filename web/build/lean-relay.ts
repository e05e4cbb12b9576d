import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const hooksEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'react-relay-hooks.js');
const UNUSED = '\0playlive:relay-unused';

/**
 * Modules Relay's CommonJS files require that the site never calls, by the file requiring them: the bundler cannot
 * drop an unused `require`, so each would ship with the first screen. useFragment's `_CURRENT` implementation runs
 * only when `RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY` is off (Relay 21 turns it on by default and the site
 * never turns it off, so the `_EXPERIMENTAL` one runs); the others serve the legacy containers (fragment spec
 * resolver), the old fetchQuery and response cache, local and optimistic updates outside a mutation, updatable
 * queries and fragments (`store.readUpdatableQuery`), and relay-runtime's experimental observe/wait helpers, none
 * of which the site uses.
 */
const UNUSED_REQUIRES: Record<string, readonly string[]> = {
  'react-relay/lib/relay-hooks/useFragmentInternal.js': ['./useFragmentInternal_CURRENT'],
  'relay-runtime/lib/index.js': [
    './store/createFragmentSpecResolver',
    './network/RelayQueryResponseCache',
    './query/fetchQuery_DEPRECATED',
    './mutations/applyOptimisticMutation',
    './mutations/commitLocalUpdate',
  ],
  'relay-runtime/lib/mutations/RelayRecordSourceProxy.js': [
    './readUpdatableFragment',
    './readUpdatableQuery',
  ],
  'relay-runtime/lib/mutations/RelayRecordSourceSelectorProxy.js': [
    './readUpdatableFragment',
    './readUpdatableQuery',
  ],
  'relay-runtime/lib/experimental.js': [
    './store/observeFragmentExperimental',
    './store/observeQueryExperimental',
    './store/waitForFragmentExperimental',
  ],
};

/**
 * Leaner Relay in the browser bundle, with the same behaviour: the site's `import … from 'react-relay'` resolves to
 * build/react-relay-hooks.js (only the hooks the site uses; react-relay's index brings every legacy container
 * along), and the requires of UNUSED_REQUIRES resolve to a function that throws, saying so, if ever called.
 * What it saves: docs/benchmarks.md#lighthouse.
 */
export function leanRelay(): Plugin {
  return {
    name: 'playlive:lean-relay',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const inPackages = importer.split(path.sep).join('/').split('/node_modules/');
      if (source === 'react-relay' && inPackages.length === 1) return hooksEntry;
      const packageFile = inPackages.at(-1);
      if (inPackages.length > 1 && packageFile && UNUSED_REQUIRES[packageFile]?.includes(source))
        return UNUSED;
      return null;
    },
    load(id) {
      if (id !== UNUSED) return null;
      return (
        'module.exports = function relayUnused() {\n' +
        "  throw new Error('This Relay module was left out of the build as unused (web/build/lean-relay.ts)');\n" +
        '};\n'
      );
    },
  };
}
