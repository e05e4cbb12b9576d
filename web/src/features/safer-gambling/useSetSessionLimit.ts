import { graphql } from 'react-relay';
import type { useSetSessionLimitMutation } from '../../__generated__/useSetSessionLimitMutation.graphql';
import { useMutation } from '../../shared/relay/useMutation';

/** Sets or removes the daily play time limit (setSessionLimit); the payload updates the page through `viewer`. */
export const useSetSessionLimit = () =>
  useMutation<useSetSessionLimitMutation>(graphql`
    mutation useSetSessionLimitMutation($input: SetSessionLimitInput!) {
      setSessionLimit(input: $input) {
        viewer {
          id
          safeGambling {
            ...PlayTime_safeGambling
            sessionLimit {
              pending {
                effectiveAt
              }
            }
            ...YourChanges_safeGambling
          }
        }
      }
    }
  `);
