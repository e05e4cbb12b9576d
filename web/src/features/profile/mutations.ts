import { graphql } from 'react-relay';
import type { mutationsUpdateProfileMutation } from '../../__generated__/mutationsUpdateProfileMutation.graphql';
import { usePromisedMutation } from '../../app/relay/usePromisedMutation';

/**
 * Saves the profile. The payload is the account as the casino has it after the write, with the fields every
 * screen shows (the header's name, the account menu): the store updates them by the account's id, no refetch.
 */
export const useUpdateProfile = () =>
  usePromisedMutation<mutationsUpdateProfileMutation>(graphql`
    mutation mutationsUpdateProfileMutation($input: UpdateProfileInput!) {
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
