import { describe, expect, it } from 'vitest';
import { depositReturnFrom, returnAddress, searchWithoutReturn } from './deposit-return';
import { intentKey, settleIntent } from './intent';

describe('the way back from a payment page', () => {
  it('returns to the page the player was on, with the cashier open and the provider named', () => {
    const address = returnAddress('PAYPUMP', { origin: 'https://playlive.test', pathname: '/capitec' });
    expect(address).toBe('https://playlive.test/capitec?modal=wallet&provider=paypump');
  });

  it('reads the deposit back, passing on every field the payment page added', () => {
    const search = '?provider=paypump&paymentId=pay_1&status=complete&reference=abc';
    const returned = depositReturnFrom(search);
    expect(returned).toEqual({
      provider: 'paypump',
      paymentId: 'pay_1',
      returnQuery: 'status=complete&reference=abc',
    });
    expect(searchWithoutReturn(`${search}&affid=x`, returned!)).toBe('?affid=x');
  });

  it('is not a return without both the provider and the payment', () => {
    expect(depositReturnFrom('?provider=paypump')).toBeNull();
    expect(depositReturnFrom('?paymentId=pay_1')).toBeNull();
    expect(depositReturnFrom('')).toBeNull();
  });
});

describe('one key per payment intent', () => {
  it('keeps the key for the same request until it succeeds, and changes it with the request', () => {
    const first = intentKey('withdrawal', { amount: '60.00' });
    expect(first).toMatch(/^withdrawal-[0-9a-f]{32}$/);
    expect(intentKey('withdrawal', { amount: '60.00' })).toBe(first);
    const edited = intentKey('withdrawal', { amount: '70.00' });
    expect(edited).not.toBe(first);
    settleIntent('withdrawal');
    expect(intentKey('withdrawal', { amount: '70.00' })).not.toBe(edited);
    // Deposits and withdrawals are separate intents.
    expect(intentKey('deposit', { amount: '70.00' })).not.toBe(intentKey('withdrawal', { amount: '70.00' }));
  });
});
