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
 * of which the site uses. relay-runtime's index also requires, only to export them, the normalization engine (a
 * second normalizer nothing in Relay or the site calls: the store normalizes with RelayResponseNormalizer), the
 * profiler's instrumentation hooks, `readInlineData` (@inline fragments; the site has none) and the 3D-field payload
 * helper (@module), which no module of Relay or of the site requires.
 */
const UNUSED_REQUIRES: Record<string, readonly string[]> = {
  'react-relay/lib/relay-hooks/useFragmentInternal.js': ['./useFragmentInternal_CURRENT'],
  'relay-runtime/lib/index.js': [
    './store/createFragmentSpecResolver',
    './network/RelayQueryResponseCache',
    './query/fetchQuery_DEPRECATED',
    './mutations/applyOptimisticMutation',
    './mutations/commitLocalUpdate',
    './store/NormalizationEngine',
    './util/RelayProfiler',
    './store/readInlineData',
    './util/createPayloadFor3DField',
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
 * Modules Relay requires that the site runs in a smaller form, by the file requiring them: a sibling module (a path
 * beside the requiring file) or a stand-in's source (LEAN_MODULES).
 * - useQueryLoader and useLoadMoreFunction are each a switch on `RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY`
 *   between their `_EXPERIMENTAL` implementation and an older one written in the same file; Relay 21 turns the flag
 *   on and the site never turns it off, so the refetchable and pagination hooks call the `_EXPERIMENTAL` ones directly.
 * - The store's resolver cache serves Relay Resolvers (fields computed on the client, `@RelayResolver`, live
 *   resolvers, client edges), which the site has none of (no generated artifact holds a resolver field): the stand-in
 *   keeps the calls the store makes on every publish, notify and GC (each a no-op when no resolver record exists)
 *   and throws, saying so, on a resolver read.
 * - Declarative mutation configs (`configs:` RANGE_ADD, NODE_DELETE…, the legacy way to update connections) are
 *   converted only when a mutation or subscription passes `configs`; the site never does (its updaters do that
 *   work): the stand-in keeps the two constant tables relay-runtime exports.
 * - The handlers of the mutation directives (@deleteRecord, @deleteEdge, @appendEdge, @prependEdge, @appendNode,
 *   @prependNode) run only for fields an artifact marks with that handle; the site's artifacts hold only
 *   `connection` handles: each stand-in handler throws, saying so, if ever asked to update.
 */
const SIBLINGS: Record<string, Record<string, string>> = {
  'react-relay/lib/relay-hooks/useRefetchableFragmentInternal.js': {
    './useQueryLoader': './useQueryLoader_EXPERIMENTAL.js',
  },
  'react-relay/lib/relay-hooks/usePaginationFragment.js': {
    './useLoadMoreFunction': './useLoadMoreFunction_EXPERIMENTAL.js',
  },
};

const LEAN_PREFIX = '\0playlive:relay-lean:';
const NO_RESOLVERS =
  "throw new Error('Relay Resolvers were left out of the build: the site has none (web/build/lean-relay.ts)');";
const LEAN_MODULES: Record<string, string> = {
  'live-resolver-cache': `'use strict';
function LiveResolverCache(getRecordSource, store) {
  this._store = store;
}
LiveResolverCache.prototype.readFromCacheOrEvaluate = function () { ${NO_RESOLVERS} };
LiveResolverCache.prototype.ensureClientRecord = function () { ${NO_RESOLVERS} };
LiveResolverCache.prototype.getLiveResolverPromise = function () { ${NO_RESOLVERS} };
// Without live resolvers there is no live state to batch: the callback runs, and nothing is left to publish.
LiveResolverCache.prototype.batchLiveStateUpdates = function (callback) { callback(); };
LiveResolverCache.prototype.batchLiveStateUpdatesWithoutNotify = function (callback) { callback(); return false; };
// Each walks the resolver records depending on the IDs given: there are none.
LiveResolverCache.prototype.invalidateDataIDs = function () {};
LiveResolverCache.prototype.unsubscribeFromLiveResolverRecords = function () {};
LiveResolverCache.prototype.invalidateResolverRecords = function () {};
LiveResolverCache.prototype.notifyUpdatedSubscribers = function (updatedDataIDs) {
  this._store.__notifyUpdatedSubscribers(updatedDataIDs);
};
module.exports = {
  LiveResolverCache: LiveResolverCache,
  RELAY_RESOLVER_LIVE_STATE_SUBSCRIPTION_KEY: '__resolverLiveStateSubscription',
  getUpdatedDataIDs: function (updatedRecords) { return updatedRecords; },
};
`,
  'declarative-mutation-config': `'use strict';
module.exports = {
  MutationTypes: Object.freeze({ RANGE_ADD: 'RANGE_ADD', RANGE_DELETE: 'RANGE_DELETE', NODE_DELETE: 'NODE_DELETE' }),
  RangeOperations: Object.freeze({ APPEND: 'append', PREPEND: 'prepend' }),
  convert: function () {
    throw new Error('Declarative mutation configs were left out of the build: the site passes none (web/build/lean-relay.ts)');
  },
};
`,
  'mutation-handlers': `'use strict';
var leftOut = {
  update: function () {
    throw new Error('Relay\\'s mutation directives (@appendEdge…) were left out of the build: the site uses none (web/build/lean-relay.ts)');
  },
};
module.exports = {
  AppendEdgeHandler: leftOut,
  DeleteRecordHandler: leftOut,
  PrependEdgeHandler: leftOut,
  AppendNodeHandler: leftOut,
  PrependNodeHandler: leftOut,
  DeleteEdgeHandler: leftOut,
};
`,
};
const LEAN_REQUIRES: Record<string, Record<string, string>> = {
  'relay-runtime/lib/store/RelayModernStore.js': {
    './live-resolvers/LiveResolverCache': 'live-resolver-cache',
  },
  'relay-runtime/lib/index.js': {
    './mutations/RelayDeclarativeMutationConfig': 'declarative-mutation-config',
    './handlers/connection/MutationHandlers': 'mutation-handlers',
  },
  'relay-runtime/lib/handlers/RelayDefaultHandlerProvider.js': {
    './connection/MutationHandlers': 'mutation-handlers',
  },
  'relay-runtime/lib/mutations/commitMutation.js': {
    './RelayDeclarativeMutationConfig': 'declarative-mutation-config',
  },
  'relay-runtime/lib/subscription/requestSubscription.js': {
    '../mutations/RelayDeclarativeMutationConfig': 'declarative-mutation-config',
  },
};

/**
 * Leaner Relay in the browser bundle, with the same behaviour: the site's `import … from 'react-relay'` resolves to
 * build/react-relay-hooks.js (only the hooks the site uses; react-relay's index brings every legacy container
 * along), the requires of UNUSED_REQUIRES resolve to a function that throws, saying so, if ever called, and those of
 * SIBLINGS and LEAN_REQUIRES to the smaller module the site runs.
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
      if (inPackages.length === 1 || !packageFile) return null;
      if (UNUSED_REQUIRES[packageFile]?.includes(source)) return UNUSED;
      const sibling = SIBLINGS[packageFile]?.[source];
      if (sibling) return path.join(path.dirname(importer), sibling);
      const lean = LEAN_REQUIRES[packageFile]?.[source];
      if (lean) return LEAN_PREFIX + lean;
      return null;
    },
    load(id) {
      if (id.startsWith(LEAN_PREFIX)) return LEAN_MODULES[id.slice(LEAN_PREFIX.length)] ?? null;
      if (id !== UNUSED) return null;
      return (
        'module.exports = function relayUnused() {\n' +
        "  throw new Error('This Relay module was left out of the build as unused (web/build/lean-relay.ts)');\n" +
        '};\n'
      );
    },
  };
}
