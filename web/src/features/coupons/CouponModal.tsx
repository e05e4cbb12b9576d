import ComingSoonModal from '../notices/ComingSoonModal';

/** PLACEHOLDER being replaced by the coupons work: the modal's real screen. */
export default function CouponModal(_props: { params: Record<string, string> }) {
  return (
    <ComingSoonModal
      title="Redeem a coupon"
      about="Enter a bonus coupon code to add its bonus to your wallet."
    />
  );
}
