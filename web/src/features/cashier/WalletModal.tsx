import ComingSoonModal from '../notices/ComingSoonModal';

/** PLACEHOLDER being replaced by the cashier work: the modal's real screen. */
export default function WalletModal(_props: { params: Record<string, string> }) {
  return (
    <ComingSoonModal
      title="Cashier"
      about="Deposit and withdraw in rand, and see your money and bonus balances."
    />
  );
}
