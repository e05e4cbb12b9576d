/*
 * The coupon and wagering screens' own rules (docs/rules.md#coupons-and-wagering), kept apart from the screens so
 * they can be tested alone.
 */

/** The gateway accepts codes of 1 to 64 characters once trimmed; said at once, before anything is sent. */
export const COUPON_CODE_MAX = 64;

export function checkCouponCode(code: string): string | null {
  const trimmed = code.trim();
  if (!trimmed) return 'Enter a coupon code.';
  if (trimmed.length > COUPON_CODE_MAX) return `A coupon code is at most ${COUPON_CODE_MAX} characters.`;
  return null;
}

/** The backend's wallet names as players read them: callpay is the cash balance, bonus the bonus balance. */
const WALLET_LABELS: Record<string, string> = { callpay: 'Cash', bonus: 'Bonus' };

export function walletLabel(gateway: string): string {
  const known = WALLET_LABELS[gateway.toLowerCase()];
  if (known) return known;
  const words = gateway.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Wallet';
}

/** A percentage as a bar's width: whole, from 0 to 100, whatever the result held. */
export function barPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent)));
}

/** How far wagering has come, in percent of the requirement (a requirement of nothing is met). */
export function wageredPercent(wageredCents: number, requiredCents: number): number {
  if (requiredCents <= 0) return 100;
  return barPercent((wageredCents / requiredCents) * 100);
}

/** The coupon opt-out's texts (docs/rules.md#coupons-and-wagering): these, whatever the backend said. */
export const COUPON_OPT_OUT_SUCCESS = 'You successfully opted out of the bonus.';
export const COUPON_OPT_OUT_FAILURE = 'An error occurred while opting out of the bonus.';
