import type { Db } from '../db/open.js';
import { formatCents } from './money.js';

/** Each deposit gateway's payment type and the provider that processes it (docs/rules.md#payments). */
export const GATEWAYS = {
  payment3: { type: 'eft', provider: 'payment3', flag: 'is_payment3_enabled' },
  payment3Absa: { type: 'eft', provider: 'payment3', flag: 'is_payment3_absa_enabled' },
  voucherUp: { type: 'eft', provider: 'voucherup', flag: 'is_voucher_up_enabled' },
  capitec: { type: 'eft', provider: 'paypump', flag: 'is_capitec_enabled' },
  discoveryBank: { type: 'eft', provider: 'paypump', flag: 'is_capitec_enabled' },
  eft: { type: 'eft', provider: 'callpay', flag: 'is_callpay_enabled' },
  creditCard: { type: 'credit_card', provider: 'callpay', flag: 'is_callpay_card_enabled' },
  bitcoin: { type: 'crypto', provider: 'callpay', flag: 'is_bitcoin_enabled' },
} as const;
export type Gateway = keyof typeof GATEWAYS;
export const GATEWAY_NAMES = Object.keys(GATEWAYS) as Gateway[];

export interface PaymentSettings {
  is_bitcoin_enabled: boolean;
  is_callpay_enabled: boolean;
  is_callpay_card_enabled: boolean;
  is_capitec_enabled: boolean;
  is_payment3_enabled: boolean;
  is_payment3_absa_enabled: boolean;
  is_voucher_up_enabled: boolean;
  payment_method_capitec_name: string;
  /**
   * The names players see for each gateway (docs/rules.md#payments), set by the casino; a gateway left out is shown
   * under the gateway's default name, and Capitec under payment_method_capitec_name.
   */
  payment_method_names: Partial<Record<Gateway, string>>;
  depositBonusPercentage: number;
  depositWagerPercentage: number;
}

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  is_bitcoin_enabled: true,
  is_callpay_enabled: true,
  is_callpay_card_enabled: true,
  is_capitec_enabled: true,
  is_payment3_enabled: true,
  is_payment3_absa_enabled: false,
  is_voucher_up_enabled: true,
  payment_method_capitec_name: 'Capitec ETF',
  payment_method_names: {
    payment3: 'Pay by bank',
    payment3Absa: 'Pay by bank (ABSA)',
    voucherUp: 'Voucher',
    discoveryBank: 'Discovery Bank',
    eft: 'Instant EFT',
    creditCard: 'Card',
    bitcoin: 'Bitcoin',
  },
  depositBonusPercentage: 250,
  depositWagerPercentage: 35,
};

/** Deposit limits in cents. */
export const MIN_DEPOSIT_CENTS = 1_000;
export const MAX_DEPOSIT_CENTS = 5_000_000;
export const MIN_WITHDRAWAL_CENTS = 5_000;
/** No separate withdrawal cap: a single withdrawal may be as large as a single deposit. */
export const MAX_WITHDRAWAL_CENTS = MAX_DEPOSIT_CENTS;

/** The limits as the wallet response shows them, so the cashier can say them before the player hits a 422. */
export function paymentLimits() {
  return {
    deposit_min: formatCents(MIN_DEPOSIT_CENTS),
    deposit_max: formatCents(MAX_DEPOSIT_CENTS),
    withdrawal_min: formatCents(MIN_WITHDRAWAL_CENTS),
    withdrawal_max: formatCents(MAX_WITHDRAWAL_CENTS),
  };
}

export function paymentSettings(db: Db): PaymentSettings {
  const row = db.prepare("SELECT value FROM settings WHERE key = 'payments'").get() as
    { value: string } | undefined;
  return { ...DEFAULT_PAYMENT_SETTINGS, ...(row ? (JSON.parse(row.value) as Partial<PaymentSettings>) : {}) };
}

export function savePaymentSettings(db: Db, patch: Partial<PaymentSettings>): PaymentSettings {
  const next = { ...paymentSettings(db), ...patch };
  db.prepare(
    "INSERT INTO settings (key, value) VALUES ('payments', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(JSON.stringify(next));
  return next;
}

export const gatewayEnabled = (settings: PaymentSettings, gateway: Gateway) =>
  settings[GATEWAYS[gateway].flag];
