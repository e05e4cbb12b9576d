import { useCallback, useRef, useState } from 'react';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { MutationError, useMutation } from '../../shared/relay/useMutation';
import { intentKey, settleIntent, type IntentKind } from './intent';
import { outcomeUnknown } from './withdrawal-outcome';

/** Failures that say nothing about the payment, beside an unknown outcome's. */
const KEEPS_KEY = new Set(['RATE_LIMITED', 'INTERNAL_SERVER_ERROR']);

/**
 * A cashier mutation as one call per intent: the idempotency key comes from ./intent (the same key for the same
 * request until its outcome is known), and a second call while one is in flight is not sent at all (a double
 * click sends one request). Returns a promise: the payload, or the gateway's refusal.
 */
export function usePayment<T extends MutationParameters>(kind: IntentKind, mutation: GraphQLTaggedNode) {
  const [send] = useMutation<T>(mutation);
  const inFlight = useRef<Promise<T['response']> | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    (request: Record<string, string | boolean>) => {
      // Already sending this intent: the click that arrives meanwhile waits for the same result.
      if (inFlight.current) return inFlight.current;
      const idempotencyKey = intentKey(kind, request);
      setBusy(true);
      const sent = send({ input: { ...request, idempotencyKey } })
        .then(
          (response) => {
            settleIntent(kind);
            return response;
          },
          (err: unknown) => {
            // A refusal is an answer (nothing was paid): the next attempt is a new intent. No answer, being asked
            // to slow down while checking one, or the gateway's own failure keeps the key: trying again can only
            // ever pay once.
            const code = err instanceof MutationError ? err.code : undefined;
            if (code !== undefined && !outcomeUnknown(code) && !KEEPS_KEY.has(code)) settleIntent(kind);
            throw err;
          },
        )
        .finally(() => {
          inFlight.current = null;
          setBusy(false);
        });
      inFlight.current = sent;
      return sent;
    },
    [send, kind],
  );
  return [run, busy] as const;
}
