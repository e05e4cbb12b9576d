import { graphql } from 'react-relay';
import { useMutation } from '../../shared/relay/useMutation';
import type { LoginMutation } from '../../__generated__/LoginMutation.graphql';

/** Signs in with an email and password: the payload is the new session token. A refusal rejects with the gateway's error (extensions.fields for the form's inputs). */
export const useLogin = () =>
  useMutation<LoginMutation>(graphql`
    mutation LoginMutation($input: LoginInput!) {
      login(input: $input) {
        token
      }
    }
  `);
