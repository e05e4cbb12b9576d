import { identityKey } from '../domain/identity.js';
import { hashPassword } from '../domain/passwords.js';
import { seedVerified } from '../domain/verification.js';
import { post } from '../domain/ledger.js';
import { NOTIFICATION_TYPES, insertNotification } from '../domain/notifications.js';
import type { Db } from '../db/open.js';
import { seededRandom } from '../random.js';
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
export const COUPONS = {
  welcome: {
    code: 'WELCOME100',
    description: 'R100 welcome bonus, wager 10 times',
    bonus_cents: 10_000,
    wagering_multiplier: 10,
  },
  spins: {
    code: 'SPIN25',
    description: 'R25 bonus, wager 5 times',
    bonus_cents: 2_500,
    wagering_multiplier: 5,
  },
  expired: {
    code: 'EXPIRED50',
    description: 'R50 bonus from last season',
    bonus_cents: 5_000,
    wagering_multiplier: 10,
  },
};

/**
 * The types seeded, one each: every type but a returned deposit's, which only a real refund sends (a seeded one
 * would point to a refund that is not in the history).
 */
type SeededType = Exclude<(typeof NOTIFICATION_TYPES)[number], 'deposit_refunded'>;
const SEEDED_TYPES = NOTIFICATION_TYPES.filter((t): t is SeededType => t !== 'deposit_refunded');

const NOTIFICATION_TEXT: Record<SeededType, [string, string]> = {
  allocation: ['Bonus allocated', 'R50 bonus has been added to your account.'],
  bonus_transfer_opt_out: ['Bonus opt-out', 'You opted out of your bonus.'],
  bonus_wagering_completed: [
    'Wagering complete',
    'You met the wagering requirement; your bonus is now cash.',
  ],
  cashback: ['Weekly cashback', 'Your weekly cashback of R35.20 has been paid.'],
  cash_drop_friday: ['Friday cash drop', 'You are one of 20 players who won R1,000 in the Friday cash drop!'],
  created_by_user: ['Message from support', 'Thanks for getting in touch; your query is resolved.'],
  jackpot_win: ['Jackpot!', 'You hit a jackpot of R12,500 on Wolf Gold.'],
  loyalty_chest_unlocked: ['A chest is ready', 'You have a loyalty chest ready to open.'],
  loyalty_allocation: ['Loyalty reward', 'R20 from a loyalty chest has been added to your wallet.'],
  loyalty_tier_unlocked: ['New loyalty tier', 'You reached the gold tier. Keep playing for bigger chests.'],
  tournament_prize: ['Tournament prize', 'You won R500 in the Weekend Spin Frenzy.'],
  tournament_leaderboard_prize: ['Leaderboard prize', 'You finished 3rd on the leaderboard: R250 is yours.'],
  welcome_message: [
    'Welcome to PlayLive',
    'Thanks for joining. Your welcome package is waiting in the cashier.',
  ],
  withdrawal_rollback: ['Withdrawal reversed', 'Your withdrawal of R200 was returned to your wallet.'],
  withdrawal_success: ['Withdrawal paid', 'Your withdrawal of R300 has been paid.'],
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

/** Demo players, coupons, and the demo player's history: deposits, play, a withdrawal, notifications, loyalty. */
export function seedPlayers(db: Db, now: Date, passwordCost?: number): void {
  const daysAgo: DaysAgo = (d) => new Date(now.getTime() - d * 86_400_000);
  seedCoupons(db);
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
  seedDeposits(db, demo, daysAgo);
  const games = seedPlay(db, demo, daysAgo);
  seedWithdrawal(db, demo, daysAgo);
  seedFavourites(db, demo, games.slice(0, 6), daysAgo);
  seedLoyalty(db, demo);
  seedNotifications(db, demo, daysAgo);
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

function seedCoupons(db: Db): void {
  const insertCoupon = db.prepare(
    'INSERT INTO coupons (code, description, bonus_cents, wagering_multiplier, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  insertCoupon.run(...Object.values(COUPONS.welcome), '2099-12-31T21:59:59.000Z');
  insertCoupon.run(...Object.values(COUPONS.spins), '2099-12-31T21:59:59.000Z');
  insertCoupon.run(...Object.values(COUPONS.expired), '2025-01-31T21:59:59.000Z');
}

function seedDeposits(db: Db, demo: number, daysAgo: DaysAgo): void {
  const deposits = [
    [90, 50_000, 'eft', 'callpay'],
    [60, 20_000, 'capitec', 'paypump'],
    [30, 100_000, 'creditCard', 'callpay'],
    [7, 25_000, 'voucherUp', 'voucherup'],
  ] as const;
  deposits.forEach(([days, cents, gateway, provider], i) => {
    const at = daysAgo(days);
    const id = `pay_seed${i + 1}`;
    db.prepare(
      `INSERT INTO deposits (id, user_id, gateway, type, provider, amount_cents, status, created_at, completed_at)
       VALUES (?, ?, ?, ?, ?, ?, 'complete', ?, ?)`,
    ).run(
      id,
      demo,
      gateway,
      gateway === 'creditCard' ? 'credit_card' : 'eft',
      provider,
      cents,
      at.toISOString(),
      at.toISOString(),
    );
    post(
      db,
      [{ userId: demo, wallet: 'money', amountCents: cents, kind: 'deposit', reference: `deposit:${id}` }],
      at,
    );
  });
}

/** Sixty spins over the last month on the first 40 games; returns those games. */
function seedPlay(db: Db, demo: number, daysAgo: DaysAgo): { id: number }[] {
  const rnd = seededRandom(2718);
  const games = db.prepare('SELECT id FROM games ORDER BY id LIMIT 40').all() as { id: number }[];
  for (let i = 0; i < 60 && games.length; i++) {
    const at = daysAgo(29 - i / 3);
    const gameId = rnd.pick(games).id;
    const stake = rnd.pick([500, 1000, 2000, 5000]);
    const win = rnd.chance(0.35) ? stake * rnd.pick([1, 2, 5]) : 0;
    const spin = db
      .prepare(
        'INSERT INTO spins (user_id, game_id, stake_cents, win_cents, wallet, demo, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)',
      )
      .run(demo, gameId, stake, win, 'money', at.toISOString()).lastInsertRowid;
    post(
      db,
      [
        { userId: demo, wallet: 'money', amountCents: -stake, kind: 'bet', reference: `spin:${spin}` },
        { userId: demo, wallet: 'money', amountCents: win, kind: 'win', reference: `spin:${spin}` },
      ],
      at,
    );
    db.prepare(
      `INSERT INTO recent_games (user_id, game_id, played_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id, game_id) DO UPDATE SET played_at = excluded.played_at`,
    ).run(demo, gameId, at.toISOString());
  }
  return games;
}

function seedWithdrawal(db: Db, demo: number, daysAgo: DaysAgo): void {
  const wdAt = daysAgo(5);
  // A payout account and a withdrawal paid to it, each step a day apart (docs/rules.md#withdrawals).
  db.prepare(
    `INSERT INTO bank_accounts (user_id, bank, holder, account_number, account_type, verified, updated_at)
     VALUES (?, 'capitec', (SELECT name FROM users WHERE id = ?), '1480231234', 'savings', 1, ?)`,
  ).run(demo, demo, daysAgo(6).toISOString());
  db.prepare(
    `INSERT INTO withdrawals (id, user_id, amount_cents, status, bank, holder, account_last4, account_type,
       created_at, updated_at)
     VALUES ('wd_seed1', ?, 30000, 'paid', 'capitec', (SELECT name FROM users WHERE id = ?), '1234', 'savings', ?, ?)`,
  ).run(demo, demo, wdAt.toISOString(), daysAgo(4).toISOString());
  for (const [status, at] of [
    ['pending', wdAt],
    ['approved', daysAgo(4.5)],
    ['paid', daysAgo(4)],
  ] as const) {
    db.prepare("INSERT INTO withdrawal_steps (withdrawal_id, status, at) VALUES ('wd_seed1', ?, ?)").run(
      status,
      at.toISOString(),
    );
  }
  post(
    db,
    [
      {
        userId: demo,
        wallet: 'money',
        amountCents: -30_000,
        kind: 'withdrawal',
        reference: 'withdrawal:wd_seed1',
      },
    ],
    wdAt,
  );
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

/** One notification of each seeded type, the older half already read. */
function seedNotifications(db: Db, demo: number, daysAgo: DaysAgo): void {
  SEEDED_TYPES.forEach((type, i) => {
    const at = daysAgo(SEEDED_TYPES.length - i);
    const id = insertNotification(db, demo, type, ...NOTIFICATION_TEXT[type], at);
    if (i < SEEDED_TYPES.length / 2) {
      db.prepare('UPDATE notifications SET read_at = ? WHERE id = ?').run(
        new Date(at.getTime() + 3_600_000).toISOString(),
        id,
      );
    }
  });
}
