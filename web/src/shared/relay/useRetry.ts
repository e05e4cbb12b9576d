import { useState } from 'react';
import { fetchQuery, useRelayEnvironment } from 'react-relay';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';

/**
 * Asks for a screen's query again from the network after a part of it failed. The result lands in the store, so the
 * screen (already reading that query) shows it without suspending; `retrying` is true meanwhile.
 */
export function useRetry<T extends OperationType>(query: GraphQLTaggedNode, variables: T['variables']) {
  const environment = useRelayEnvironment();
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    fetchQuery<T>(environment, query, variables, { fetchPolicy: 'network-only' }).subscribe({
      complete: () => setRetrying(false),
      error: () => setRetrying(false),
    });
  };
  return { retry, retrying };
}
