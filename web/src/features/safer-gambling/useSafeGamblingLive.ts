import { useEffect } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay';
import type { useSafeGamblingLiveSubscription } from '../../__generated__/useSafeGamblingLiveSubscription.graphql';

const Subscription = graphql`
  subscription useSafeGamblingLiveSubscription {
    viewerEvents {
      __typename
      ... on SafeGamblingEvent {
        viewer {
          id
          safeGambling {
            ...DepositLimits_safeGambling
            ...LossLimits_safeGambling
            ...PlayTime_safeGambling
            ...RealityCheck_safeGambling
            ...TakeABreakSection_safeGambling
            ...YourChanges_safeGambling
          }
        }
      }
    }
  }
`;

/**
 * While the page is open, a change made on another device (or a limit that refused something, which moves what is
 * used) arrives as a SafeGamblingEvent carrying the tools as they now stand: the store updates and so does the page
 * (docs/rules.md#safer-gambling, "every open tab and device follows"). Losing the subscription loses only that:
 * the page is read afresh on every visit.
 */
export function useSafeGamblingLive(active: boolean): void {
  const environment = useRelayEnvironment();
  useEffect(() => {
    if (!active) return;
    const subscription = requestSubscription<useSafeGamblingLiveSubscription>(environment, {
      subscription: Subscription,
      variables: {},
      onError: () => {},
    });
    return () => subscription.dispose();
  }, [active, environment]);
}
