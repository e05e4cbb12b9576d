import { BANKS, maskedNumber } from '../domain/bank-accounts.js';
import { identityKey } from '../domain/identity.js';
import { STAKE_CENTS_PER_DIAMOND, type Tier } from '../domain/loyalty.js';
import { formatRands } from '../domain/money.js';
import { shortReference } from '../domain/references.js';
import { recordRealPlay } from '../domain/safer-gambling/play-time.js';
import { hashPassword } from '../domain/passwords.js';
import { seedVerified } from '../domain/verification.js';
import { post, type LedgerKind } from '../domain/ledger.js';
import { NOTIFICATION_TYPES, insertNotification } from '../domain/notifications.js';
import type { Db } from '../db/open.js';
import { seededRandom, type Random } from '../random.js';
import { TINY_PNG, tinyPdf } from './documents.js';

/** Demo accounts documented in the README. */
export const DEMO_PLAYER = { email: 'demo@playlive.test', password: 'PlayLive-demo-1', name: 'Demo Player' };
export const NEW_PLAYER = { email: 'new@playlive.test', password: 'PlayLive-new-1', name: 'New Player' };
/**
 * Their identities (docs/rules.md#know-your-player): valid South African ID numbers (right check digit) holding
 * their dates of birth. Shown only masked (900517*******); kept here, not in the README, as the tests read them.
 */
export const DEMO_IDENTITY = { idNumber: '9005175009083', dateOfBirth: '1990-05-17' };
export const NEW_IDENTITY = { idNumber: '9508230214085', dateOfBirth: '1995-08-23' };

/**
 * The types seeded, one each: every type but a returned deposit's, which only a real refund sends (a seeded one
 * would point to a refund that is not in the history).
 */
type SeededType = Exclude<(typeof NOTIFICATION_TYPES)[number], 'deposit_refunded'>;
const SEEDED_TYPES = NOTIFICATION_TYPES.filter((t): t is SeededType => t !== 'deposit_refunded');

/**
 * The notifications that announce money (most say "See your transactions") are written by the history that moves
 * it, with its amount (seedHistory); the others are fixed text.
 */
type MoneyType =
  | 'cashback'
  | 'cash_drop_friday'
  | 'jackpot_win'
  | 'loyalty_allocation'
  | 'tournament_prize'
  | 'tournament_leaderboard_prize'
  | 'withdrawal_rollback'
  | 'withdrawal_success';
type TextType = Exclude<SeededType, MoneyType>;
const NOTIFICATION_TEXT: Record<TextType, [string, string]> = {
  allocation: ['Bonus allocated', 'R50 bonus has been added to your account.'],
  bonus_transfer_opt_out: ['Bonus opt-out', 'You opted out of your bonus.'],
  bonus_wagering_completed: [
    'Wagering complete',
    'You met the wagering requirement; your bonus is now cash.',
  ],
  created_by_user: ['Message from support', 'Thanks for getting in touch; your query is resolved.'],
  loyalty_chest_unlocked: ['A chest is ready', 'You have a loyalty chest ready to open.'],
  loyalty_tier_unlocked: ['New loyalty tier', 'You reached the gold tier. Keep playing for bigger chests.'],
  welcome_message: [
    'Welcome to PlayLive',
    'Thanks for joining. Your welcome package is waiting in the cashier.',
  ],
};

function insertUser(
  db: Db,
  who: { email: string; password: string; name: string },
  identity: { idNumber: string; dateOfBirth: string },
  verifiedAt: string | null,
  at: string,
  passwordCost: number | undefined,
) {
  const info = db
    .prepare(
      `INSERT INTO users (name, email, password_hash, phone, date_of_birth, id_number, identity_kind,
         identity_country, identity_key, email_verified_at, loyalty_tier, created_at, updated_at)
       VALUES (?, ?, ?, '+27 82 555 0100', ?, ?, 'sa_id', 'ZA', ?, ?, 'bronze', ?, ?)`,
    )
    .run(
      who.name,
      who.email,
      hashPassword(who.password, passwordCost),
      identity.dateOfBirth,
      identity.idNumber,
      identityKey({ country: 'ZA', number: identity.idNumber }),
      verifiedAt,
      at,
      at,
    );
  return Number(info.lastInsertRowid);
}

type DaysAgo = (days: number) => Date;

/** Demo players and the demo player's history: deposits, play, a withdrawal, notifications, loyalty. */
export function seedPlayers(db: Db, now: Date, passwordCost?: number): void {
  const daysAgo: DaysAgo = (d) => new Date(now.getTime() - d * 86_400_000);
  const demo = insertUser(
    db,
    DEMO_PLAYER,
    DEMO_IDENTITY,
    daysAgo(120).toISOString(),
    daysAgo(120).toISOString(),
    passwordCost,
  );
  // The demo player has played for months: the new-player onboarding is long behind them, and their identity was
  // verified (FICA) before their first withdrawal.
  db.prepare('UPDATE users SET onboarding_seen_at = ? WHERE id = ?').run(daysAgo(120).toISOString(), demo);
  seedVerified(
    db,
    demo,
    { identity: TINY_PNG, proof_of_address: tinyPdf('Municipal account: Demo Player') },
    daysAgo(100),
  );
  // The new player has given an ID number, as every player does, and has not verified yet.
  insertUser(db, NEW_PLAYER, NEW_IDENTITY, null, daysAgo(1).toISOString(), passwordCost);
  // Money history through the ledger, so the balance equals the ledger sum from the start.
  const games = seedHistory(db, demo, daysAgo);
  seedFavourites(db, demo, games.slice(0, 6), daysAgo);
  seedLoyalty(db, demo);
}

/**
 * A database seeded before the casino asked for identities (migration 10) gets the demo accounts' identities, and
 * the demo player's verification, so the README's accounts behave as documented; an identity already set is kept.
 */
export function backfillDemoIdentities(db: Db, now: Date): void {
  for (const [who, identity] of [
    [DEMO_PLAYER, DEMO_IDENTITY],
    [NEW_PLAYER, NEW_IDENTITY],
  ] as const) {
    db.prepare(
      `UPDATE users SET id_number = ?, identity_kind = 'sa_id', identity_country = 'ZA', identity_key = ?
       WHERE email = ? AND identity_key IS NULL
         AND NOT EXISTS (SELECT 1 FROM users WHERE identity_key = ?)`,
    ).run(
      identity.idNumber,
      identityKey({ country: 'ZA', number: identity.idNumber }),
      who.email,
      identityKey({ country: 'ZA', number: identity.idNumber }),
    );
  }
  const demo = db
    .prepare(
      `SELECT id FROM users WHERE email = ?
       AND NOT EXISTS (SELECT 1 FROM verifications v WHERE v.user_id = users.id)`,
    )
    .get(DEMO_PLAYER.email) as { id: number } | undefined;
  if (demo) {
    seedVerified(
      db,
      demo.id,
      { identity: TINY_PNG, proof_of_address: tinyPdf('Municipal account: Demo Player') },
      now,
    );
  }
}

/** The seeded loyalty (seedLoyalty): 227 diamonds earned (Bronze 100, Silver 100, Gold 27) and R4.50 toward the next. */
const LOYALTY_STAKES_CENTS = 227 * STAKE_CENTS_PER_DIAMOND + 450;
/** The chests those diamonds paid for, opened: all of Bronze's 100 diamonds (10 chests) and 60 of Silver's (6). */
const CHESTS_OPENED: readonly Tier[] = [...Array<Tier>(10).fill('bronze'), ...Array<Tier>(6).fill('silver')];
/** The last chest's reward, which the loyalty_allocation notification announces. */
const LAST_CHEST_CENTS = 2_000;
/** Cash from seeded chests, by tier (lowest, highest), as the casino pays (domain/loyalty.ts). */
const CHEST_CENTS: Partial<Record<Tier, [number, number]>> = { bronze: [500, 2_000], silver: [1_000, 5_000] };
const SPINS = 60;
const JACKPOT = { stakeCents: 1_000, winCents: 1_250_000 };
const CASHBACK_CENTS = 3_520;
const CASH_DROP_CENTS = 100_000;
const TOURNAMENT_PRIZE_CENTS = 50_000;
const LEADERBOARD_PRIZE_CENTS = 25_000;
const PAID_WITHDRAWAL = { id: 'wd_seed1', cents: 30_000 };
const CANCELLED_WITHDRAWAL = { id: 'wd_seed2', cents: 20_000 };

const minutesAfter = (at: Date, m: number) => new Date(at.getTime() + m * 60_000);

/** A history being written: its steps in any order, run in the order they happened. */
interface History {
  db: Db;
  demo: number;
  daysAgo: DaysAgo;
  on(at: Date, run: () => void): void;
  /** Sets the text of a notification that announces money; returns when the money lands (two minutes before it). */
  announced(type: MoneyType, subject: string, message: string): Date;
  /** A movement of the player's cash. */
  cash(at: Date, amountCents: number, kind: LedgerKind, reference: string): void;
}

/**
 * The demo player's history, written in the order it happened, so every ledger row's balance after follows from the
 * row before (GET /api/transactions): four deposits; sixty spins over the last month, each with the moments of real
 * play the minutes played are counted from; the loyalty chests those stakes earned, opened for cash; a R12,500
 * jackpot; cashback, a Friday cash drop and two tournament prizes; a withdrawal cancelled and one paid to a Capitec
 * account. Then one notification of each seeded type, a day apart (the welcome message when they joined; the older
 * half read), each that announces money written from the movement it announces. Returns the games played.
 */
function seedHistory(db: Db, demo: number, daysAgo: DaysAgo): { id: number }[] {
  const steps: { at: Date; run: () => void }[] = [];
  // A day apart, except the welcome message, sent when the player joined (120 days ago).
  const others = SEEDED_TYPES.filter((type) => type !== 'welcome_message');
  const notifyAt = new Map<SeededType, Date>([
    ['welcome_message', daysAgo(120)],
    ...others.map((type, i): [SeededType, Date] => [type, daysAgo(others.length - i)]),
  ]);
  const texts = new Map<SeededType, [string, string]>(
    Object.entries(NOTIFICATION_TEXT) as [TextType, [string, string]][],
  );
  const h: History = {
    db,
    demo,
    daysAgo,
    on: (at, run) => steps.push({ at, run }),
    announced: (type, subject, message) => {
      texts.set(type, [subject, message]);
      return minutesAfter(notifyAt.get(type)!, -2);
    },
    cash: (at, amountCents, kind, reference) =>
      h.on(at, () => post(db, [{ userId: demo, wallet: 'money', amountCents, kind, reference }], at)),
  };
  seedDeposits(h);
  const games = seedPlay(h);
  seedPrizes(h);
  seedWithdrawals(h);
  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const step of steps) step.run();

  // Oldest first; the older half read.
  const byTime = [...notifyAt].sort(([, a], [, b]) => a.getTime() - b.getTime());
  byTime.forEach(([type, at], i) => {
    const id = insertNotification(db, demo, type, ...texts.get(type)!, at);
    if (i < byTime.length / 2) {
      db.prepare('UPDATE notifications SET read_at = ? WHERE id = ?').run(
        new Date(at.getTime() + 3_600_000).toISOString(),
        id,
      );
    }
  });
  return games;
}

function seedDeposits(h: History): void {
  const deposits = [
    [90, 50_000, 'eft', 'callpay'],
    [60, 20_000, 'capitec', 'paypump'],
    [30, 100_000, 'creditCard', 'callpay'],
    [7, 25_000, 'voucherUp', 'voucherup'],
  ] as const;
  deposits.forEach(([days, cents, gateway, provider], i) => {
    const at = h.daysAgo(days);
    const id = `pay_seed${i + 1}`;
    h.on(at, () =>
      h.db
        .prepare(
          `INSERT INTO deposits (id, user_id, gateway, type, provider, amount_cents, status, created_at, completed_at)
           VALUES (?, ?, ?, ?, ?, ?, 'complete', ?, ?)`,
        )
        .run(
          id,
          h.demo,
          gateway,
          gateway === 'creditCard' ? 'credit_card' : 'eft',
          provider,
          cents,
          at.toISOString(),
          at.toISOString(),
        ),
    );
    h.cash(at, cents, 'deposit', `deposit:${id}`);
  });
}

/** A real-money spin, with the game opened four minutes before it: four minutes of real-money play. */
function spinOn(h: History, at: Date, gameId: number, stake: number, win: number): void {
  h.on(at, () => {
    const id = h.db
      .prepare(
        'INSERT INTO spins (user_id, game_id, stake_cents, win_cents, wallet, demo, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)',
      )
      .run(h.demo, gameId, stake, win, 'money', at.toISOString()).lastInsertRowid;
    post(
      h.db,
      [
        { userId: h.demo, wallet: 'money', amountCents: -stake, kind: 'bet', reference: `spin:${id}` },
        { userId: h.demo, wallet: 'money', amountCents: win, kind: 'win', reference: `spin:${id}` },
      ],
      at,
    );
    h.db
      .prepare(
        `INSERT INTO recent_games (user_id, game_id, played_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id, game_id) DO UPDATE SET played_at = excluded.played_at`,
      )
      .run(h.demo, gameId, at.toISOString());
    recordRealPlay(h.db, h.demo, 'launch', minutesAfter(at, -4));
    recordRealPlay(h.db, h.demo, 'spin', at);
  });
}

/** A loyalty chest opened for cash. */
function chestOn(h: History, at: Date, tier: Tier, rewardCents: number): void {
  h.on(at, () => {
    const id = h.db
      .prepare('INSERT INTO chest_openings (user_id, tier, reward_cents, created_at) VALUES (?, ?, ?, ?)')
      .run(h.demo, tier, rewardCents, at.toISOString()).lastInsertRowid;
    post(
      h.db,
      [
        {
          userId: h.demo,
          wallet: 'money',
          amountCents: rewardCents,
          kind: 'chest_reward',
          reference: `chest:${id}`,
        },
      ],
      at,
    );
  });
}

/** Sixty stakes that, with the jackpot's, are what earned the seeded diamonds (one per R10 staked). */
function spinStakes(rnd: Random): number[] {
  const draws = Array.from({ length: SPINS }, () => rnd.pick([2_000, 3_000, 4_000, 5_000, 6_000]));
  const target = LOYALTY_STAKES_CENTS - JACKPOT.stakeCents;
  const drawn = draws.reduce((a, b) => a + b, 0);
  const stakes = draws.map((d) => Math.max(1_000, Math.round((d * target) / drawn / 500) * 500));
  let residual = target - stakes.reduce((a, b) => a + b, 0);
  for (let i = 0; Math.abs(residual) >= 500; i++) {
    const step = residual > 0 ? 500 : -500;
    if (stakes[i % SPINS]! + step >= 1_000) {
      stakes[i % SPINS]! += step;
      residual -= step;
    }
  }
  stakes[SPINS - 1]! += residual;
  return stakes;
}

/**
 * Sixty spins over the last month on the first 40 games, the chests their stakes earned opened a minute after each is
 * ready (the last on a day of its own), and a jackpot; returns those games.
 */
function seedPlay(h: History): { id: number }[] {
  const rnd = seededRandom(2718);
  const chestRnd = seededRandom(1618);
  const games = h.db.prepare('SELECT id, name FROM games ORDER BY id LIMIT 40').all() as {
    id: number;
    name: string;
  }[];
  const jackpotGame = games.find((g) => g.name.includes('Wolf')) ?? games[0];
  if (!jackpotGame) throw new Error('The catalogue is seeded before the players.');
  const stakes = spinStakes(rnd);
  let staked = 0;
  let opened = 0;
  stakes.forEach((stake, i) => {
    const at = h.daysAgo(29 - i / 3);
    const win = rnd.chance(0.35) ? stake * rnd.pick([1, 2, 5]) : 0;
    spinOn(h, at, rnd.pick(games).id, stake, win);
    staked += stake;
    while (opened < CHESTS_OPENED.length - 1 && staked >= (opened + 1) * 10 * STAKE_CENTS_PER_DIAMOND) {
      const tier = CHESTS_OPENED[opened]!;
      const [low, high] = CHEST_CENTS[tier]!;
      chestOn(
        h,
        minutesAfter(at, 1 + opened),
        tier,
        Math.round((low + chestRnd.next() * (high - low)) / 100) * 100,
      );
      opened++;
    }
  });
  const reward = formatRands(LAST_CHEST_CENTS);
  const lastChestAt = h.announced(
    'loyalty_allocation',
    'Loyalty reward',
    `${reward} from a loyalty chest has been added to your wallet.`,
  );
  chestOn(h, lastChestAt, CHESTS_OPENED.at(-1)!, LAST_CHEST_CENTS);
  const jackpot = formatRands(JACKPOT.winCents);
  const jackpotAt = h.announced(
    'jackpot_win',
    'Jackpot!',
    `You hit a jackpot of ${jackpot} on ${jackpotGame.name}.`,
  );
  spinOn(h, jackpotAt, jackpotGame.id, JACKPOT.stakeCents, JACKPOT.winCents);
  return games;
}

/** Cash the casino paid: promotions and tournament prizes (ledger kind credit). */
function seedPrizes(h: History): void {
  const paid: [MoneyType, string, string, number, string][] = [
    [
      'cashback',
      'Weekly cashback',
      `Your weekly cashback of ${formatRands(CASHBACK_CENTS)} has been paid.`,
      CASHBACK_CENTS,
      'promotion:cashback',
    ],
    [
      'cash_drop_friday',
      'Friday cash drop',
      `You are one of 20 players who won ${formatRands(CASH_DROP_CENTS)} in the Friday cash drop!`,
      CASH_DROP_CENTS,
      'promotion:cash_drop',
    ],
    [
      'tournament_prize',
      'Tournament prize',
      `You won ${formatRands(TOURNAMENT_PRIZE_CENTS)} in last week's Weekend Spin Frenzy.`,
      TOURNAMENT_PRIZE_CENTS,
      'prize:tournament',
    ],
    [
      'tournament_leaderboard_prize',
      'Leaderboard prize',
      `You finished 3rd on the leaderboard: ${formatRands(LEADERBOARD_PRIZE_CENTS)} is yours.`,
      LEADERBOARD_PRIZE_CENTS,
      'prize:leaderboard',
    ],
  ];
  for (const [type, subject, message, cents, reference] of paid)
    h.cash(h.announced(type, subject, message), cents, 'credit', reference);
}

/** A withdrawal to the Capitec account, each step as the back office makes it (docs/rules.md#withdrawals). */
function withdrawalOn(
  h: History,
  w: { id: string; cents: number },
  status: 'paid' | 'reversed',
  steps: [string, Date][],
): void {
  const [, requestedAt] = steps[0]!;
  const [, doneAt] = steps.at(-1)!;
  h.on(requestedAt, () => {
    h.db
      .prepare(
        `INSERT INTO withdrawals (id, user_id, amount_cents, status, bank, holder, account_last4, account_type,
           created_at, updated_at)
         VALUES (?, ?, ?, ?, 'capitec', (SELECT name FROM users WHERE id = ?), '1234', 'savings', ?, ?)`,
      )
      .run(w.id, h.demo, w.cents, status, h.demo, requestedAt.toISOString(), doneAt.toISOString());
    for (const [step, at] of steps) {
      h.db
        .prepare('INSERT INTO withdrawal_steps (withdrawal_id, status, at) VALUES (?, ?, ?)')
        .run(w.id, step, at.toISOString());
    }
  });
  h.cash(requestedAt, -w.cents, 'withdrawal', `withdrawal:${w.id}`);
  // A cancelled withdrawal's money comes back when it is cancelled.
  if (status === 'reversed') h.cash(doneAt, w.cents, 'withdrawal', `withdrawal:${w.id}`);
}

/** A payout account; a withdrawal the player cancelled while pending, then one paid, each told as the casino tells it. */
function seedWithdrawals(h: History): void {
  h.db
    .prepare(
      `INSERT INTO bank_accounts (user_id, bank, holder, account_number, account_type, verified, updated_at)
       VALUES (?, 'capitec', (SELECT name FROM users WHERE id = ?), '1480231234', 'savings', 1, ?)`,
    )
    .run(h.demo, h.demo, h.daysAgo(6).toISOString());
  const hours = (at: Date, n: number) => minutesAfter(at, n * 60);
  const cancelledAt = h.announced(
    'withdrawal_rollback',
    'Withdrawal cancelled',
    `You cancelled your withdrawal of ${formatRands(CANCELLED_WITHDRAWAL.cents)} (${shortReference(CANCELLED_WITHDRAWAL.id)}); the money is back in your balance.`,
  );
  withdrawalOn(h, CANCELLED_WITHDRAWAL, 'reversed', [
    ['pending', hours(cancelledAt, -3)],
    ['reversed', cancelledAt],
  ]);
  const paidAt = h.announced(
    'withdrawal_success',
    'Withdrawal paid',
    `We paid ${formatRands(PAID_WITHDRAWAL.cents)} to ${BANKS.capitec} ${maskedNumber('1234')} (${shortReference(PAID_WITHDRAWAL.id)}).`,
  );
  withdrawalOn(h, PAID_WITHDRAWAL, 'paid', [
    ['pending', hours(paidAt, -21)],
    ['approved', hours(paidAt, -12)],
    ['paid', paidAt],
  ]);
}

function seedFavourites(db: Db, demo: number, games: { id: number }[], daysAgo: DaysAgo): void {
  for (const game of games) {
    db.prepare('INSERT INTO favourites (user_id, game_id, created_at) VALUES (?, ?, ?)').run(
      demo,
      game.id,
      daysAgo(10).toISOString(),
    );
  }
}

/** Loyalty in several tiers: Bronze used up, Silver part used with chests ready, Gold under way. */
function seedLoyalty(db: Db, demo: number): void {
  const tiers: [string, number, number][] = [
    ['bronze', 100, 100],
    ['silver', 100, 60],
    ['gold', 27, 0],
  ];
  for (const [tier, diamonds, used] of tiers) {
    db.prepare('INSERT INTO loyalty_tiers (user_id, tier, diamonds, used) VALUES (?, ?, ?, ?)').run(
      demo,
      tier,
      diamonds,
      used,
    );
  }
  db.prepare("UPDATE users SET loyalty_tier = 'gold', loyalty_stake_remainder_cents = 450 WHERE id = ?").run(
    demo,
  );
}
