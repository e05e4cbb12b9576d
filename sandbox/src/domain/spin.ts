import type { SandboxContext } from '../context.js';
import type { Db } from '../db/open.js';
import { ApiError } from '../http/errors.js';
import { recordWager } from './bonus.js';
import { publishWallet } from './events.js';
import { balanceCents, post, walletEntries, type WalletName } from './ledger.js';
import { earnFromStake } from './loyalty.js';
import { formatCents } from './money.js';
import { addTournamentPoints } from './tournaments.js';

const SYMBOLS = ['cherry', 'lemon', 'bell', 'star', 'diamond', 'seven'] as const;
type Symbol = (typeof SYMBOLS)[number];

/** Pay table: multiplier of the stake and its probability (about 90% return to player). */
const PAY_TABLE: { multiplier: number; probability: number; symbol?: Symbol }[] = [
  { multiplier: 50, probability: 0.003, symbol: 'seven' },
  { multiplier: 10, probability: 0.02, symbol: 'diamond' },
  { multiplier: 5, probability: 0.04, symbol: 'star' },
  { multiplier: 2, probability: 0.1, symbol: 'bell' },
  { multiplier: 1, probability: 0.1, symbol: 'lemon' },
  { multiplier: 0.5, probability: 0.1, symbol: 'cherry' },
];

/** Draws an outcome from a number in [0, 1): the multiplier and reels that show it. */
export function drawOutcome(r: number, pickSymbol: () => Symbol = () => SYMBOLS[0]) {
  let acc = 0;
  for (const line of PAY_TABLE) {
    acc += line.probability;
    if (r < acc) {
      const s = line.symbol!;
      // Half-stake wins show two cherries; every other win three of a kind.
      const reels: Symbol[] = line.multiplier < 1 ? [s, s, 'lemon'] : [s, s, s];
      return { multiplier: line.multiplier, reels };
    }
  }
  let reels = [pickSymbol(), pickSymbol(), pickSymbol()];
  // A loss must not look like a win.
  if (reels[0] === reels[1] && reels[1] === reels[2])
    reels = [reels[0]!, reels[1]!, reels[0] === 'seven' ? 'bell' : 'seven'];
  if (reels.filter((x) => x === 'cherry').length >= 2) reels = ['lemon', 'bell', 'star'];
  return { multiplier: 0, reels };
}

export const randomSymbol = (rng: () => number) => () => SYMBOLS[Math.floor(rng() * SYMBOLS.length)]!;

/**
 * The balance a stake comes from (docs/rules.md#bonus-money): cash when it covers the stake, else the bonus; null
 * when neither does. The loss limits read it too: only a cash stake can count toward them.
 */
export function stakeWallet(db: Db, userId: number, stakeCents: number): WalletName | null {
  if (balanceCents(db, userId, 'money') >= stakeCents) return 'money';
  if (balanceCents(db, userId, 'bonus') >= stakeCents) return 'bonus';
  return null;
}

/**
 * A real-money spin (docs/rules.md#bonus-money): the stake comes from the money wallet (or the bonus wallet when money
 * is short), the win goes back to the same wallet, both as ledger rows in one transaction; the response names that
 * wallet, so the game can say where the stake came from and where the win went. Then the spin counts toward wagering, loyalty
 * diamonds and running tournaments, and the live channels hear about it.
 */
export function realSpin(
  ctx: SandboxContext,
  userId: number,
  gameId: number,
  stakeCents: number,
  rng: () => number,
) {
  const { db } = ctx;
  const now = ctx.clock();
  const outcome = drawOutcome(rng(), randomSymbol(rng));
  const winCents = Math.floor(stakeCents * outcome.multiplier);
  const { spinId, wallet } = db.transaction(() => {
    const wallet = stakeWallet(db, userId, stakeCents);
    if (!wallet) throw new ApiError(422, 'Insufficient funds.');
    const info = db
      .prepare(
        'INSERT INTO spins (user_id, game_id, stake_cents, win_cents, wallet, demo, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)',
      )
      .run(userId, gameId, stakeCents, winCents, wallet, now.toISOString());
    const reference = `spin:${info.lastInsertRowid}`;
    post(
      db,
      [
        { userId, wallet, amountCents: -stakeCents, kind: 'bet', reference },
        { userId, wallet, amountCents: winCents, kind: 'win', reference },
      ],
      now,
    );
    db.prepare(
      `INSERT INTO recent_games (user_id, game_id, played_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id, game_id) DO UPDATE SET played_at = excluded.played_at`,
    ).run(userId, gameId, now.toISOString());
    return { spinId: Number(info.lastInsertRowid), wallet };
  })();
  recordWager(ctx, userId, stakeCents);
  const loyalty = earnFromStake(ctx, userId, stakeCents);
  addTournamentPoints(ctx, userId, gameId, stakeCents);
  publishWallet(ctx, userId);
  return {
    spinId,
    demo: false,
    reels: outcome.reels,
    multiplier: outcome.multiplier,
    stake: formatCents(stakeCents),
    win: formatCents(winCents),
    wallet,
    wallets: walletEntries(db, userId),
    loyalty,
  };
}

export function demoSpin(stakeCents: number, rng: () => number) {
  const outcome = drawOutcome(rng(), randomSymbol(rng));
  return {
    spinId: null,
    demo: true,
    reels: outcome.reels,
    multiplier: outcome.multiplier,
    stake: formatCents(stakeCents),
    win: formatCents(Math.floor(stakeCents * outcome.multiplier)),
  };
}
