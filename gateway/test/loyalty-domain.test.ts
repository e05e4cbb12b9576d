import { describe, expect, it } from 'vitest';
import {
  chestsReady,
  diamondsTowardNextChest,
  isFullyUsed,
  loyaltyEnabled,
  progressPercent,
  summarizeTier,
  TIER_THRESHOLDS,
} from '../src/domain/loyalty.js';
import {
  amountCentsFrom,
  availablePaymentMethods,
  DEFAULT_CAPITEC_NAME,
  isIdempotencyKey,
} from '../src/domain/payments.js';
import { tokenFrom } from '../src/upstream/auth.js';
import { notificationType } from '../src/upstream/notifications.js';

describe('loyalty chests (docs/rules.md#loyalty)', () => {
  it('makes one chest per 10 unused diamonds in a tier', () => {
    expect(chestsReady('bronze', 0, 0)).toBe(0);
    expect(chestsReady('bronze', 9, 0)).toBe(0);
    expect(chestsReady('bronze', 10, 0)).toBe(1);
    expect(chestsReady('bronze', 19, 0)).toBe(1);
    expect(chestsReady('gold', 27, 0)).toBe(2);
    expect(chestsReady('silver', 100, 60)).toBe(4);
    expect(chestsReady('silver', 45, 10)).toBe(3);
  });

  it('has no chests left in a capped tier once 100 are used, and counts no diamonds past 100', () => {
    expect(chestsReady('bronze', 100, 100)).toBe(0);
    expect(chestsReady('platinum', 100, 90)).toBe(1);
    expect(chestsReady('silver', 120, 90)).toBe(1);
    expect(chestsReady('gold', 150, 100)).toBe(0);
  });

  it('has no cap in Black: floor((diamonds - used) / 10)', () => {
    expect(chestsReady('black', 2000, 0)).toBe(200);
    expect(chestsReady('black', 250, 100)).toBe(15);
    expect(chestsReady('black', 109, 100)).toBe(0);
    expect(chestsReady('black', 1000, 990)).toBe(1);
  });

  it('never returns a negative count', () => {
    expect(chestsReady('bronze', 5, 10)).toBe(0);
    expect(chestsReady('black', 5, 10)).toBe(0);
    expect(diamondsTowardNextChest(5, 10)).toBe(0);
  });

  it('counts diamonds toward the next chest as (diamonds - used) mod 10', () => {
    expect(diamondsTowardNextChest(0, 0)).toBe(0);
    expect(diamondsTowardNextChest(9, 0)).toBe(9);
    expect(diamondsTowardNextChest(10, 0)).toBe(0);
    expect(diamondsTowardNextChest(27, 0)).toBe(7);
    expect(diamondsTowardNextChest(45, 10)).toBe(5);
    expect(diamondsTowardNextChest(100, 60)).toBe(0);
    expect(diamondsTowardNextChest(1234, 500)).toBe(4);
  });

  it('marks a capped tier fully used at 100 used, never Black', () => {
    expect(isFullyUsed('bronze', 90)).toBe(false);
    expect(isFullyUsed('bronze', 99)).toBe(false);
    expect(isFullyUsed('bronze', 100)).toBe(true);
    expect(isFullyUsed('platinum', 100)).toBe(true);
    expect(isFullyUsed('black', 100)).toBe(false);
    expect(isFullyUsed('black', 5000)).toBe(false);
  });

  it('shows progress 0..1 as a rounded percentage, clamped', () => {
    expect(progressPercent(0)).toBe(0);
    expect(progressPercent(1)).toBe(100);
    expect(progressPercent(0.45)).toBe(45);
    expect(progressPercent(0.004)).toBe(0);
    expect(progressPercent(0.005)).toBe(1);
    expect(progressPercent(0.994)).toBe(99);
    expect(progressPercent(0.995)).toBe(100);
    expect(progressPercent(-0.2)).toBe(0);
    expect(progressPercent(1.5)).toBe(100);
    expect(progressPercent(Number.NaN)).toBe(0);
  });

  it('has the thresholds of docs/rules.md#loyalty per tier', () => {
    expect(TIER_THRESHOLDS).toEqual({
      bronze: [0, 10, 20, 30, 40],
      silver: [0, 50, 100, 150, 200],
      gold: [0, 100, 200, 300, 400],
      platinum: [0, 250, 500, 750, 1000],
      black: [0, 500, 1000, 1500, 2000],
    });
  });

  it('is enabled only while the reward status is active', () => {
    expect(loyaltyEnabled('active')).toBe(true);
    expect(loyaltyEnabled('inactive')).toBe(false);
    expect(loyaltyEnabled('suspended')).toBe(false);
    expect(loyaltyEnabled('')).toBe(false);
  });

  it('summarises a tier in one object', () => {
    expect(summarizeTier('silver', 100, 60)).toEqual({
      tier: 'silver',
      diamonds: 100,
      used: 60,
      chests: 4,
      diamondsTowardNextChest: 0,
      fullyUsed: false,
      thresholds: [0, 50, 100, 150, 200],
      cap: 100,
    });
    // Black has no cap: the thresholds alone mark its bar.
    expect(summarizeTier('black', 2500, 0).cap).toBeNull();
  });
});

describe('payment methods (docs/rules.md#payments)', () => {
  const allOn = {
    is_payment3_enabled: true,
    is_payment3_absa_enabled: true,
    is_voucher_up_enabled: true,
    is_capitec_enabled: true,
    is_callpay_enabled: true,
    is_callpay_card_enabled: true,
    is_bitcoin_enabled: true,
  };

  it('lists every method with its type, provider and name when all flags are on', () => {
    expect(availablePaymentMethods(allOn)).toEqual([
      { gateway: 'payment3', type: 'eft', provider: 'payment3', name: 'Pay by bank' },
      { gateway: 'payment3Absa', type: 'eft', provider: 'payment3', name: 'Pay by bank (ABSA)' },
      { gateway: 'voucherUp', type: 'eft', provider: 'voucherup', name: 'Voucher' },
      { gateway: 'capitec', type: 'eft', provider: 'paypump', name: DEFAULT_CAPITEC_NAME },
      { gateway: 'discoveryBank', type: 'eft', provider: 'paypump', name: 'Discovery Bank' },
      { gateway: 'eft', type: 'eft', provider: 'callpay', name: 'Instant EFT' },
      { gateway: 'creditCard', type: 'credit_card', provider: 'callpay', name: 'Card' },
      { gateway: 'bitcoin', type: 'crypto', provider: 'callpay', name: 'Bitcoin' },
    ]);
    expect(DEFAULT_CAPITEC_NAME).toBe('Capitec ETF');
  });

  it.each([
    ['is_payment3_enabled', ['payment3']],
    ['is_payment3_absa_enabled', ['payment3Absa']],
    ['is_voucher_up_enabled', ['voucherUp']],
    ['is_capitec_enabled', ['capitec', 'discoveryBank']],
    ['is_callpay_enabled', ['eft']],
    ['is_callpay_card_enabled', ['creditCard']],
    ['is_bitcoin_enabled', ['bitcoin']],
  ])('%s switches on exactly %j', (flag, gateways) => {
    expect(availablePaymentMethods({ [flag]: true }).map((m) => m.gateway)).toEqual(gateways);
    const others = availablePaymentMethods({ ...allOn, [flag]: false }).map((m) => m.gateway);
    for (const g of gateways) expect(others).not.toContain(g);
    expect(others).toHaveLength(8 - gateways.length);
  });

  it('treats a missing flag as off and ignores flags it does not know', () => {
    expect(availablePaymentMethods({})).toEqual([]);
    expect(availablePaymentMethods({ is_paypal_enabled: true, payment3: true })).toEqual([]);
    expect(availablePaymentMethods({ is_payment3_absa_enabled: true, is_paypal_enabled: true })).toEqual([
      { gateway: 'payment3Absa', type: 'eft', provider: 'payment3', name: 'Pay by bank (ABSA)' },
    ]);
  });

  it("names Capitec from the backend's setting, with the default when it is blank", () => {
    const capitec = (name: string | null) =>
      availablePaymentMethods({ is_capitec_enabled: true }, name).find((m) => m.gateway === 'capitec')?.name;
    expect(capitec('Capitec Pay')).toBe('Capitec Pay');
    expect(capitec('  ')).toBe('Capitec ETF');
    expect(capitec(null)).toBe('Capitec ETF');
  });

  it('takes amounts in rands with at most two decimals, above zero', () => {
    expect(amountCentsFrom('150.00')).toBe(15_000);
    expect(amountCentsFrom('150')).toBe(15_000);
    expect(amountCentsFrom('150.5')).toBe(15_050);
    expect(amountCentsFrom('0.01')).toBe(1);
    expect(amountCentsFrom('1234567.89')).toBe(123_456_789);
    for (const bad of ['0', '0.00', '-5', '1.234', 'abc', '', '1e3', '1,000.00', 'R150', '.5']) {
      expect(amountCentsFrom(bad)).toBeNull();
    }
  });

  it('accepts idempotency keys of 1 to 255 visible ASCII characters', () => {
    expect(isIdempotencyKey('a')).toBe(true);
    expect(isIdempotencyKey('deposit-2026-11-22T08:00:00Z#1')).toBe(true);
    expect(isIdempotencyKey('x'.repeat(255))).toBe(true);
    expect(isIdempotencyKey('x'.repeat(256))).toBe(false);
    expect(isIdempotencyKey('')).toBe(false);
    expect(isIdempotencyKey('has space')).toBe(false);
    expect(isIdempotencyKey('tab\there')).toBe(false);
    expect(isIdempotencyKey('rand-é')).toBe(false);
  });
});

describe('login responses (docs/rules.md#sign-in-and-sessions)', () => {
  it('finds the token directly or inside a success object', () => {
    expect(tokenFrom({ token: 'abc' })).toEqual({ ok: true, token: 'abc' });
    expect(tokenFrom({ success: { token: 'abc' } })).toEqual({ ok: true, token: 'abc' });
    expect(tokenFrom({ token: 'abc', user: { id: 1 } })).toEqual({ ok: true, token: 'abc' });
  });

  it("returns the response's error, else 'Unknown error'", () => {
    expect(tokenFrom({ error: 'These credentials do not match our records.' })).toEqual({
      ok: false,
      message: 'These credentials do not match our records.',
    });
    for (const body of [
      {},
      null,
      'token',
      [],
      { token: '' },
      { token: 5 },
      { success: true },
      { success: {} },
    ]) {
      expect(tokenFrom(body)).toEqual({ ok: false, message: 'Unknown error' });
    }
  });
});

describe('notification types', () => {
  it('reads the backend type case-insensitively, unknown ones as other (OTHER in the schema)', () => {
    expect(notificationType('jackpot_win')).toBe('jackpot_win');
    expect(notificationType('Loyalty_Chest_Unlocked')).toBe('loyalty_chest_unlocked');
    expect(notificationType('withdrawal_success')).toBe('withdrawal_success');
    expect(notificationType('spin_of_the_day')).toBe('other');
    expect(notificationType('')).toBe('other');
  });
});
