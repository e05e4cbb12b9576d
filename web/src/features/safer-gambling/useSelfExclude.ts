import { graphql } from 'react-relay';
import { useMutation } from '../../shared/relay/useMutation';
import type { useSelfExcludeMutation } from '../../__generated__/useSelfExcludeMutation.graphql';

/**
 * Excludes the player at once (docs/rules.md#safer-gambling): the casino ends every session of theirs and pays
 * their cash balance out; the payload says until when, and the payout (its amount and account) for the page after.
 */
export const useSelfExclude = () =>
  useMutation<useSelfExcludeMutation>(graphql`
    mutation useSelfExcludeMutation($input: SelfExcludeInput!) {
      selfExclude(input: $input) {
        restriction {
          endsAt
        }
        payout {
          reference
          amount {
            formatted
          }
          payoutAccount {
            bank {
              name
            }
            maskedNumber
          }
        }
      }
    }
  `);
