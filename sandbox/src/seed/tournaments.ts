import { newEntryId } from '../domain/tournaments.js';
import { slugify } from './generate-games.js';
import type { Db } from '../db/open.js';
import { seededRandom, type Random } from '../random.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const RIVAL_EMAIL_DOMAIN = 'rivals.sandbox.test';
export const DEMO_EMAIL = 'demo@playlive.test';

/** Rivals' full names, as players type them; leaderboards show them "First L." (domain/public-names.ts). */
const RIVAL_NAMES = [
  'Thabo Mokoena',
  'Lerato Khumalo',
  'Sipho Nkosi',
  'Naledi Pillay',
  'Johan Venter',
  'Ayanda Zulu',
  'Pieter Botha',
  'Zanele Dlamini',
  'Kagiso Tau',
  'Nomvula Sithole',
  'Riaan du Plessis',
  'Busisiwe Hadebe',
  'Mandla Gumede',
  'Chantelle Roberts',
  'Tshepo Lekota',
];

/**
 * Which players a tournament's leaderboard gets:
 * - 'scored': rivals with points, time played and a start time (Late Reg., Running, Ended);
 * - 'joined': a few rivals who joined but have not played yet (Registering);
 * - 'none': nobody yet (Coming Up).
 */
type Board = 'scored' | 'joined' | 'none';

/**
 * Game choice: 'all' stores an empty game_ids list, which means every game scores; a number samples that many
 * slot games (category 'slots', else any game) with the seeded random, sorted by id; no games -> empty list.
 */
type Games = 'all' | number;

export interface SeedTournament {
  name: string;
  description: string;
  /** Offsets in seconds from the schedule anchor. */
  registration_start: number;
  registration_end: number;
  tournament_start: number;
  tournament_end: number;
  buy_in_cents: number;
  buy_in_duration: number | null;
  prize_pool_cents: number;
  games: Games;
  /** The smallest stake per spin that scores, in cents; none when left out. */
  minStakeCents?: number;
  board: Board;
  /** The demo player (demo@playlive.test) is on this leaderboard with these points. */
  demoPoints?: number;
}

/**
 * The schedule. Each stage holds from the anchor (+0) to at least +25h, so every stage is on show, with and
 * without a buy-in, for the first 24 hours after any start:
 *
 *   stage          buy-in   first change after the anchor
 *   Late Reg.      none     registration closes +2d
 *   Late Reg.      R50/60m  registration closes +36h (end +60h, so the 60 minutes always fit meanwhile)
 *   Running        none     ends +2d (registration closed -2h)
 *   Running        R100/2h  ends +30h (registration closed -1d)
 *   Registering    none     starts +26h
 *   Registering    R50/60m  starts +25h
 *   Coming Up      none     registration opens +25h
 *   Coming Up      R200/90m registration opens +30h
 *   Ended          none     ended -2d
 *   Ended          R50/60m  ended -6h
 */
export const SEED_TOURNAMENTS: SeedTournament[] = [
  {
    name: 'Weekend Spin Frenzy',
    description:
      'Spin any game on the site all weekend long. Every rand you stake is a point; the top 20 share the prize pool.',
    registration_start: -2 * DAY,
    registration_end: 2 * DAY,
    tournament_start: -1 * DAY,
    tournament_end: 3 * DAY,
    buy_in_cents: 0,
    buy_in_duration: null,
    prize_pool_cents: 2_500_000,
    games: 'all',
    board: 'scored',
  },
  {
    name: 'High Roller Showdown',
    description:
      'Buy in for R50 and get 60 minutes on selected slots. Make every spin count: the biggest stakers take the lot.',
    registration_start: -1 * DAY,
    registration_end: 36 * HOUR,
    tournament_start: -12 * HOUR,
    tournament_end: 60 * HOUR,
    buy_in_cents: 5_000,
    buy_in_duration: 60,
    prize_pool_cents: 5_000_000,
    games: 30,
    minStakeCents: 500,
    board: 'scored',
  },
  {
    name: 'Friday Cash Drop Race',
    description:
      'Race to the top of the leaderboard on any game. Registration has closed; the race is on until the end.',
    registration_start: -3 * DAY,
    registration_end: -2 * HOUR,
    tournament_start: -1 * DAY,
    tournament_end: 2 * DAY,
    buy_in_cents: 0,
    buy_in_duration: null,
    prize_pool_cents: 1_000_000,
    games: 'all',
    board: 'scored',
    demoPoints: 184,
  },
  {
    name: 'Mzansi Megaways Marathon',
    description:
      'A R100 buy-in buys two hours of Megaways action. Registration is closed; watch the leaders battle it out.',
    registration_start: -5 * DAY,
    registration_end: -1 * DAY,
    tournament_start: -2 * DAY,
    tournament_end: 30 * HOUR,
    buy_in_cents: 10_000,
    buy_in_duration: 120,
    prize_pool_cents: 7_500_000,
    games: 25,
    board: 'scored',
  },
  {
    name: 'Sunset Slots Sprint',
    description: 'Free to enter. Register now and spin the selected slots when the sprint starts tomorrow.',
    registration_start: -6 * HOUR,
    registration_end: 30 * HOUR,
    tournament_start: 26 * HOUR,
    tournament_end: 50 * HOUR,
    buy_in_cents: 0,
    buy_in_duration: null,
    prize_pool_cents: 500_000,
    games: 20,
    board: 'joined',
  },
  {
    name: 'Big Five Buy-In Bash',
    description:
      'R50 gets you in and 60 minutes on the clock. Registration is open; the bash starts tomorrow.',
    registration_start: -1 * HOUR,
    registration_end: 2 * DAY,
    tournament_start: 25 * HOUR,
    tournament_end: 4 * DAY,
    buy_in_cents: 5_000,
    buy_in_duration: 60,
    prize_pool_cents: 2_000_000,
    games: 35,
    board: 'joined',
  },
  {
    name: 'Heritage Day Jackpot Chase',
    description: 'Celebrate with a free-to-enter chase across our jackpot slots. Registration opens soon.',
    registration_start: 25 * HOUR,
    registration_end: 3 * DAY,
    tournament_start: 2 * DAY,
    tournament_end: 5 * DAY,
    buy_in_cents: 0,
    buy_in_duration: null,
    prize_pool_cents: 1_500_000,
    games: 40,
    board: 'none',
  },
  {
    name: 'Diamond Reels Cup',
    description:
      'Our premium cup: a R200 buy-in, 90 minutes of play and the biggest prize pool of the month.',
    registration_start: 30 * HOUR,
    registration_end: 4 * DAY,
    tournament_start: 3 * DAY,
    tournament_end: 6 * DAY,
    buy_in_cents: 20_000,
    buy_in_duration: 90,
    prize_pool_cents: 10_000_000,
    games: 24,
    minStakeCents: 200,
    board: 'none',
  },
  {
    name: 'Midweek Mega Spins',
    description: 'Last week’s free-to-enter midweek tournament. Congratulations to the winners!',
    registration_start: -10 * DAY,
    registration_end: -6 * DAY,
    tournament_start: -7 * DAY,
    tournament_end: -2 * DAY,
    buy_in_cents: 0,
    buy_in_duration: null,
    prize_pool_cents: 1_000_000,
    games: 'all',
    board: 'scored',
    demoPoints: 96,
  },
  {
    name: 'Golden Savanna Showdown',
    description:
      'A R50 buy-in, 60-minute showdown that wrapped up earlier today. See how the leaders finished.',
    registration_start: -3 * DAY,
    registration_end: -1 * DAY,
    tournament_start: -2 * DAY,
    tournament_end: -6 * HOUR,
    buy_in_cents: 5_000,
    buy_in_duration: 60,
    prize_pool_cents: 3_000_000,
    games: 30,
    board: 'scored',
  },
];

function gameIdsFor(games: Games, pool: number[], random: Random): number[] {
  if (games === 'all' || pool.length === 0) return [];
  return random.sample(pool, Math.min(games, pool.length)).sort((a, b) => a - b);
}

/** Rivals: users who cannot sign in (no password), for believable leaderboards. Returns their ids. */
function seedRivals(db: Db, now: Date): number[] {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO users (name, email, password_hash, email_verified_at, created_at, updated_at)
     VALUES (?, ?, NULL, ?, ?, ?)`,
  );
  const find = db.prepare('SELECT id FROM users WHERE email = ?');
  const stamp = new Date(now.getTime() - 30 * DAY * 1000).toISOString();
  return RIVAL_NAMES.map((name, i) => {
    const email = `rival${String(i + 1).padStart(2, '0')}@${RIVAL_EMAIL_DOMAIN}`;
    insert.run(name, email, stamp, stamp, stamp);
    return (find.get(email) as { id: number }).id;
  });
}

const INSERT_TOURNAMENT = `INSERT INTO tournaments (name, description, image, registration_start_offset,
    registration_end_offset, tournament_start_offset, tournament_end_offset, buy_in_cents, buy_in_duration,
    prize_pool_cents, game_ids, min_stake_cents)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** Tournaments scheduled around the schedule anchor, with rivals on their leaderboards. */
export function seedTournaments(db: Db, now: Date): void {
  const random = seededRandom(20_240_916);
  // The seed runs just before the anchor is set to the same `now`, so `now` is the anchor here.
  const anchorMs = now.getTime();
  const at = (offsetSeconds: number) => new Date(anchorMs + offsetSeconds * 1000).toISOString();

  const slots = (
    db.prepare("SELECT id FROM games WHERE category = 'slots' ORDER BY id").all() as { id: number }[]
  ).map((r) => r.id);
  const pool = slots.length
    ? slots
    : (db.prepare('SELECT id FROM games ORDER BY id').all() as { id: number }[]).map((r) => r.id);

  const rivals = seedRivals(db, now);
  const demo = db.prepare('SELECT id FROM users WHERE email = ?').get(DEMO_EMAIL) as
    { id: number } | undefined;

  const insertTournament = db.prepare(INSERT_TOURNAMENT);
  const insertEntry = db.prepare(
    `INSERT OR IGNORE INTO tournament_users (tournament_id, user_id, points, time_played, started_at, joined_at,
       entry_id)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );

  for (const s of SEED_TOURNAMENTS) {
    const info = insertTournament.run(
      s.name,
      s.description,
      `/images/tournaments/${slugify(s.name)}.webp`,
      s.registration_start,
      s.registration_end,
      s.tournament_start,
      s.tournament_end,
      s.buy_in_cents,
      s.buy_in_duration,
      s.prize_pool_cents,
      JSON.stringify(gameIdsFor(s.games, pool, random)),
      s.minStakeCents ?? 0,
    );
    const id = Number(info.lastInsertRowid);
    if (s.board === 'none') continue;

    // Joins happen while registration is open and before now (for a future tournament, before the anchor).
    const joinFrom = s.registration_start;
    const joinUntil = Math.max(joinFrom + MINUTE, Math.min(s.registration_end, 0));
    const joinedAt = () => random.int(joinFrom, joinUntil);

    if (s.board === 'joined') {
      for (const userId of random.sample(rivals, random.int(3, 6))) {
        insertEntry.run(id, userId, 0, 0, null, at(Math.min(joinedAt(), -MINUTE)), newEntryId());
      }
      continue;
    }

    // Scored: play started after both the join and the tournament start, and before the end and the anchor.
    const playUntil = Math.min(s.tournament_end, 0);
    const maxPlay = s.buy_in_duration !== null ? s.buy_in_duration * MINUTE : 6 * HOUR;
    const entry = (userId: number, points: number) => {
      const joined = Math.min(joinedAt(), playUntil - 2 * MINUTE);
      const startFrom = Math.max(joined, s.tournament_start);
      const started = random.int(startFrom, Math.max(startFrom, playUntil - MINUTE));
      const played = Math.min(maxPlay, playUntil - started, random.int(5 * MINUTE, maxPlay));
      insertEntry.run(id, userId, points, Math.max(0, played), at(started), at(joined), newEntryId());
    };
    for (const userId of random.sample(rivals, random.int(8, 14))) entry(userId, random.int(20, 2_400));
    if (demo && s.demoPoints !== undefined) entry(demo.id, s.demoPoints);
  }
}
