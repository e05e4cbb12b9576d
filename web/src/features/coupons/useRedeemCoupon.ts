import { graphql } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { RedeemCouponMutation } from '../../__generated__/RedeemCouponMutation.graphql';
import { useMutation } from '../../shared/relay/useMutation';
import { linkViewer } from './link-viewer';

function afterRedeem(store: RecordSourceSelectorProxy) {
  linkViewer(store, 'redeemCoupon', 'coupon', 'activeCoupon');
  if (store.getRootField('redeemCoupon')?.getLinkedRecord('wagering'))
    linkViewer(store, 'redeemCoupon', 'wagering', 'wagering');
}

/** Redeems a coupon code: the coupon becomes the viewer's active one, with its wagering and the wallet. */
export const useRedeemCoupon = () =>
  useMutation<RedeemCouponMutation>(
    graphql`
      mutation RedeemCouponMutation($input: RedeemCouponInput!) {
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
