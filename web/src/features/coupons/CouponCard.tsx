import { graphql, useFragment } from 'react-relay';
import type { CouponCard_coupon$key } from '../../__generated__/CouponCard_coupon.graphql';
import { wageredPercent } from './rules';
import styles from './coupons.module.css';
import { WageringBar } from './WageringBar';

/** A redeemed coupon: its code, what it gave, and how much of its wagering is done. */
export function CouponCard(props: { coupon: CouponCard_coupon$key }) {
  const coupon = useFragment(
    graphql`
      fragment CouponCard_coupon on Coupon {
        code
        description
        bonusAmount {
          formatted
        }
        wagered {
          cents
          formatted
        }
        wageringRequired {
          cents
          formatted
        }
      }
    `,
    props.coupon,
  );
  return (
    <section className={styles.card} aria-label={`Coupon ${coupon.code}`}>
      <div className={styles.cardHead}>
        <span className={styles.code}>{coupon.code}</span>
        <span className={styles.bonus}>{coupon.bonusAmount.formatted} bonus</span>
      </div>
      {coupon.description && <p className={styles.muted}>{coupon.description}</p>}
      <WageringBar
        percent={wageredPercent(coupon.wagered.cents, coupon.wageringRequired.cents)}
        wagered={coupon.wagered.formatted}
        required={coupon.wageringRequired.formatted}
      />
    </section>
  );
}
