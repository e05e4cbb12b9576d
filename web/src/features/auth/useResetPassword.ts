import { graphql } from 'react-relay';
import { useMutation } from '../../shared/relay/useMutation';
import type { ResetPasswordMutation } from '../../__generated__/ResetPasswordMutation.graphql';

/** Sets a new password with the emailed link's token, signed in at once: the payload is the new session token. A refusal rejects with the gateway's error (extensions.fields for the form's inputs). */
export const useResetPassword = () =>
  useMutation<ResetPasswordMutation>(graphql`
    mutation ResetPasswordMutation($input: ResetPasswordInput!) {
      resetPassword(input: $input) {
        token
      }
    }
  `);
