import type { TransactionModel } from '../models.js';

const CREDIT_TITLES: Record<string, string> = {
  'prize:tournament': 'Tournament prize',
  'prize:leaderboard': 'Leaderboard prize',
  'promotion:cashback': 'Weekly cashback',
  'promotion:cash_drop': 'Friday cash drop',
};

/**
 * What a movement was, as a player reads it in Transactions (docs/rules.md#transactions): a deposit names its
 * payment method, a withdrawal the bank account it pays into (and its refund says why the money came back), a bet
 * or a win its game. The names come in from their own sources (the payment methods' display names, the catalogue).
 */
export function transactionTitle(
  t: Pick<TransactionModel, 'type' | 'amountCents' | 'status' | 'bankAccount' | 'reference'>,
  names: { method: string | null; game: string | null },
): string {
  const withGame = (what: string) => (names.game ? `${what} · ${names.game}` : what);
  switch (t.type) {
    case 'deposit':
      // A deposit paid during a break or a self-exclusion is returned at once: its debit is the money going back.
      if (t.amountCents < 0) return names.method ? `Deposit returned · ${names.method}` : 'Deposit returned';
      return names.method ? `Deposit · ${names.method}` : 'Deposit';
    case 'withdrawal': {
      const account = t.bankAccount ? `${t.bankAccount.bankName} ${t.bankAccount.maskedNumber}` : null;
      // The refund of a cancelled or failed withdrawal is the same withdrawal's money coming back.
      if (t.amountCents > 0) {
        const why = t.status === 'failed' ? 'failed' : 'cancelled';
        return `Refund of ${why} withdrawal${account ? ` · ${account}` : ''}`;
      }
      return account ? `Withdrawal to ${account}` : 'Withdrawal';
    }
    case 'bet':
      return withGame('Bet');
    case 'win':
      return withGame('Win');
    case 'bonus':
      // The welcome package's bonus is posted as welcome:<payment id> (docs/rules.md#welcome-package).
      return t.reference?.startsWith('welcome:') ? 'Welcome bonus' : 'Bonus credited';
    case 'bonus_release':
      return 'Bonus converted to cash';
    case 'bonus_forfeit':
      return 'Bonus forfeited';
    case 'buy_in':
      return 'Tournament buy-in';
    case 'chest_reward':
      return 'Loyalty chest reward';
    case 'coupon':
      return 'Coupon bonus';
    case 'credit':
      // Cash the casino paid, named by its reference (the sandbox's seeded prizes and promotions).
      return CREDIT_TITLES[t.reference ?? ''] ?? 'Credit';
    default:
      return 'Other movement';
  }
}
