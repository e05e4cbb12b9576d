import { graphql } from 'react-relay';
import { useMutation } from '../../shared/relay/useMutation';
import type { ForgotPasswordMutation } from '../../__generated__/ForgotPasswordMutation.graphql';

/** Asks the casino to email a password-reset link; the payload is its message for the player. A refusal rejects with the gateway's error (extensions.fields for the form's inputs). */
export const useForgotPassword = () =>
  useMutation<ForgotPasswordMutation>(graphql`
    mutation ForgotPasswordMutation($input: ForgotPasswordInput!) {
      forgotPassword(input: $input) {
        message
      }
    }
  `);
