import { useCallback, useRef, useState } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import type {
  mutationsDepositMutation,
  mutationsDepositMutation$data,
} from '../../__generated__/mutationsDepositMutation.graphql';
import type {
  mutationsWithdrawMutation,
  mutationsWithdrawMutation$data,
} from '../../__generated__/mutationsWithdrawMutation.graphql';
import { intentKey, settleIntent, type IntentKind } from './intent';

/*
 * The cashier's two mutations, each as one call per intent: the idempotency key comes from ./intent (the same key
 * for the same request until it succeeds), and a second call while one is in flight is not sent at all (a double
 * click sends one request). Each answers a promise: the payload, or the gateway's refusal.
 */

function usePayment<T extends MutationParameters>(kind: IntentKind, mutation: GraphQLTaggedNode) {
  const [commit] = useMutation<T>(mutation);
  const inFlight = useRef<Promise<T['response']> | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    (request: Record<string, string>) => {
      // Already sending this intent: the click that arrives meanwhile waits for the same answer.
      if (inFlight.current) return inFlight.current;
      const idempotencyKey = intentKey(kind, request);
      setBusy(true);
      const sent = new Promise<T['response']>((resolve, reject) => {
        commit({
          variables: { input: { ...request, idempotencyKey } },
          onCompleted: (response, errors) => {
            if (errors && errors.length > 0) reject(Object.assign(new Error(errors[0]!.message), { errors }));
            else {
              settleIntent(kind);
              resolve(response);
            }
          },
          onError: reject,
        });
      }).finally(() => {
        inFlight.current = null;
        setBusy(false);
      });
      inFlight.current = sent;
      return sent;
    },
    [commit, kind],
  );
  return [run, busy] as const;
}

export const useDeposit = () =>
  usePayment<mutationsDepositMutation>(
    'deposit',
    graphql`
      mutation mutationsDepositMutation($input: DepositInput!) {
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
    }) => Promise<mutationsDepositMutation$data>,
    boolean,
  ];

export const useWithdraw = () =>
  usePayment<mutationsWithdrawMutation>(
    'withdrawal',
    graphql`
      mutation mutationsWithdrawMutation($input: WithdrawInput!) {
        withdraw(input: $input) {
          withdrawalId
          status
          amount {
            formatted
          }
          # The balance the withdrawal left: the header and the cashier show it from the store.
          wallet {
            ...WalletFields_wallet
          }
        }
      }
    `,
  ) as readonly [(request: { amount: string }) => Promise<mutationsWithdrawMutation$data>, boolean];
