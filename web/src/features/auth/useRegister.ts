import { graphql } from 'react-relay';
import { useMutation } from '../../shared/relay/useMutation';
import type { RegisterMutation } from '../../__generated__/RegisterMutation.graphql';

/** Registers a player, signed in at once: the payload is the new session token. A refusal rejects with the gateway's error (extensions.fields for the form's inputs). */
export const useRegister = () =>
  useMutation<RegisterMutation>(graphql`
    mutation RegisterMutation($input: RegisterInput!) {
      register(input: $input) {
        token
      }
    }
  `);
