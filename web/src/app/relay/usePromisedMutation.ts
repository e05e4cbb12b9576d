import { useCallback } from 'react';
import { useMutation, type UseMutationConfig } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';

/** A mutation as a promise of its payload (shared by every feature's mutation hooks). */
export function usePromisedMutation<T extends MutationParameters>(
  mutation: GraphQLTaggedNode,
  config?: Pick<UseMutationConfig<T>, 'updater'>,
) {
  const [commit, inFlight] = useMutation<T>(mutation);
  const updater = config?.updater;
  const run = useCallback(
    (variables: T['variables']) =>
      new Promise<T['response']>((resolve, reject) => {
        commit({
          variables,
          ...(updater ? { updater } : {}),
          onCompleted: (response) => resolve(response),
          onError: reject,
        });
      }),
    [commit, updater],
  );
  return [run, inFlight] as const;
}
