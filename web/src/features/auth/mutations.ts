import { graphql } from 'react-relay';
import { usePromisedMutation } from '../../app/relay/usePromisedMutation';
import type { mutationsForgotPasswordMutation } from '../../__generated__/mutationsForgotPasswordMutation.graphql';
import type { mutationsLoginMutation } from '../../__generated__/mutationsLoginMutation.graphql';
import type { mutationsRegisterMutation } from '../../__generated__/mutationsRegisterMutation.graphql';
import type { mutationsResetPasswordMutation } from '../../__generated__/mutationsResetPasswordMutation.graphql';
import type { mutationsSignOutMutation } from '../../__generated__/mutationsSignOutMutation.graphql';

/*
 * One hook per mutation of signing in and out. Each answers a promise of the payload, so forms can await it; a
 * refusal rejects with the gateway's error (its message, and extensions.fields for the form's inputs).
 */

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
