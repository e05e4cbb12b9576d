import { graphql } from 'react-relay';
import type { useSetRealityCheckMutation } from '../../__generated__/useSetRealityCheckMutation.graphql';
import { useMutation } from '../../shared/relay/useMutation';

/** Sets the minutes between reality checks (setRealityCheck); the payload updates the page through `viewer`. */
export const useSetRealityCheck = () =>
  useMutation<useSetRealityCheckMutation>(graphql`
    mutation useSetRealityCheckMutation($input: SetRealityCheckInput!) {
      setRealityCheck(input: $input) {
        viewer {
          id
          safeGambling {
            ...RealityCheck_safeGambling
            ...YourChanges_safeGambling
          }
        }
      }
    }
  `);
