import { describe, expect, it } from 'vitest';
import { barPercent, checkCouponCode, walletLabel, wageredPercent } from './rules';

describe('the coupon code check', () => {
  it('asks for a code when there is none, spaces included', () => {
    expect(checkCouponCode('')).toBe('Enter a coupon code.');
    expect(checkCouponCode('   ')).toBe('Enter a coupon code.');
  });

  it('takes up to 64 characters once trimmed, as the gateway does', () => {
    expect(checkCouponCode(` ${'A'.repeat(64)} `)).toBeNull();
    expect(checkCouponCode('A'.repeat(65))).toBe('A coupon code is at most 64 characters.');
  });

  it('leaves whether a code exists to the casino', () => {
    expect(checkCouponCode('NOT-A-COUPON')).toBeNull();
  });
});

describe('the wallet names', () => {
  it("reads the backend's callpay as money and bonus as bonus", () => {
    expect(walletLabel('callpay')).toBe('Cash');
    expect(walletLabel('bonus')).toBe('Bonus');
    expect(walletLabel('BONUS')).toBe('Bonus');
  });

  it('shows a wallet it does not know by its own name', () => {
    expect(walletLabel('free_spins')).toBe('Free spins');
    expect(walletLabel('')).toBe('Wallet');
  });
});

describe('the wagering progress', () => {
  it('is the share of the requirement wagered, in whole percent', () => {
    expect(wageredPercent(0, 100_000)).toBe(0);
    expect(wageredPercent(1_000, 100_000)).toBe(1);
    expect(wageredPercent(33_333, 100_000)).toBe(33);
    expect(wageredPercent(100_000, 100_000)).toBe(100);
  });

  it('is full when nothing is required, and never beyond 0 to 100', () => {
    expect(wageredPercent(0, 0)).toBe(100);
    expect(wageredPercent(150_000, 100_000)).toBe(100);
    expect(barPercent(-5)).toBe(0);
    expect(barPercent(Number.NaN)).toBe(0);
  });
});
