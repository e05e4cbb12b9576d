import { graphql } from 'react-relay';
import type { DepositMutation, DepositMutation$data } from '../../__generated__/DepositMutation.graphql';
import { usePayment } from './usePayment';

/** Starts a deposit through the casino's payment page (its redirect address), one idempotency key per intent. */
export const useDeposit = () =>
  usePayment<DepositMutation>(
    'deposit',
    graphql`
      mutation DepositMutation($input: DepositInput!) {
        deposit(input: $input) {
          paymentId
          status
          provider
          redirectUrl
          amount {
            formatted
          }
        }
      }
    `,
  ) as readonly [
    (request: {
      gateway: string;
      amount: string;
      returnUrl: string;
      welcomeBonus: boolean;
    }) => Promise<DepositMutation$data>,
    boolean,
  ];
