import { graphql } from 'react-relay';
import { useMutation } from '../../shared/relay/useMutation';
import type { SignOutMutation } from '../../__generated__/SignOutMutation.graphql';

/** Ends the session at the gateway (and so at the casino). */
export const useSignOut = () =>
  useMutation<SignOutMutation>(graphql`
    mutation SignOutMutation {
      signOut {
        success
      }
    }
  `);
