import { graphql } from 'react-relay';
import type { UpdateProfileMutation } from '../../__generated__/UpdateProfileMutation.graphql';
import { useMutation } from '../../shared/relay/useMutation';

/**
 * Saves the profile. The payload is the account as the casino has it after the write, with the fields every
 * screen shows (the header's name, the account menu): the store updates them by the account's id, no refetch.
 */
export const useUpdateProfile = () =>
  useMutation<UpdateProfileMutation>(graphql`
    mutation UpdateProfileMutation($input: UpdateProfileInput!) {
      updateProfile(input: $input) {
        account {
          id
          name
          email
          phone
          emailVerified
          welcomePackageExpired
        }
      }
    }
  `);
