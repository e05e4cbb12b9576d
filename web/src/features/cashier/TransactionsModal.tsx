import ComingSoonModal from '../notices/ComingSoonModal';

/** PLACEHOLDER being replaced by the cashier work: the modal's real screen. */
export default function TransactionsModal(_props: { params: Record<string, string> }) {
  return (
    <ComingSoonModal title="Transactions" about="Every deposit, withdrawal, bet and win on your account." />
  );
}
