import { graphql } from 'react-relay';
import type { useSetMoneyLimitMutation } from '../../__generated__/useSetMoneyLimitMutation.graphql';
import { useMutation } from '../../shared/relay/useMutation';

/**
 * Sets or removes one deposit or loss limit (setMoneyLimit). The payload brings the player's limits as they now
 * stand through `viewer`, so the page's rows and "Your changes" show the change with no refetch; a limit's
 * `pending` says whether the change waits out the 24-hour cooling-off.
 */
export const useSetMoneyLimit = () =>
  useMutation<useSetMoneyLimitMutation>(graphql`
    mutation useSetMoneyLimitMutation($input: SetMoneyLimitInput!) {
      setMoneyLimit(input: $input) {
        viewer {
          id
          safeGambling {
            depositLimits {
              ...MoneyLimitRow_limits
              day {
                pending {
                  effectiveAt
                }
              }
              week {
                pending {
                  effectiveAt
                }
              }
              month {
                pending {
                  effectiveAt
                }
              }
            }
            lossLimits {
              ...MoneyLimitRow_limits
              day {
                pending {
                  effectiveAt
                }
              }
              week {
                pending {
                  effectiveAt
                }
              }
              month {
                pending {
                  effectiveAt
                }
              }
            }
            ...YourChanges_safeGambling
          }
        }
      }
    }
  `);
