import { useCallback, useState } from 'react';
import { fetchQuery, useRelayEnvironment } from 'react-relay';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';

/**
 * Reads a screen's query again from the network (after the gateway answered part of it as null): the answer lands
 * in the store, so the screen shows it without remounting.
 */
export function useRetry<T extends OperationType>(query: GraphQLTaggedNode, variables: T['variables']) {
  const environment = useRelayEnvironment();
  const [retrying, setRetrying] = useState(false);
  const retry = useCallback(() => {
    setRetrying(true);
    fetchQuery<T>(environment, query, variables, { fetchPolicy: 'network-only' }).subscribe({
      complete: () => setRetrying(false),
      error: () => setRetrying(false),
    });
  }, [environment, query, variables]);
  return [retry, retrying] as const;
}
