import { describe, expect, it } from 'vitest';
import { transactionTitle } from '../src/domain/transaction-titles.js';

const names = { method: null, game: null };
const credit = (reference: string | null) =>
  transactionTitle(
    { type: 'credit', amountCents: 100, status: 'complete', bankAccount: null, reference },
    names,
  );

describe('transaction titles', () => {
  it("names cash the casino paid by what it was, else 'Credit'", () => {
    expect(credit('prize:tournament')).toBe('Tournament prize');
    expect(credit('prize:leaderboard')).toBe('Leaderboard prize');
    expect(credit('promotion:cashback')).toBe('Weekly cashback');
    expect(credit('promotion:cash_drop')).toBe('Friday cash drop');
    expect(credit('sandbox:credit')).toBe('Credit');
    expect(credit(null)).toBe('Credit');
  });
});
