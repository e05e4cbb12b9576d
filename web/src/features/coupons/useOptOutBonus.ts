import { useCallback } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { OptOutBonusMutation } from '../../__generated__/OptOutBonusMutation.graphql';
import { useMutation } from '../../shared/relay/useMutation';
import { linkViewer } from './link-viewer';

function afterBonusOptOut(store: RecordSourceSelectorProxy) {
  linkViewer(store, 'optOutBonus', 'wagering', 'wagering');
}

// Bonus opt-out's payload does not say what became of the coupon: that one part is read again.
const ActiveCouponAfterOptOut = graphql`
  query ActiveCouponQuery {
    viewer {
      id
      activeCoupon {
        id
        ...CouponCard_coupon
      }
    }
  }
`;

/** Opts out of the bonus being wagered (from the wagering modal), then reads the active coupon again. */
export function useOptOutBonus() {
  const environment = useRelayEnvironment();
  const [optOut, busy] = useMutation<OptOutBonusMutation>(
    graphql`
      mutation OptOutBonusMutation {
        optOutBonus {
          wagering {
            id
            ...WageringDetails_wagering
          }
          wallet {
            ...WalletFields_wallet
          }
        }
      }
    `,
    { updater: afterBonusOptOut },
  );
  const run = useCallback(async () => {
    const result = await optOut({});
    fetchQuery(
      environment,
      ActiveCouponAfterOptOut,
      {},
      { networkCacheConfig: { metadata: { silent: true } } },
    )
      .toPromise()
      .catch(() => {});
    return result;
  }, [optOut, environment]);
  return [run, busy] as const;
}
