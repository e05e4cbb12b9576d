import ComingSoonModal from '../notices/ComingSoonModal';

/** PLACEHOLDER being replaced by the loyalty work: the modal's real screen. */
export default function LoyaltyModal(_props: { params: Record<string, string> }) {
  return <ComingSoonModal title="Loyalty chests" about="Diamonds, tiers and the chests you can open." />;
}
