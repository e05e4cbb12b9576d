import type {
  PaymentProviderName as PaymentProvider,
  PaymentTypeName as PaymentType,
  WalletGateway,
} from '../models.js';
import { decimalToCents } from './money.js';

export interface PaymentMethodInfo {
  gateway: WalletGateway;
  type: PaymentType;
  provider: PaymentProvider;
  name: string;
}

/** The Capitec method's display name when the backend gives none (docs/rules.md#payments). */
export const DEFAULT_CAPITEC_NAME = 'Capitec ETF';

interface GatewayRule {
  type: PaymentType;
  provider: PaymentProvider;
  /** The wallet flag that switches the method on. */
  flag: string;
  /** The name players see unless the casino names it (payment_method_names); Capitec's comes from the backend. */
  name: string | null;
}

/**
 * In the order the cashier lists them (docs/rules.md#payments): each gateway's payment type, its processor, and the
 * wallet flag that switches it on (Capitec and Discovery Bank share one flag, as both go through paypump).
 */
export const PAYMENT_GATEWAYS: Readonly<Record<WalletGateway, GatewayRule>> = {
  payment3: { type: 'eft', provider: 'payment3', flag: 'is_payment3_enabled', name: 'Pay by bank' },
  payment3Absa: {
    type: 'eft',
    provider: 'payment3',
    flag: 'is_payment3_absa_enabled',
    name: 'Pay by bank (ABSA)',
  },
  voucherUp: { type: 'eft', provider: 'voucherup', flag: 'is_voucher_up_enabled', name: 'Voucher' },
  capitec: { type: 'eft', provider: 'paypump', flag: 'is_capitec_enabled', name: null },
  discoveryBank: { type: 'eft', provider: 'paypump', flag: 'is_capitec_enabled', name: 'Discovery Bank' },
  eft: { type: 'eft', provider: 'callpay', flag: 'is_callpay_enabled', name: 'Instant EFT' },
  creditCard: { type: 'credit_card', provider: 'callpay', flag: 'is_callpay_card_enabled', name: 'Card' },
  bitcoin: { type: 'crypto', provider: 'callpay', flag: 'is_bitcoin_enabled', name: 'Bitcoin' },
};

const GATEWAY_NAMES = Object.keys(PAYMENT_GATEWAYS) as WalletGateway[];

/**
 * The deposit methods the backend has switched on (only those whose flags are set: docs/rules.md#payments), each under
 * the name the casino gives it (`names`), else its default; Capitec under the backend's Capitec name.
 */
export function availablePaymentMethods(
  flags: Readonly<Record<string, boolean>>,
  capitecName: string | null = null,
  names: Readonly<Partial<Record<WalletGateway, string>>> = {},
): PaymentMethodInfo[] {
  return GATEWAY_NAMES.filter((gateway) => flags[PAYMENT_GATEWAYS[gateway].flag] === true).map((gateway) => {
    const rule = PAYMENT_GATEWAYS[gateway];
    return {
      gateway,
      type: rule.type,
      provider: rule.provider,
      name:
        rule.name === null
          ? capitecName?.trim() || DEFAULT_CAPITEC_NAME
          : names[gateway]?.trim() || rule.name,
    };
  });
}

/**
 * A client's deposit or withdrawal amount in rands ("150", "150.5", "150.50") as cents: at most two decimals and
 * above zero; null otherwise. The backend applies its own limits after this.
 */
export function amountCentsFrom(text: string): number | null {
  const cents = decimalToCents(text);
  return cents !== null && cents > 0 ? cents : null;
}

/** An Idempotency-Key the backend accepts: 1 to 255 visible ASCII characters. */
export const isIdempotencyKey = (key: string): boolean => /^[\x21-\x7e]{1,255}$/.test(key);
