import type { Resolvers } from '../__generated__/resolvers-types.js';
import { formatRands, centsToDecimal } from '../domain/money.js';

export const moneyResolvers: Resolvers = {
  Money: {
    cents: (m) => m.cents,
    amount: (m) => centsToDecimal(m.cents),
    formatted: (m) => formatRands(m.cents),
  },
};
