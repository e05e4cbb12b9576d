import { graphql } from 'react-relay';
import { useMutation } from '../../shared/relay/useMutation';
import type { useTakeABreakMutation } from '../../__generated__/useTakeABreakMutation.graphql';

/**
 * Starts a break at once (docs/rules.md#safer-gambling). The payload's viewer updates the store: this page's
 * sections and the layout's break check (BreakGate) read the new restriction without a reload.
 */
export const useTakeABreak = () =>
  useMutation<useTakeABreakMutation>(graphql`
    mutation useTakeABreakMutation($input: TakeABreakInput!) {
      takeABreak(input: $input) {
        viewer {
          id
          safeGambling {
            restriction {
              kind
              startedAt
              endsAt
            }
            history {
              at
              description
            }
          }
        }
      }
    }
  `);
