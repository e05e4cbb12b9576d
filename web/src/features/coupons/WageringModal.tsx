import ComingSoonModal from '../notices/ComingSoonModal';

/** PLACEHOLDER being replaced by the coupons work: the modal's real screen. */
export default function WageringModal(_props: { params: Record<string, string> }) {
  return (
    <ComingSoonModal
      title="Bonus wagering"
      about="How much is left to wager before your bonus becomes cash."
    />
  );
}
