import { useEffect } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay';
import type { limitRefusalSubscription } from '../../__generated__/limitRefusalSubscription.graphql';
import type { MutationError } from '../../shared/relay/useMutation';

/*
 * The casino's safer-gambling refusals on the game screen (docs/rules.md#safer-gambling). A launch refused for a
 * limit, a break or an exclusion keeps the game screen open with the casino's message (it names the limit and when
 * play can go on), rather than a generic alert. A spin is refused inside the game's own page; the casino announces
 * it on the player's live channel too (a SafeGamblingEvent), so the screen around the game says it as well.
 */

const SAFER_GAMBLING_CODES = new Set([
  'DEPOSIT_LIMIT_REACHED',
  'LOSS_LIMIT_REACHED',
  'SESSION_LIMIT_REACHED',
  'TAKING_A_BREAK',
  'SELF_EXCLUDED',
]);

/**
 * The casino pauses real-money play when a reality check is due, until the player answers it: not a limit, so the
 * screen shows the reminder (with its answers) rather than a refusal.
 */
const REALITY_CHECK_DUE = 'REALITY_CHECK_DUE';

/** Whether a failed launch waits on the player's answer to the reality check. */
export const isRealityCheckDue = (err: unknown) => (err as MutationError | null)?.code === REALITY_CHECK_DUE;

/** Whether a failed launch is one of the casino's safer-gambling refusals. */
export const isLimitRefusal = (err: unknown) =>
  SAFER_GAMBLING_CODES.has((err as MutationError | null)?.code ?? '');

/** The codes a spin can be refused with while the game is open. */
const SPIN_CODES = new Set([
  'LOSS_LIMIT_REACHED',
  'SESSION_LIMIT_REACHED',
  'TAKING_A_BREAK',
  'SELF_EXCLUDED',
]);

const noop = () => {};

const Subscription = graphql`
  subscription limitRefusalSubscription {
    viewerEvents {
      __typename
      ... on SafeGamblingEvent {
        reason
        code
        message
      }
    }
  }
`;

/**
 * While `active` (a real-money game is open), calls `onRefused` (a stable function: a state setter) with the message
 * of each refusal the casino announces, and `onRealityCheckDue` (stable too) when it paused a spin for the reality
 * check.
 */
export function useLimitRefusals(
  active: boolean,
  onRefused: (message: string) => void,
  onRealityCheckDue: () => void = noop,
): void {
  const environment = useRelayEnvironment();
  useEffect(() => {
    if (!active) return;
    const subscription = requestSubscription<limitRefusalSubscription>(environment, {
      subscription: Subscription,
      variables: {},
      onNext: (response) => {
        const event = response?.viewerEvents;
        if (event?.__typename !== 'SafeGamblingEvent' || event.reason !== 'LIMIT_REACHED') return;
        if (event.code === REALITY_CHECK_DUE) return onRealityCheckDue();
        if (event.code && SPIN_CODES.has(event.code) && event.message) onRefused(event.message);
      },
      // The game's own page says the refusal too: losing this subscription loses nothing else.
      onError: () => {},
    });
    return () => subscription.dispose();
  }, [active, environment, onRefused, onRealityCheckDue]);
}
