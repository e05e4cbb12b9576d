import { graphql } from 'react-relay';
import { useMutation } from '../../shared/relay/useMutation';
import type { useCheckIdentityMutation } from '../../__generated__/useCheckIdentityMutation.graphql';

/**
 * Asks the casino whether it would take an identity number (with the date of birth and passport country given so
 * far): its check digit, its birth date, the player's age, a passport's country. The rules are the casino's
 * (docs/rules.md#know-your-player); a mutation only so the number travels in a POST body, never in an address.
 */
export const useCheckIdentity = () =>
  useMutation<useCheckIdentityMutation>(graphql`
    mutation useCheckIdentityMutation($input: CheckIdentityInput!) {
      checkIdentity(input: $input) {
        valid
        fieldErrors {
          field
          message
        }
        dateOfBirth
      }
    }
  `);
