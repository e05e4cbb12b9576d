import { useCallback } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { mutationsOptOutBonusMutation } from '../../__generated__/mutationsOptOutBonusMutation.graphql';
import type { mutationsOptOutCouponMutation } from '../../__generated__/mutationsOptOutCouponMutation.graphql';
import type { mutationsRedeemCouponMutation } from '../../__generated__/mutationsRedeemCouponMutation.graphql';
import { usePromisedMutation } from '../../app/relay/usePromisedMutation';

/*
 * One hook per coupon mutation, each a promise of its payload. The payloads carry the wallet (by id: the header's
 * balance and the cashier update by themselves), the coupon and the wagering; the updaters point the viewer at
 * them, so every screen showing the active coupon or the wagering changes without a refetch.
 */

/** Points viewer.<field> at the payload's record (or at nothing), when the payload answered it. */
function linkViewer(store: RecordSourceSelectorProxy, payloadField: string, from: string, to: string) {
  const payload = store.getRootField(payloadField);
  const viewer = store.getRoot().getLinkedRecord('viewer');
  if (!payload || !viewer) return;
  const record = payload.getLinkedRecord(from);
  if (record) viewer.setLinkedRecord(record, to);
  else viewer.setValue(null, to);
}

function afterRedeem(store: RecordSourceSelectorProxy) {
  linkViewer(store, 'redeemCoupon', 'coupon', 'activeCoupon');
  if (store.getRootField('redeemCoupon')?.getLinkedRecord('wagering'))
    linkViewer(store, 'redeemCoupon', 'wagering', 'wagering');
}

function afterCouponOptOut(store: RecordSourceSelectorProxy) {
  linkViewer(store, 'optOutCoupon', 'activeCoupon', 'activeCoupon');
  if (store.getRootField('optOutCoupon')?.getLinkedRecord('wagering'))
    linkViewer(store, 'optOutCoupon', 'wagering', 'wagering');
}

function afterBonusOptOut(store: RecordSourceSelectorProxy) {
  linkViewer(store, 'optOutBonus', 'wagering', 'wagering');
}

export const useRedeemCoupon = () =>
  usePromisedMutation<mutationsRedeemCouponMutation>(
    graphql`
      mutation mutationsRedeemCouponMutation($input: RedeemCouponInput!) {
        redeemCoupon(input: $input) {
          coupon {
            id
            code
            bonusAmount {
              formatted
            }
            ...CouponCard_coupon
          }
          wallet {
            ...WalletFields_wallet
          }
          wagering {
            id
            ...WageringDetails_wagering
          }
        }
      }
    `,
    { updater: afterRedeem },
  );

export const useOptOutCoupon = () =>
  usePromisedMutation<mutationsOptOutCouponMutation>(
    graphql`
      mutation mutationsOptOutCouponMutation {
        optOutCoupon {
          message
          activeCoupon {
            id
            ...CouponCard_coupon
          }
          wallet {
            ...WalletFields_wallet
          }
          wagering {
            id
            ...WageringDetails_wagering
          }
        }
      }
    `,
    { updater: afterCouponOptOut },
  );

// Bonus opt-out's payload does not say what became of the coupon: that one part is read again.
const ActiveCouponAfterOptOut = graphql`
  query mutationsActiveCouponQuery {
    viewer {
      id
      activeCoupon {
        id
        ...CouponCard_coupon
      }
    }
  }
`;

export function useOptOutBonus() {
  const environment = useRelayEnvironment();
  const [optOut, busy] = usePromisedMutation<mutationsOptOutBonusMutation>(
    graphql`
      mutation mutationsOptOutBonusMutation {
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
    const answer = await optOut({});
    fetchQuery(
      environment,
      ActiveCouponAfterOptOut,
      {},
      { networkCacheConfig: { metadata: { silent: true } } },
    )
      .toPromise()
      .catch(() => {});
    return answer;
  }, [optOut, environment]);
  return [run, busy] as const;
}
