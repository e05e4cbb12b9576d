/*
 * What the site imports from 'react-relay', from the modules that define it (the build resolves 'react-relay' here:
 * build/lean-relay.ts). react-relay's own index is CommonJS, so the bundler cannot drop what no screen uses: the
 * legacy containers (QueryRenderer, Fragment/Refetch/Pagination containers), entry points and the prefetching
 * pagination hook came with the first screen's JavaScript (about 9 kB gzipped, docs/benchmarks.md#lighthouse).
 * A name missing here fails the build ("not exported"), never a screen.
 */
import { fetchQuery, graphql, requestSubscription } from 'relay-runtime';
import loadQueryModule from 'react-relay/lib/relay-hooks/loadQuery';

export { fetchQuery, graphql, requestSubscription };
export const loadQuery = loadQueryModule.loadQuery;
export { default as RelayEnvironmentProvider } from 'react-relay/lib/relay-hooks/RelayEnvironmentProvider';
export { default as useFragment } from 'react-relay/lib/relay-hooks/useFragment';
export { default as useLazyLoadQuery } from 'react-relay/lib/relay-hooks/useLazyLoadQuery';
export { default as useMutation } from 'react-relay/lib/relay-hooks/useMutation';
export { default as usePaginationFragment } from 'react-relay/lib/relay-hooks/usePaginationFragment';
export { default as usePreloadedQuery } from 'react-relay/lib/relay-hooks/usePreloadedQuery';
export { default as useRefetchableFragment } from 'react-relay/lib/relay-hooks/useRefetchableFragment';
export { default as useRelayEnvironment } from 'react-relay/lib/relay-hooks/useRelayEnvironment';
export { default as useSubscription } from 'react-relay/lib/relay-hooks/useSubscription';
