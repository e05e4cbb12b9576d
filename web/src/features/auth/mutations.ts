import { useCallback } from 'react';
import { graphql, useMutation, type UseMutationConfig } from 'react-relay';
import type { MutationParameters, GraphQLTaggedNode } from 'relay-runtime';
import type { mutationsForgotPasswordMutation } from '../../__generated__/mutationsForgotPasswordMutation.graphql';
import type { mutationsLoginMutation } from '../../__generated__/mutationsLoginMutation.graphql';
import type { mutationsRegisterMutation } from '../../__generated__/mutationsRegisterMutation.graphql';
import type { mutationsResetPasswordMutation } from '../../__generated__/mutationsResetPasswordMutation.graphql';
import type { mutationsSignOutMutation } from '../../__generated__/mutationsSignOutMutation.graphql';

/*
 * One hook per mutation of signing in and out. Each answers a promise of the payload, so forms can await it; a
 * refusal rejects with the gateway's error (its message, and extensions.fields for the form's inputs).
 */

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

export const useLogin = () =>
  usePromisedMutation<mutationsLoginMutation>(graphql`
    mutation mutationsLoginMutation($input: LoginInput!) {
      login(input: $input) {
        token
      }
    }
  `);

export const useRegister = () =>
  usePromisedMutation<mutationsRegisterMutation>(graphql`
    mutation mutationsRegisterMutation($input: RegisterInput!) {
      register(input: $input) {
        token
      }
    }
  `);

export const useForgotPassword = () =>
  usePromisedMutation<mutationsForgotPasswordMutation>(graphql`
    mutation mutationsForgotPasswordMutation($input: ForgotPasswordInput!) {
      forgotPassword(input: $input) {
        message
      }
    }
  `);

export const useResetPassword = () =>
  usePromisedMutation<mutationsResetPasswordMutation>(graphql`
    mutation mutationsResetPasswordMutation($input: ResetPasswordInput!) {
      resetPassword(input: $input) {
        token
      }
    }
  `);

export const useSignOut = () =>
  usePromisedMutation<mutationsSignOutMutation>(graphql`
    mutation mutationsSignOutMutation {
      signOut {
        success
      }
    }
  `);
