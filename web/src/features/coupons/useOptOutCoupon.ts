import { graphql } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { OptOutCouponMutation } from '../../__generated__/OptOutCouponMutation.graphql';
import { useMutation } from '../../shared/relay/useMutation';
import { linkViewer } from './link-viewer';

function afterCouponOptOut(store: RecordSourceSelectorProxy) {
  linkViewer(store, 'optOutCoupon', 'activeCoupon', 'activeCoupon');
  if (store.getRootField('optOutCoupon')?.getLinkedRecord('wagering'))
    linkViewer(store, 'optOutCoupon', 'wagering', 'wagering');
}

/** Opts out of the active coupon's bonus: the viewer's active coupon and wagering become what the payload says. */
export const useOptOutCoupon = () =>
  useMutation<OptOutCouponMutation>(
    graphql`
      mutation OptOutCouponMutation {
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
