import { useCallback } from 'react';
import { useMutation as useRelayMutation, type UseMutationConfig } from 'react-relay';
import {
  commitMutation,
  type GraphQLTaggedNode,
  type IEnvironment,
  type MutationConfig,
  type MutationParameters,
  type PayloadError,
} from 'relay-runtime';

/** A GraphQL error as the gateway sends it: every one has a code (docs/architecture.md#errors). */
export interface GraphQLErrorLike {
  message: string;
  extensions?: { code?: string; fields?: Record<string, string[]> };
}

/** The code of a mutation that never reached the gateway, or whose response was not GraphQL. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

/**
 * Why a mutation failed: the gateway's errors (the first one's message and code), or the network's failure
 * (`NETWORK_ERROR`, the browser's error as `cause`). `data` is the payload when the gateway returned one beside
 * its errors (a part of it could not be read), for the rare caller to whom the part that worked matters.
 */
export class MutationError<Data = unknown> extends Error {
  readonly code: string;
  readonly errors: readonly GraphQLErrorLike[];
  readonly data: Data | null;

  constructor(errors: readonly GraphQLErrorLike[], options: { data?: Data | null; cause?: unknown } = {}) {
    const cause = options.cause;
    super(errors[0]?.message ?? (cause instanceof Error ? cause.message : 'An error occurred'), { cause });
    this.name = 'MutationError';
    this.errors = errors;
    this.code = errors[0]?.extensions?.code ?? NETWORK_ERROR;
    this.data = options.data ?? null;
  }
}

/** The network layer's error as a MutationError (the environment passes the gateway's errors on as `errors`). */
function fromNetwork(err: Error): MutationError {
  if (err instanceof MutationError) return err;
  const errors = (err as { errors?: readonly GraphQLErrorLike[] }).errors;
  return errors?.length ? new MutationError(errors, { cause: err }) : new MutationError([], { cause: err });
}

/** What a mutation may do to the store besides normalising its payload. */
export type MutationOptions<T extends MutationParameters> = Pick<
  UseMutationConfig<T>,
  'updater' | 'optimisticUpdater' | 'optimisticResponse'
>;

/** A send's callbacks, settling its promise: a payload with errors rejects as the network's failure does. */
function settle<T extends MutationParameters>(
  resolve: (response: T['response']) => void,
  reject: (error: MutationError) => void,
) {
  return {
    onCompleted: (response: T['response'], errors: readonly PayloadError[] | null | undefined) => {
      if (errors?.length) reject(new MutationError(errors as GraphQLErrorLike[], { data: response }));
      else resolve(response);
    },
    onError: (err: Error) => reject(fromNetwork(err)),
  };
}

/**
 * The site's one way to send a mutation: Relay's useMutation as a promise of the payload, which rejects with a
 * MutationError on any error, the network's or the payload's. `options` (the store updaters) apply to every
 * send, `send`'s own (an optimistic response) to that one; `inFlight` is true while one is on its way.
 */
export function useMutation<T extends MutationParameters>(
  mutation: GraphQLTaggedNode,
  options?: MutationOptions<T>,
) {
  const [commit, inFlight] = useRelayMutation<T>(mutation);
  const updater = options?.updater;
  const optimisticUpdater = options?.optimisticUpdater;
  const send = useCallback(
    (variables: T['variables'], sendOptions?: MutationOptions<T>) =>
      new Promise<T['response']>((resolve, reject) => {
        commit({
          variables,
          ...(updater ? { updater } : {}),
          ...(optimisticUpdater ? { optimisticUpdater } : {}),
          ...sendOptions,
          ...settle<T>(resolve, reject),
        });
      }),
    [commit, updater, optimisticUpdater],
  );
  return [send, inFlight] as const;
}

/**
 * useMutation's send without a hook: for a mutation that every one of dozens of components on a screen offers
 * (a game tile's heart) and few ever send, where Relay's hook in each (its state, refs and effects) would be
 * hydration work on every page that lists games. No `inFlight`; the promise is the same.
 */
export function sendMutation<T extends MutationParameters>(
  environment: IEnvironment,
  mutation: GraphQLTaggedNode,
  variables: T['variables'],
  options?: MutationOptions<T>,
): Promise<T['response']> {
  // The same options as useMutation's; commitMutation's type reads an optimistic response by a raw-response type
  // (@raw_response_type), which the site's mutations do not declare.
  const config = options as Partial<MutationConfig<T>> | undefined;
  return new Promise((resolve, reject) => {
    commitMutation<T>(environment, { mutation, variables, ...config, ...settle<T>(resolve, reject) });
  });
}
