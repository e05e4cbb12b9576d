import { graphql } from 'react-relay';
import type { WithdrawMutation, WithdrawMutation$data } from '../../__generated__/WithdrawMutation.graphql';
import { usePayment } from './usePayment';

/**
 * Asks for a withdrawal, one idempotency key per intent: sending the same request again after an unknown outcome
 * (a timeout, a dropped connection) uses the same key, so the casino returns the first withdrawal, never a second.
 */
export const useWithdraw = () =>
  usePayment<WithdrawMutation>(
    'withdrawal',
    graphql`
      mutation WithdrawMutation($input: WithdrawInput!) {
        withdraw(input: $input) {
          withdrawalId
          status
          amount {
            formatted
          }
          # Where it stands, shown (and updated live) in the withdraw tab.
          withdrawal {
            id
            ...WithdrawalCard_withdrawal
            ...WithdrawFormRequested_withdrawal
          }
          # The balance the withdrawal left: the header and the cashier show it from the store.
          wallet {
            ...WalletFields_wallet
          }
        }
      }
    `,
  ) as readonly [(request: { amount: string }) => Promise<WithdrawMutation$data>, boolean];
