import type { PaymentGateway } from '../../__generated__/DepositForm_wallet.graphql';

/*
 * Small logos for the payment methods, drawn here (no image from elsewhere: docs/rules.md#payments). Each shows the
 * kind of payment (a bank, an instant bank payment, a card, a voucher, Bitcoin), not a brand; the method's name
 * beside it says which one. Decorative: hidden from screen readers, which read the name.
 */

type Kind = 'bank' | 'instant' | 'card' | 'voucher' | 'bitcoin';

const KIND: Record<PaymentGateway, Kind> = {
  PAYMENT3: 'bank',
  PAYMENT3_ABSA: 'bank',
  CAPITEC: 'bank',
  DISCOVERY_BANK: 'bank',
  EFT: 'instant',
  CREDIT_CARD: 'card',
  VOUCHER_UP: 'voucher',
  BITCOIN: 'bitcoin',
  '%future added value': 'bank',
};

const PATHS: Record<Kind, React.ReactNode> = {
  bank: (
    <>
      <path d="M3 9.5 12 4l9 5.5v1H3z" fill="currentColor" />
      <path d="M5 12h2v6H5zM11 12h2v6h-2zM17 12h2v6h-2zM3 19h18v2H3z" fill="currentColor" />
    </>
  ),
  instant: (
    <>
      <path d="M3 9.5 12 4l9 5.5v1H3zM3 19h18v2H3z" fill="currentColor" />
      <path d="M13 11.5 8.5 16.5h3l-1 3.5 4.5-5h-3z" fill="currentColor" />
    </>
  ),
  card: (
    <>
      <rect
        x="2.5"
        y="5.5"
        width="19"
        height="13"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <path d="M2.5 9h19v2.5h-19zM5.5 14.5h5v1.5h-5z" fill="currentColor" />
    </>
  ),
  voucher: (
    <>
      <path
        d="M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path d="M14 8.5v1.5M14 11.3v1.4M14 14v1.5" stroke="currentColor" strokeWidth="1.5" />
    </>
  ),
  bitcoin: (
    <>
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M10 7.5v9M12 6.5v1.5M12 16v1.5M9 8h4.2a2 2 0 0 1 0 4H9m0 0h4.8a2 2 0 0 1 0 4H9"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </>
  ),
};

export function PaymentLogo({ gateway, className }: { gateway: PaymentGateway; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[KIND[gateway] ?? 'bank']}
    </svg>
  );
}

/** A short line under each method's name: how the player pays with it. */
export const METHOD_HINT: Record<Kind, string> = {
  bank: 'Pay from your bank',
  instant: 'Instant bank payment',
  card: 'Debit or credit card',
  voucher: 'Prepaid voucher',
  bitcoin: 'Crypto',
};

export const methodHint = (gateway: PaymentGateway) => METHOD_HINT[KIND[gateway] ?? 'bank'];
